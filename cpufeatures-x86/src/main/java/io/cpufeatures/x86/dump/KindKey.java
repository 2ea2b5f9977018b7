package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * What makes two logical CPUs of one dump the same kind of CPU: every leaf they report, except
 * the fields that identify the logical processor or describe caches and topology, which differ
 * between cores of one part by design.
 *
 * <p>Left out: the initial APIC ID (CPUID.1:EBX[31:24]), the hardware-feedback index
 * (CPUID.6:EDX[31:16]), the cache and TLB descriptors (leaves 0x2, 0x4, 0x18, 0x80000005,
 * 0x80000006, 0x8000001D), the processor serial number (0x3), the topology leaves (0xB, 0x1F,
 * 0x8000001E, 0x80000026) and VIA's live sensor readings (0xC0000004). Everything else, the
 * feature leaves and the hybrid core type (0x1A) among them, must be equal: so P- and E-cores of
 * a hybrid part are two kinds, and so are cores that differ in a single feature bit.
 */
record KindKey(SortedMap<CpuidLeaf, CpuidRegisters> leaves) {

    private static final Set<Integer> NOT_COMPARED = Set.of(
            0x2, 0x3, 0x4, 0xB, 0x18, 0x1F,
            0x8000_0005, 0x8000_0006, 0x8000_001D, 0x8000_001E, 0x8000_0026,
            0xC000_0004);

    static KindKey of(CpuidSnapshot snapshot) {
        SortedMap<CpuidLeaf, CpuidRegisters> kept = new TreeMap<>();
        for (Map.Entry<CpuidLeaf, CpuidRegisters> e : snapshot.leaves().entrySet()) {
            int leaf = e.getKey().leaf();
            if (NOT_COMPARED.contains(leaf)) {
                continue;
            }
            CpuidRegisters r = e.getValue();
            if (leaf == 0x1) {
                r = new CpuidRegisters(r.eax(), r.ebx() & 0x00ff_ffff, r.ecx(), r.edx());
            } else if (leaf == 0x6) {
                r = new CpuidRegisters(r.eax(), r.ebx(), r.ecx(), r.edx() & 0x0000_ffff);
            }
            kept.put(e.getKey(), r);
        }
        return new KindKey(kept);
    }
}
