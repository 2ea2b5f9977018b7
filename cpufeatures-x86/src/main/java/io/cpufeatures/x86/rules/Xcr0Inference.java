package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.Xcr0State;
import io.cpufeatures.x86.table.XsaveComponent;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Establishes XCR0 for a snapshot: the value it carries (XGETBV, user), or one inferred from
 * CPUID leaf 0xD when it carries none, as every dump file does.
 *
 * <p>Inference uses CPUID.(0xD,0): EDX:EAX lists the user components the CPU supports, EBX is
 * the size of the standard-format XSAVE area for the components XCR0 currently enables, and ECX
 * the size for all supported ones. So:
 * <ul>
 *   <li>x87 and SSE are always taken as enabled: XCR0 bit 0 cannot be cleared, and both live in the
 *       512-byte legacy region that every area has, so an EBX of 576 (legacy region and header) cannot
 *       tell 0x1 from 0x3; an OS that set OSXSAVE runs SSE (CR4.OSFXSR), and enabling AVX state needs
 *       bit 1 (XSETBV faults on XCR0[2:1] = 10b, SDM Vol. 1, 13.3). When EBX is 576, the state says
 *       that SSE was assumed;</li>
 *   <li>EBX equal to ECX: every supported component is enabled (no layout needed);</li>
 *   <li>otherwise a supported component n is enabled when its area, offset CPUID.(0xD,n).EBX plus
 *       size CPUID.(0xD,n).EAX, ends within EBX, and not enabled when it ends beyond.</li>
 * </ul>
 * A component whose subleaf reads all zero or is missing is placed by its vendor's layout
 * ({@link XsaveLayouts}) only when the CPU's own answers agree with that layout: every subleaf it
 * reports matches, and the layout's end of the supported components equals ECX. The state then names
 * the components placed that way and the layout. Otherwise the component is left undetermined and
 * its features are not usable (Zen 2 and 3 report PKRU support with a zero subleaf). The AVX
 * component is always placed: it lies at 576..832 on every CPU that enumerates it (all 177 such
 * dumps of the corpus, every vendor) and precedes every other extended component.
 *
 * <p>A snapshot that says how XCR0 is known keeps it: read with XGETBV, given by the user, or checked
 * by the kernel (made from its /proc/cpuinfo flags, which list a feature only if the kernel enabled
 * its state). Inference never asks where the bytes came from. On such a kernel's word, an OSXSAVE bit the text does
 * not state ({@link CpuidSnapshot#unstated}) counts as set: the kernel checked the state of what it names.
 */
public final class Xcr0Inference {

    private static final int LEGACY_AND_HEADER_BYTES = 576;
    private static final XsaveArea AVX_AREA = new XsaveArea(2, 576, 256);
    /** XCR0 bits of the x87 and SSE components, enabled whenever the OS enabled XSAVE at all. */
    private static final long X87_SSE = 0x3;
    private static final String SSE_ASSUMED = "SSE assumed: a 576-byte area holds x87 and SSE state together";

    private Xcr0Inference() {
    }

    /**
     * The XCR0 state of {@code snapshot}, with the process's AMX tile-data permission when it was read.
     *
     * @param snapshot the snapshot; not null
     * @return the value the snapshot carries, or one inferred from leaf 0xD, or unknown; with how it is known
     */
    public static Xcr0State of(CpuidSnapshot snapshot) {
        return inferred(snapshot).withTilePermission(snapshot.tilePermission());
    }

    private static Xcr0State inferred(CpuidSnapshot snapshot) {
        CpuidBit bit = X86Feature.OSXSAVE.bit();
        boolean osxsave = snapshot.definesBasicLeaf(1) && snapshot.read(1).bit(bit.register(), bit.bit());
        if (snapshot.xcr0Source() == Xcr0Source.KERNEL_CHECKED
                && !snapshot.states(bit.leaf(), bit.subleaf(), bit.register(), bit.bit())) {
            // a kernel's word that says nothing of OSXSAVE (an Intel Mac's listing without machdep.cpu.features):
            // the kernel checked the state of what it names, as XCR0's, and as /proc/cpuinfo, which never names
            // osxsave, is read (OSXSAVE implied by xsave)
            osxsave = true;
        }
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
        if (enabledSize <= LEGACY_AND_HEADER_BYTES) {
            return inferred(X87_SSE, 0, 0, SSE_ASSUMED);
        }
        if (enabledSize == allSize) {
            return inferred(X87_SSE | supported, 0, 0, "");
        }
        XsaveArea[] reported = new XsaveArea[64];
        for (int c = 2; c < 64; c++) {
            if ((supported >>> c & 1) != 0) {
                CpuidRegisters sub = snapshot.read(0xD, c);
                long size = sub.eax() & 0xffff_ffffL;
                long offset = sub.ebx() & 0xffff_ffffL;
                if (size != 0 && offset >= LEGACY_AND_HEADER_BYTES && offset + size <= Integer.MAX_VALUE) {
                    reported[c] = new XsaveArea(c, (int) offset, (int) size);
                }
            }
        }
        CpuIdentity id = CpuIdentity.of(snapshot);
        Optional<XsaveLayout> layout = agreeingLayout(id.vendor(), id.family(), supported, reported, allSize);
        long enabled = X87_SSE;
        long undetermined = 0;
        long assumed = 0;
        for (int c = 2; c < 64; c++) {
            if ((supported >>> c & 1) == 0) {
                continue;
            }
            XsaveArea place = reported[c];
            if (place == null && c == AVX_AREA.component()) {
                place = AVX_AREA;
            }
            if (place == null && layout.isPresent()) {
                place = layout.get().area(c).orElse(null);
                assumed |= place == null ? 0 : 1L << c;
            }
            if (place == null) {
                undetermined |= 1L << c;
            } else if (place.end() <= enabledSize) {
                enabled |= 1L << c;
            }
        }
        String assumption = assumed == 0 ? "" : XsaveComponent.names(assumed) + " placed by " + layout.get().name()
                + " (their CPUID.(0xD,n) subleaves are missing or zero; the layout matches the reported ones and"
                + " CPUID.(0xD,0).ECX=" + allSize + ")";
        return inferred(enabled, undetermined, assumed, assumption);
    }

    private static Xcr0State inferred(long enabled, long undetermined, long assumed, String assumption) {
        return new Xcr0State(OptionalLong.of(enabled), Xcr0Source.INFERRED_FROM_LEAF_0xD, true, undetermined, assumed,
                assumption, Optional.empty());
    }

    /**
     * The vendor's layout, if one is known and the CPU agrees with it: every component it reports lies
     * where the layout says, the layout places every supported component it does not report, and the
     * end of them all is {@code allSize} (CPUID.(0xD,0).ECX).
     */
    private static Optional<XsaveLayout> agreeingLayout(X86Vendor vendor, int family, long supported,
            XsaveArea[] reported, long allSize) {
        Optional<XsaveLayout> layout = XsaveLayouts.of(vendor, family);
        if (layout.isEmpty()) {
            return Optional.empty();
        }
        long end = LEGACY_AND_HEADER_BYTES;
        boolean missing = false;
        for (int c = 2; c < 64; c++) {
            if ((supported >>> c & 1) == 0) {
                continue;
            }
            Optional<XsaveArea> expected = layout.get().area(c);
            if (reported[c] != null) {
                if (expected.isPresent() && !expected.get().equals(reported[c])) {
                    return Optional.empty();
                }
                end = Math.max(end, reported[c].end());
            } else if (expected.isPresent()) {
                missing = true;
                end = Math.max(end, expected.get().end());
            } else {
                return Optional.empty();
            }
        }
        return missing && end == allSize ? layout : Optional.empty();
    }
}
