package io.cpufeatures.ppc64le;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SnapshotSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the kernel tells a ppc64le process of its CPU, immutable: the HWCAP words of the auxiliary vector,
 * the platform strings ({@code AT_PLATFORM}, {@code AT_BASE_PLATFORM}: {@code power9}) when the kernel
 * gives them, and, when {@code /proc/cpuinfo} is a POWER kernel's, the processor version register it prints
 * ({@code revision : 2.2 (pvr 004e 1202)}). Equal when everything but the
 * source is equal, so the logical CPUs of a dump that are alike are one kind.
 *
 * @param hwcap        {@code AT_HWCAP}, 32 bits
 * @param hwcap2       {@code AT_HWCAP2}, 32 bits
 * @param platform     {@code AT_PLATFORM}, when the vector has it
 * @param basePlatform {@code AT_BASE_PLATFORM}, when the vector has it
 * @param pvr          the processor version register, when {@code /proc/cpuinfo} printed it
 * @param source       where it came from
 */
public record Ppc64leSnapshot(long hwcap, long hwcap2, Optional<String> platform, Optional<String> basePlatform,
        OptionalInt pvr, SnapshotSource source) implements CpuSnapshot {

    /** The architecture's name, as reports give it. */
    public static final String ARCHITECTURE = "ppc64le";

    /**
     * What a platform string may be: a word of letters, digits and {@code _+.-}, at most 32 characters (the kernel's
     * are {@code power8}, {@code power9}, {@code power10}, {@code ppc970}...), so that every snapshot can be written to
     * a dump and read back. Checked without a regex: it runs on a first answer.
     *
     * @param s the string; not null
     * @return whether it is such a word
     */
    public static boolean isPlatformWord(String s) {
        if (s.isEmpty() || s.length() > 32) {
            return false;
        }
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '+' || c == '.'
                    || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /**
     * Validates the parts.
     *
     * @param hwcap        {@code AT_HWCAP}, 0 to 2<sup>32</sup> - 1
     * @param hwcap2       {@code AT_HWCAP2}, 0 to 2<sup>32</sup> - 1
     * @param platform     {@code AT_PLATFORM}; not null
     * @param basePlatform {@code AT_BASE_PLATFORM}; not null
     * @param pvr          the processor version register; not null
     * @param source       where it came from; not null
     * @throws IllegalArgumentException if a word has bits above 31 (powerpc's words are 32 bits), or a platform is not
     *                                  a platform word ({@link #isPlatformWord})
     */
    public Ppc64leSnapshot {
        Objects.requireNonNull(platform, "platform");
        Objects.requireNonNull(basePlatform, "basePlatform");
        Objects.requireNonNull(pvr, "pvr");
        Objects.requireNonNull(source, "source");
        for (Optional<String> p : List.of(platform, basePlatform)) {
            if (p.isPresent() && !isPlatformWord(p.get())) {
                throw new IllegalArgumentException("a platform is a word of letters, digits and _+.- (at most 32), not '"
                        + p.get() + "'");
            }
        }
        if ((hwcap | hwcap2) >>> 32 != 0) {
            throw new IllegalArgumentException("the powerpc HWCAP words are 32 bits: AT_HWCAP=0x" + Long.toHexString(hwcap)
                    + ", AT_HWCAP2=0x" + Long.toHexString(hwcap2));
        }
    }

    @Override
    public String architecture() {
        return ARCHITECTURE;
    }

    /**
     * Whether the kernel sets {@code feature}'s bit.
     *
     * @param feature a feature; not null
     * @return whether its bit is set in its word
     */
    public boolean has(Ppc64leFeature feature) {
        return ((feature.word() == 1 ? hwcap : hwcap2) >>> feature.bit() & 1) != 0;
    }

    /**
     * The same snapshot with another source.
     *
     * @param other the new source; not null
     * @return a new snapshot
     */
    public Ppc64leSnapshot withSource(SnapshotSource other) {
        return new Ppc64leSnapshot(hwcap, hwcap2, platform, basePlatform, pvr, other);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Ppc64leSnapshot s && hwcap == s.hwcap && hwcap2 == s.hwcap2 && platform.equals(s.platform)
                && basePlatform.equals(s.basePlatform) && pvr.equals(s.pvr);
    }

    @Override
    public int hashCode() {
        return Objects.hash(hwcap, hwcap2, platform, basePlatform, pvr);
    }
}
