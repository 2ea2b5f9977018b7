package io.cpufeatures.x86.usable;

import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.raw.CpuidRegisters;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.Xcr0Source;
import java.util.OptionalLong;

/**
 * Establishes XCR0 for a snapshot: the value it carries (XGETBV, user), or one inferred from
 * CPUID leaf 0xD when it carries none, as every dump file does.
 *
 * <p>Inference uses CPUID.(0xD,0): EDX:EAX lists the user components the CPU supports, EBX is
 * the size of the standard-format XSAVE area for the components XCR0 currently enables, and ECX
 * the size for all supported ones. So:
 * <ul>
 *   <li>EBX at most 576 (legacy region and header): only x87 and SSE are enabled;</li>
 *   <li>EBX equal to ECX: every supported component is enabled (no layout needed);</li>
 *   <li>otherwise a supported component n is enabled when its area, offset CPUID.(0xD,n).EBX plus
 *       size CPUID.(0xD,n).EAX, ends within EBX, and not enabled when it ends beyond.</li>
 * </ul>
 * A component whose subleaf reads all zero or is missing is not treated as proof of anything (Zen 2
 * and 3 report PKRU support with a zero subleaf): it is left undetermined and its features are not
 * usable. The one exception is the AVX component, whose place is 576..832 on every CPU that
 * enumerates it (all 177 such dumps of the corpus) and which precedes every other extended
 * component; dumps from libcpuid's raw format carry no subleaves at all.
 *
 * <p>A snapshot that says how XCR0 is known keeps it: read with XGETBV, given by the user, or checked
 * by the kernel (made from its /proc/cpuinfo flags, which list a feature only if the kernel enabled
 * its state). Inference never asks where the bytes came from.
 */
public final class Xcr0Inference {

    private static final int LEGACY_AND_HEADER_BYTES = 576;
    private static final int AVX_OFFSET = 576;
    private static final int AVX_SIZE = 256;
    /** XCR0 bits of the x87 and SSE components, enabled whenever the OS enabled XSAVE at all. */
    private static final long X87_SSE = 0x3;

    private Xcr0Inference() {
    }

    /** The XCR0 state of {@code snapshot}. */
    public static Xcr0State of(CpuidSnapshot snapshot) {
        boolean osxsave = snapshot.definesBasicLeaf(1)
                && snapshot.read(1).bit(X86Feature.OSXSAVE.bit().register(), X86Feature.OSXSAVE.bit().bit());
        if (snapshot.xcr0Source() != Xcr0Source.UNKNOWN) {
            return new Xcr0State(snapshot.xcr0(), snapshot.xcr0Source(), osxsave, 0);
        }
        if (!osxsave || !snapshot.definesBasicLeaf(0xD) || !snapshot.contains(0xD, 0)) {
            return new Xcr0State(OptionalLong.empty(), Xcr0Source.UNKNOWN, osxsave, 0);
        }
        CpuidRegisters d0 = snapshot.read(0xD, 0);
        long supported = (d0.eax() & 0xffff_ffffL) | (long) d0.edx() << 32;
        long enabledSize = d0.ebx() & 0xffff_ffffL;
        long allSize = d0.ecx() & 0xffff_ffffL;
        long enabled = X87_SSE & supported | 1;
        long undetermined = 0;
        if (enabledSize > LEGACY_AND_HEADER_BYTES && enabledSize == allSize) {
            enabled |= supported;
        } else if (enabledSize > LEGACY_AND_HEADER_BYTES) {
            for (int c = 2; c < 64; c++) {
                if ((supported >>> c & 1) == 0) {
                    continue;
                }
                CpuidRegisters sub = snapshot.read(0xD, c);
                long size = sub.eax() & 0xffff_ffffL;
                long offset = sub.ebx() & 0xffff_ffffL;
                if ((size == 0 || offset == 0) && c == 2) {
                    size = AVX_SIZE;
                    offset = AVX_OFFSET;
                }
                if (size == 0 || offset == 0) {
                    undetermined |= 1L << c;
                } else if (offset + size <= enabledSize) {
                    enabled |= 1L << c;
                }
            }
        }
        return new Xcr0State(OptionalLong.of(enabled), Xcr0Source.INFERRED_FROM_LEAF_0xD, true, undetermined);
    }
}
