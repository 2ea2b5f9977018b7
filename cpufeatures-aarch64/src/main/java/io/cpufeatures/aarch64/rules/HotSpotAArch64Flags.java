package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.kit.HotSpotStart;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * HotSpot's AArch64 flags as its start-up sets them on Linux, from the HWCAP words and the process's SVE vector length
 * and the options the VM was given: {@code VM_Version::initialize}, src/hotspot/cpu/aarch64/vm_version_aarch64.cpp,
 * read in jdk17u-dev at ed06a23 (JDK 17), which takes its CPU bits from {@code getauxval(AT_HWCAP)} and
 * {@code AT_HWCAP2} (vm_version_linux_aarch64.cpp: each {@code CPU_*} bit is the kernel's {@code HWCAP_*} bit, SVE2
 * from {@code HWCAP2_SVE2}). The steps, in HotSpot's order:
 * <ul>
 *   <li>{@code UseCRC32}, {@code UseLSE} (HWCAP_ATOMICS) and {@code UseAES}: as given where the kernel grants the
 *       instructions, false where it does not; {@code UseFMA}: as given, true by default.</li>
 *   <li>{@code UseSHA}: as given where any of SHA1, SHA2, SHA3 and SHA512 is granted, then false unless the SHA-1 (SHA1)
 *       or SHA-256 (SHA2) intrinsic is on: JDK 17 never turns the SHA3 and SHA-512 intrinsics on by itself.</li>
 *   <li>{@code UseSVE}: 2 with SVE2, 1 with SVE, or as given; 0 without SVE. {@code UsePopCountInstruction} is always
 *       true.</li>
 *   <li>{@code MaxVectorSize}, with SVE: the process's vector length, or a length given (a multiple of 16 and a power of
 *       two), to which HotSpot sets the vector length ({@code PR_SVE_SET_VL}); given below 16 it turns SVE off. Without
 *       SVE: 16, or a power of two given, raised to 8 and lowered to 16.</li>
 * </ul>
 * Only where the outcome is certain: the SVE length must be the process's, read by the native probe, and a multiple of
 * 16 that is a power of two (later JDK 17 updates turn SVE off for other lengths); a length given above the process's
 * one depends on the hardware's largest, which nothing read here shows. Every power of two up to the largest length is
 * one an SVE implementation must support, so a length given at or below the process's is the one HotSpot gets.
 */
final class HotSpotAArch64Flags {

    /** The JDK releases modelled, each proved against its MXBean by tests (no JDK 25 for arm64 is tested here). */
    static final Set<Integer> RELEASES = Set.of(17);

    /** The flags these rules answer; given as options, they are also all the options they read. */
    static final List<String> ANSWERED = List.of("UseSVE", "MaxVectorSize", "UseLSE", "UseCRC32", "UseAES", "UseSHA",
            "UseFMA", "UsePopCountInstruction");

    /** Linux's {@code HWCAP_*} bits (arch/arm64/include/uapi/asm/hwcap.h), which are HotSpot's {@code CPU_*} bits. */
    private static final long AES = 1L << 3;
    private static final long SHA1 = 1L << 5;
    private static final long SHA2 = 1L << 6;
    private static final long CRC32 = 1L << 7;
    private static final long ATOMICS = 1L << 8;
    private static final long SHA3 = 1L << 17;
    private static final long SHA512 = 1L << 21;
    private static final long SVE = 1L << 22;
    /** {@code HWCAP2_SVE2}. */
    private static final long SVE2 = 1L << 1;

    private HotSpotAArch64Flags() {
    }

    /**
     * The flags {@code names} of a VM started as {@code start} on the CPU of {@code s}.
     *
     * @param s     a snapshot of this machine, its SVE vector length the process's own
     * @param start the JDK release and the options
     * @param names the flags wanted
     * @return each to its value; empty for a release not modelled, a name not answered, an option not given plainly, or
     *         an SVE length that leaves the outcome open
     */
    static Optional<Map<String, String>> flags(AArch64Snapshot s, HotSpotStart start, Collection<String> names) {
        if (!RELEASES.contains(start.jdk())) {
            return Optional.empty();
        }
        if (!start.answers(names, ANSWERED)) {
            return Optional.empty();
        }
        long hwcap = s.hwcap();
        boolean sve = (hwcap & SVE) != 0;
        int useSve = sve ? start.number("UseSVE", (s.hwcap2() & SVE2) != 0 ? 2 : 1) : 0;
        int maxVectorSize;
        if (useSve > 0) {
            // the live snapshot reads its SVE length (prctl, with the rest of its detail) when first asked: only here,
            // on a CPU with SVE, does the derivation need it
            OptionalInt vl = s.complete().sveVectorBytes();
            if (vl.isEmpty() || vl.getAsInt() % 16 != 0 || Integer.bitCount(vl.getAsInt()) != 1) {
                return Optional.empty();
            }
            maxVectorSize = vl.getAsInt();
            if (start.given("MaxVectorSize")) {
                int given = start.number("MaxVectorSize", 0);
                if (given < 16) {
                    useSve = 0;
                } else if (given > vl.getAsInt()) {
                    return Optional.empty();
                } else {
                    // a multiple of 16 and a power of two, or the VM would not have started
                    maxVectorSize = given;
                }
            }
        } else {
            maxVectorSize = 16;
        }
        if (useSve == 0) {
            maxVectorSize = start.given("MaxVectorSize") ? Math.min(16, Math.max(8, start.number("MaxVectorSize", 16)))
                    : 16;
        }
        boolean anySha = (hwcap & (SHA1 | SHA2 | SHA3 | SHA512)) != 0;
        boolean useSha = anySha && start.bool("UseSHA", true) && (hwcap & (SHA1 | SHA2)) != 0;
        Map<String, String> all = new LinkedHashMap<>();
        all.put("UseSVE", Integer.toString(useSve));
        all.put("MaxVectorSize", Integer.toString(maxVectorSize));
        all.put("UseLSE", Boolean.toString((hwcap & ATOMICS) != 0 && start.bool("UseLSE", true)));
        all.put("UseCRC32", Boolean.toString((hwcap & CRC32) != 0 && start.bool("UseCRC32", true)));
        all.put("UseAES", Boolean.toString((hwcap & AES) != 0 && start.bool("UseAES", true)));
        all.put("UseSHA", Boolean.toString(useSha));
        all.put("UseFMA", Boolean.toString(start.bool("UseFMA", true)));
        all.put("UsePopCountInstruction", "true");
        Map<String, String> wanted = new LinkedHashMap<>();
        for (String n : names) {
            wanted.put(n, all.get(n));
        }
        return Optional.of(wanted);
    }
}
