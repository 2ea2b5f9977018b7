package io.cpufeatures.aarch64.dump;

import java.util.Map;

/**
 * Apple-silicon chips by {@code hw.cpufamily}, the value macOS gives for the chip's pair of core designs. The
 * constants are XNU's ({@code osfmk/mach/machine.h}, {@code CPUFAMILY_ARM_*}, by code name); which chips carry
 * each is LLVM's {@code sys::getHostCPUName} for Darwin ({@code llvm/lib/TargetParser/Host.cpp}, "found by testing
 * on actual hardware"), which maps FIRESTORM_ICESTORM to the M1, BLIZZARD_AVALANCHE to the M2,
 * EVEREST_SAWTOOTH, IBIZA, LOBOS and PALMA to the M3 family and DONAN and BRAVA to the M4 family, and the
 * A-series names other tables give (A16, A17 Pro, A18, A18 Pro). A value not in this table is named by its
 * number alone.
 */
final class AppleChips {

    /** {@code hw.cpufamily} as an unsigned 32-bit value, to the chips that report it. */
    private static final Map<Long, String> BY_FAMILY = Map.ofEntries(
            Map.entry(0x1b588bb3L, "Apple M1 / A14 (Firestorm + Icestorm)"),
            Map.entry(0xda33d83dL, "Apple M2 / A15 (Avalanche + Blizzard)"),
            Map.entry(0x8765edeaL, "Apple A16 (Everest + Sawtooth)"),
            Map.entry(0xfa33415eL, "Apple M3 (Ibiza)"),
            Map.entry(0x5f4dea93L, "Apple M3 Pro (Lobos)"),
            Map.entry(0x72015832L, "Apple M3 Max (Palma)"),
            Map.entry(0x2876f5b5L, "Apple A17 Pro (Coll)"),
            Map.entry(0x6f5129acL, "Apple M4 (Donan)"),
            Map.entry(0x17d5b93aL, "Apple M4 Pro / Max (Brava)"),
            Map.entry(0x75d4acb9L, "Apple A18 Pro (Tahiti)"),
            Map.entry(0x204526d0L, "Apple A18 (Tupai)"));

    private AppleChips() {
    }

    /**
     * The chip of a {@code hw.cpufamily} value as {@code sysctl} prints it (signed decimal, as it does, or hex).
     *
     * @param value the value, or null when the listing has none
     * @return the chip's name, or "an Apple-silicon chip (hw.cpufamily N)" for a value not in the table
     */
    static String name(String value) {
        if (value == null) {
            return "an Apple-silicon chip (no hw.cpufamily)";
        }
        long family;
        try {
            String v = value.strip();
            family = v.startsWith("0x") ? Long.parseLong(v.substring(2), 16) : Long.parseLong(v) & 0xFFFF_FFFFL;
        } catch (NumberFormatException e) {
            return "an Apple-silicon chip (hw.cpufamily '" + value + "' is not a number)";
        }
        String known = BY_FAMILY.get(family);
        return known != null ? known : String.format("an Apple-silicon chip (hw.cpufamily 0x%08x)", family);
    }
}
