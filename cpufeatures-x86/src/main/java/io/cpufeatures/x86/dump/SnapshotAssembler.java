package io.cpufeatures.x86.dump;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns the register lines of one logical CPU into a snapshot: numbers the subleaves of lines
 * that carry no {@code [SL]} tag, and refuses a (leaf, subleaf) given twice with different values.
 *
 * <p>Untagged repeated lines of a leaf are its subleaves 0, 1, 2... in order, except for leaf 0xD:
 * old AIDA64 builds print subleaf 0, then (not always) subleaf 1, then only the state components
 * that have a size, so the n-th line is not subleaf n. A line after the first is subleaf 1 when
 * its EAX has only the subleaf-1 flag bits 0..4 set (XSAVEOPT, XSAVEC, XGETBV1, XSAVES, XFD);
 * otherwise it describes the next component supported in CPUID.(0xD,0).EDX:EAX whose
 * architectural size (SDM Vol. 1, 13.1: YMM 256, BNDREGS 64, BNDCSR 64, opmask 64, ZMM_Hi256
 * 512, Hi16_ZMM 1024, PKRU 8, TILECFG 64, TILEDATA 8192, APX 128 bytes) equals its EAX.
 */
final class SnapshotAssembler {

    /** Architectural sizes of the user state components, by component number. */
    private static final Map<Integer, Integer> COMPONENT_SIZES = Map.ofEntries(
            Map.entry(2, 256), Map.entry(3, 64), Map.entry(4, 64), Map.entry(5, 64), Map.entry(6, 512),
            Map.entry(7, 1024), Map.entry(9, 8), Map.entry(17, 64), Map.entry(18, 8192), Map.entry(19, 128));

    /** The subleaf-1 bits defined so far (SDM: CPUID.(EAX=0DH,ECX=1):EAX[4:0]). */
    private static final int SUBLEAF1_FLAG_BITS = 0x1f;

    private SnapshotAssembler() {
    }

    static CpuidSnapshot assemble(String file, LogicalCpuRecords cpu, SnapshotSource source)
            throws CpuidFormatException {
        Map<CpuidLeaf, RawRecord> byKey = new HashMap<>();
        Map<Integer, Integer> untaggedSeen = new HashMap<>();
        List<RawRecord> untaggedXsave = new ArrayList<>();
        CpuidSnapshot.Builder builder = CpuidSnapshot.builder(source);
        for (RawRecord r : cpu.records()) {
            int subleaf;
            if (r.tagged()) {
                subleaf = r.subleaf();
            } else if (r.leaf() == 0xD) {
                untaggedXsave.add(r);
                subleaf = xsaveSubleaf(file, untaggedXsave);
            } else {
                subleaf = untaggedSeen.merge(r.leaf(), 1, Integer::sum) - 1;
            }
            CpuidLeaf key = new CpuidLeaf(r.leaf(), subleaf);
            RawRecord earlier = byKey.get(key);
            if (earlier != null && !earlier.registers().equals(r.registers()) && !r.replaces()) {
                throw new CpuidFormatException(file, r.line(), "leaf " + key + " already given on line "
                        + earlier.line() + " with other values (" + earlier.registers() + " vs " + r.registers()
                        + "); a logical CPU lists each leaf and subleaf once");
            }
            if (earlier == null || r.replaces()) {
                byKey.put(key, r);
                builder.put(r.leaf(), subleaf, r.registers());
            }
        }
        if (!builder.has(0, 0)) {
            throw new CpuidFormatException(file, cpu.startLine(),
                    "the logical CPU starting here has no leaf 0x0; every CPU of a dump needs leaf 0 (vendor, highest leaf)");
        }
        return builder.build();
    }

    /** The subleaf of the last of the untagged leaf-0xD lines seen so far. */
    private static int xsaveSubleaf(String file, List<RawRecord> lines) throws CpuidFormatException {
        if (lines.size() == 1) {
            return 0;
        }
        CpuidRegisters first = lines.get(0).registers();
        long supported = (first.eax() & 0xffff_ffffL) | (long) first.edx() << 32;
        List<Integer> components = new ArrayList<>();
        for (int c = 2; c < 64; c++) {
            if ((supported >>> c & 1) != 0) {
                components.add(c);
            }
        }
        int next = 0;
        int result = -1;
        for (int i = 1; i < lines.size(); i++) {
            CpuidRegisters r = lines.get(i).registers();
            if (i == 1 && (r.eax() & ~SUBLEAF1_FLAG_BITS) == 0) {
                result = 1;
                continue;
            }
            int match = next;
            while (match < components.size() && COMPONENT_SIZES.containsKey(components.get(match))
                    && COMPONENT_SIZES.get(components.get(match)) != r.eax() && !r.isZero()) {
                match++;
            }
            if (match >= components.size()) {
                RawRecord bad = lines.get(i);
                throw new CpuidFormatException(file, bad.line(), "cannot tell which XSAVE state component this untagged"
                        + " leaf 0xD line (EAX=" + r.eax() + " bytes) describes: CPUID.(0xD,0) supports components "
                        + components + "; tag the line with [SL xx]");
            }
            result = components.get(match);
            next = match + 1;
        }
        return result;
    }
}
