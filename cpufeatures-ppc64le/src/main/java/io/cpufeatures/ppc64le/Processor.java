package io.cpufeatures.ppc64le;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Which POWER processor a ppc64le CPU is, and how that is known, best evidence first: the processor version
 * register {@code /proc/cpuinfo} prints (version = PVR bits 31-16, {@code arch/powerpc/include/asm/reg.h},
 * names as {@code arch/powerpc/kernel/cpu_specs_book3s_64.h} gives them); else the kernel's
 * {@code AT_BASE_PLATFORM} or {@code AT_PLATFORM} ({@code power9}: the real processor's, and the one the
 * process runs as in a compatibility mode); else the newest ISA level of the HWCAP words, each the level of
 * the first processor that implemented it (qemu-user, which gives neither a PVR nor a platform).
 *
 * @param name  the processor ({@code POWER9})
 * @param isa   the Power ISA version it implements ({@code 3.0})
 * @param basis what named it: {@code pvr}, {@code platform} or {@code isa-level}
 * @param how   the evidence, in words ({@code PVR 0x004e1202})
 */
public record Processor(String name, String isa, String basis, String how) {

    /** A processor by its PVR version (PVR bits 31-16). */
    private record Version(int version, String name, String isa) {
    }

    /** An ISA level's HWCAP bit, and the first processor that implemented the level. */
    private record Level(Ppc64leFeature bit, String isa, String first) {
    }

    /** {@code arch/powerpc/include/asm/reg.h} PVR_POWER7..PVR_POWER11; names as the cputable gives them. */
    private static final List<Version> VERSIONS = List.of(new Version(0x003F, "POWER7", "2.06"),
            new Version(0x004A, "POWER7+", "2.06"), new Version(0x004B, "POWER8E", "2.07"),
            new Version(0x004C, "POWER8NVL", "2.07"), new Version(0x004D, "POWER8", "2.07"), new Version(0x004E, "POWER9", "3.0"),
            new Version(0x0080, "POWER10", "3.1"), new Version(0x0082, "Power11", "3.1"));

    /** The ISA levels the HWCAP words state, newest first. */
    private static final List<Level> LEVELS = List.of(new Level(Ppc64leFeature.ARCH_3_1, "3.1", "POWER10"),
            new Level(Ppc64leFeature.ARCH_3_00, "3.0", "POWER9"), new Level(Ppc64leFeature.ARCH_2_07, "2.07", "POWER8"),
            new Level(Ppc64leFeature.ARCH_2_06, "2.06", "POWER7"), new Level(Ppc64leFeature.ARCH_2_05, "2.05", "POWER6"));

    /**
     * Validates the parts.
     *
     * @param name  the processor; not null
     * @param isa   its ISA version; not null
     * @param basis {@code pvr}, {@code platform} or {@code isa-level}
     * @param how   the evidence; not null
     */
    public Processor {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(isa, "isa");
        Objects.requireNonNull(how, "how");
        if (!List.of("pvr", "platform", "isa-level").contains(Objects.requireNonNull(basis, "basis"))) {
            throw new IllegalArgumentException("a processor is named by its pvr, its platform or its isa-level, not " + basis);
        }
    }

    /**
     * The processor of {@code s}, by the best evidence it holds.
     *
     * @param s a snapshot; not null
     * @return the processor; empty when no evidence names one (no PVR the table knows, no platform, no ISA bit)
     */
    public static Optional<Processor> of(Ppc64leSnapshot s) {
        if (s.pvr().isPresent()) {
            int version = s.pvr().getAsInt() >>> 16;
            for (Version v : VERSIONS) {
                if (v.version() == version) {
                    return Optional.of(new Processor(v.name(), v.isa(), "pvr", "PVR " + hex(s.pvr().getAsInt())));
                }
            }
        }
        Optional<String> platform = platform(s);
        for (Version v : VERSIONS) {
            if (platform.isPresent() && v.name().equalsIgnoreCase(platform.get())) {
                return Optional.of(new Processor(v.name(), v.isa(), "platform", "AT_" + (s.basePlatform().isPresent()
                        ? "BASE_" : "") + "PLATFORM " + platform.get()));
            }
        }
        for (Level l : LEVELS) {
            if (s.has(l.bit())) {
                return Optional.of(new Processor(l.first(), l.isa(), "isa-level", "ISA " + l.isa() + " ("
                        + l.bit().canonicalName() + " in AT_HWCAP" + (l.bit().word() == 1 ? "" : "2")
                        + "; " + unnamed(s) + "), first implemented by " + l.first()));
            }
        }
        return Optional.empty();
    }

    /** Why neither the PVR nor the platform named the processor. */
    private static String unnamed(Ppc64leSnapshot s) {
        String pvr = s.pvr().isPresent() ? "PVR " + hex(s.pvr().getAsInt()) + " not in the table" : "no PVR";
        Optional<String> p = platform(s);
        return pvr + ", " + (p.isPresent() ? "platform " + p.get() + " not in the table" : "no platform");
    }

    /** The base platform where the kernel gave one (a compatibility mode), else the platform. */
    private static Optional<String> platform(Ppc64leSnapshot s) {
        return s.basePlatform().isPresent() ? s.basePlatform() : s.platform();
    }

    /** {@code 0x004e1202}: eight hex digits (no {@code String.format}: a first answer names the processor). */
    private static String hex(int v) {
        String h = Integer.toHexString(v);
        return "0x" + "00000000".substring(h.length()) + h;
    }
}
