package io.cpufeatures.aarch64.dump;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Apple-silicon chips by {@code hw.cpufamily}, the value macOS gives for the chip's pair of core designs, where MIDR_EL1
 * cannot be read. Each row cites where its value and its chips come from:
 * <ul>
 *   <li>{@link #XNU}: the constant in XNU's {@code osfmk/mach/machine.h} ({@code CPUFAMILY_ARM_*}, by code name), as
 *       published in apple-oss-distributions/xnu (xnu-11417.101.15, which ends at DONAN and BRAVA);</li>
 *   <li>{@link #SDK}: a constant Apple's public xnu source does not have yet but the macOS SDK's
 *       {@code mach/machine.h} does, as LLVM and others copy it ({@code CPUFAMILY_ARM_TAHITI}, {@code TUPAI},
 *       {@code HIDRA}, {@code SOTRA});</li>
 * </ul>
 * and which chips carry each value: LLVM's {@code sys::getHostCPUName} for Darwin ({@code llvm/lib/TargetParser/Host.cpp},
 * "found by testing on actual hardware") maps FIRESTORM_ICESTORM to the M1, BLIZZARD_AVALANCHE to the M2, IBIZA,
 * LOBOS and PALMA to the M3 family, DONAN and BRAVA to the M4 family; LLVM's {@code apple-m5} definition (commit
 * f85494f6afeb, "A19 and M5 have been released in fall 2025") and pytorch/cpuinfo issue 423 (an M5 Pro reporting
 * Sotra) the M5 family; the recorded listings of this module's tests (M1, M2, M3 Max, M4 Pro) confirm theirs. A value
 * not in this table is named by its number alone.
 */
public final class AppleChips {

    /** XNU's public {@code osfmk/mach/machine.h}. */
    static final String XNU = "xnu osfmk/mach/machine.h";
    /** The macOS SDK's {@code mach/machine.h}, newer than XNU's published source. */
    static final String SDK = "macOS SDK mach/machine.h (not yet in published xnu)";

    /**
     * One value of {@code hw.cpufamily}.
     *
     * @param family   the value, unsigned 32 bits
     * @param constant XNU's name of it ({@code CPUFAMILY_ARM_BRAVA})
     * @param chips    the chips that report it ({@code Apple M4 Pro / M4 Max})
     * @param cores    the code names of its cores, or of the chip where the constant names the chip ({@code Brava})
     * @param source   where the value is defined ({@link #XNU} or {@link #SDK})
     */
    public record Chip(long family, String constant, String chips, String cores, String source) {

        /** {@return the chips and the cores, as reports name the microarchitecture: {@code Apple M4 Pro / M4 Max (Brava)}} */
        public String name() {
            return chips + " (" + cores + ")";
        }
    }

    /** The table, oldest first. */
    static final List<Chip> CHIPS = List.of(
            new Chip(0x1b588bb3L, "CPUFAMILY_ARM_FIRESTORM_ICESTORM", "Apple M1 / A14", "Firestorm + Icestorm", XNU),
            new Chip(0xda33d83dL, "CPUFAMILY_ARM_BLIZZARD_AVALANCHE", "Apple M2 / A15", "Avalanche + Blizzard", XNU),
            new Chip(0x8765edeaL, "CPUFAMILY_ARM_EVEREST_SAWTOOTH", "Apple A16", "Everest + Sawtooth", XNU),
            new Chip(0xfa33415eL, "CPUFAMILY_ARM_IBIZA", "Apple M3", "Ibiza", XNU),
            new Chip(0x5f4dea93L, "CPUFAMILY_ARM_LOBOS", "Apple M3 Pro", "Lobos", XNU),
            new Chip(0x72015832L, "CPUFAMILY_ARM_PALMA", "Apple M3 Max", "Palma", XNU),
            new Chip(0x2876f5b5L, "CPUFAMILY_ARM_COLL", "Apple A17 Pro", "Coll", XNU),
            new Chip(0x6f5129acL, "CPUFAMILY_ARM_DONAN", "Apple M4", "Donan", XNU),
            new Chip(0x17d5b93aL, "CPUFAMILY_ARM_BRAVA", "Apple M4 Pro / M4 Max", "Brava", XNU),
            new Chip(0x75d4acb9L, "CPUFAMILY_ARM_TAHITI", "Apple A18 family", "Tahiti", SDK),
            new Chip(0x204526d0L, "CPUFAMILY_ARM_TUPAI", "Apple A18 family", "Tupai", SDK),
            new Chip(0x1d5a87e8L, "CPUFAMILY_ARM_HIDRA", "Apple M5", "Hidra", SDK),
            new Chip(0xf76c5b1aL, "CPUFAMILY_ARM_SOTRA", "Apple M5 Pro / M5 Max", "Sotra", SDK));

    private static final Map<Long, Chip> BY_FAMILY = CHIPS.stream().collect(Collectors.toUnmodifiableMap(Chip::family,
            Function.identity()));

    private AppleChips() {
    }

    /**
     * The chip of a {@code hw.cpufamily} value.
     *
     * @param family the value, unsigned 32 bits
     * @return the row; empty for a value not in the table
     */
    public static Optional<Chip> of(long family) {
        return Optional.ofNullable(BY_FAMILY.get(family));
    }

    /**
     * The name reports give a {@code hw.cpufamily} value.
     *
     * @param family the value, unsigned 32 bits
     * @return the chip's {@linkplain Chip#name() name}, or "an Apple-silicon chip (hw.cpufamily 0x...)" for a value
     *         not in the table
     */
    public static String name(long family) {
        return of(family).map(Chip::name).orElse(String.format("an Apple-silicon chip (hw.cpufamily 0x%08x)", family));
    }

    /**
     * A {@code hw.cpufamily} value as {@code sysctl} prints it: signed decimal, as it does, or {@code 0x} and hex.
     *
     * @param value the text; not null
     * @return the value, unsigned 32 bits; empty when the text is neither
     */
    static Optional<Long> parse(String value) {
        String v = value.strip();
        try {
            if (v.startsWith("0x") && v.length() > 2 && v.length() <= 10) {
                return Optional.of(Long.parseLong(v.substring(2), 16));
            }
            if (v.matches("-?[0-9]{1,10}")) {
                long n = Long.parseLong(v);
                return n >= Integer.MIN_VALUE && n <= 0xFFFF_FFFFL ? Optional.of(n & 0xFFFF_FFFFL) : Optional.empty();
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }

    /**
     * The chip of a {@code hw.cpufamily} value as {@code sysctl} prints it.
     *
     * @param value the value, or null when the listing has none
     * @return the chip's name, or "an Apple-silicon chip (hw.cpufamily N)" for a value not in the table
     */
    static String name(String value) {
        if (value == null) {
            return "an Apple-silicon chip (no hw.cpufamily)";
        }
        return parse(value).map(AppleChips::name)
                .orElse("an Apple-silicon chip (hw.cpufamily '" + value + "' is not a number)");
    }
}
