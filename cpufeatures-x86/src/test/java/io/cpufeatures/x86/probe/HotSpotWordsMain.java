package io.cpufeatures.x86.probe;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.testing.HotSpotCpuLine;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * For the tests of HotSpot's feature list: prints the native probe's snapshot as {@code leaf=} lines (through the
 * probe library), XCR0, and as {@code topology=} lines the leaves HotSpot reads for its thread count that the probe
 * does not (0xB.0 to 0xB.2, 0x8000001E), each where HotSpot's stub reads it.
 */
public final class HotSpotWordsMain {

    private HotSpotWordsMain() {
    }

    public static void main(String[] args) throws Exception {
        JniCpuid jni = JniCpuid.open();
        CpuidSnapshot s = LeafReader.read(jni, new SnapshotSource(SourceKind.NATIVE, "words"));
        for (Map.Entry<CpuidLeaf, CpuidRegisters> e : s.leaves().entrySet()) {
            System.out.println(HotSpotCpuLine.leafLine("leaf", e.getKey(), e.getValue()));
        }
        s.xcr0().ifPresent(x -> System.out.println("xcr0=" + Long.toHexString(x)));
        for (CpuidLeaf leaf : topologyLeaves(s)) {
            System.out.println(HotSpotCpuLine.leafLine("topology", leaf, jni.cpuid(leaf.leaf(), leaf.subleaf())));
        }
    }

    /** The leaves HotSpot reads for {@code threads_per_core} and the probe does not, where the CPU defines them. */
    public static List<CpuidLeaf> topologyLeaves(CpuidSnapshot s) {
        List<CpuidLeaf> leaves = new ArrayList<>();
        if (Integer.compareUnsigned(s.maxBasicLeaf(), 0xB) >= 0) {
            for (int sub = 0; sub <= 2; sub++) {
                leaves.add(new CpuidLeaf(0xB, sub));
            }
        }
        if (s.contains(0x8000_0000, 0) && Integer.compareUnsigned(s.maxExtendedLeaf(), 0x8000_001E) >= 0) {
            leaves.add(new CpuidLeaf(0x8000_001E, 0));
        }
        return leaves;
    }
}
