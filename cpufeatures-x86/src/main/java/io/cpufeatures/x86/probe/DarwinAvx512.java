package io.cpufeatures.x86.probe;

import io.cpufeatures.os.DarwinSysctl;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0Source;
import java.util.OptionalLong;

/**
 * Darwin's rule for AVX-512 on Intel Macs. To economise on thread state, Darwin gives a thread the AVX-512 register
 * state (XCR0's OPMASK, ZMM_Hi256 and Hi16_ZMM, 0xE0) only once the thread uses an AVX-512 instruction (xnu
 * {@code osfmk/i386/fpu.c}): XCR0 read before that lacks the state although the kernel supports it. So on macOS the
 * kernel is asked instead: {@code hw.optional.avx512f} is 1 when it supports AVX-512. Go's {@code golang.org/x/sys/cpu}
 * does the same ({@code darwinSupportsAVX512}: that sysctl, and a Darwin kernel of 21.3.0 or later, because 19.6.0 to
 * 21.2.0, macOS 10.15.6 to 12.1, can corrupt the mask registers K0-K7 on signal return, Go issues 43089 and 49233);
 * so does this rule, with the macOS version ({@code os.version} 12.2 and later).
 */
final class DarwinAvx512 {

    /** XCR0's AVX-512 state: OPMASK, ZMM_Hi256, Hi16_ZMM. */
    static final long AVX512_STATE = 0xE0;
    private static final long YMM_STATE = 0x6;

    private DarwinAvx512() {
    }

    /**
     * The snapshot with Darwin's AVX-512 state where Darwin supports it.
     *
     * @param snapshot  the snapshot read with XGETBV on macOS
     * @param sysctl    macOS's sysctl
     * @param osVersion the JVM's {@code os.version} (the macOS version, e.g. {@code 13.4.1})
     * @return the snapshot with XCR0 | 0xE0 and source {@link Xcr0Source#DARWIN}; or the snapshot unchanged when the
     *         CPU has no AVX-512F, XCR0 already holds the state or lacks YMM, the kernel says no, or macOS is older
     *         than 12.2
     * @throws NativeProbeException if the sysctl fails
     */
    static CpuidSnapshot apply(CpuidSnapshot snapshot, DarwinSysctl sysctl, String osVersion) throws NativeProbeException {
        OptionalLong xcr0 = snapshot.xcr0();
        if (snapshot.xcr0Source() != Xcr0Source.XGETBV || xcr0.isEmpty()
                || (xcr0.getAsLong() & AVX512_STATE) == AVX512_STATE || (xcr0.getAsLong() & YMM_STATE) != YMM_STATE
                || !cpuidHas(snapshot, X86Feature.AVX512F) || !atLeast(osVersion, 12, 2)) {
            return snapshot;
        }
        OptionalLong avx512f = sysctl.read("hw.optional.avx512f");
        if (avx512f.isEmpty() || avx512f.getAsLong() != 1) {
            return snapshot;
        }
        return snapshot.withXcr0(xcr0.getAsLong() | AVX512_STATE, Xcr0Source.DARWIN);
    }

    private static boolean cpuidHas(CpuidSnapshot s, X86Feature f) {
        return s.find(f.bit().leaf(), f.bit().subleaf()).map(r -> (r.get(f.bit().register()) >>> f.bit().bit() & 1) == 1)
                .orElse(false);
    }

    /** Whether {@code version} ({@code 12.2}, {@code 13.4.1}) is at least {@code major.minor}; false if unreadable. */
    static boolean atLeast(String version, int major, int minor) {
        String[] parts = version.split("\\.");
        try {
            int ma = Integer.parseInt(parts[0]);
            int mi = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            return ma > major || ma == major && mi >= minor;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
