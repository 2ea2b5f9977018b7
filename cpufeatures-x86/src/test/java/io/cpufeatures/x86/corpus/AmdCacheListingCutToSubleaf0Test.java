package io.cpufeatures.x86.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.rules.X86Caches;
import io.cpufeatures.x86.testing.Corpus;
import io.cpufeatures.x86.testing.ReducedDumps;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * AMD and Hygon dumps that kept only subleaf 0 (the L1d) of CPUID 0x8000001D, as libcpuid's raw format did before
 * its {@code amd_fn8000001dh} array: the levels the listing lacks come from the legacy leaves 0x80000005 (L1i) and
 * 0x80000006 (L2, L3), each saying so in its source.
 */
class AmdCacheListingCutToSubleaf0Test {

    private static final int TOPOLOGY = 0x8000_001D;

    @Test
    void aReducedRyzen5_3600GetsL1iL2AndL3FromTheLegacyLeaves() {
        List<CpuCache> caches = X86Caches.of(ReducedDumps.load("amd-ryzen-5-3600-8000001d-subleaf-0-only.txt"));
        assertEquals(List.of("L1d 32 KiB, 8-way, 64-byte lines, 1 per 2 logical CPUs",
                "L1i 32 KiB, 8-way, 64-byte lines", "L2 512 KiB, 8-way, 64-byte lines", "L3 32 MiB, 64-byte lines"),
                caches.stream().map(CpuCache::summary).toList());
        assertEquals(List.of("CPUID 0x8000001D subleaf 0",
                "CPUID 0x80000005 (0x8000001D recorded without this level)",
                "CPUID 0x80000006 (0x8000001D recorded without this level)",
                "CPUID 0x80000006 (0x8000001D recorded without this level), ways unknown (associativity code 9: given"
                        + " in 0x8000001D only)"), caches.stream().map(CpuCache::source).toList());
    }

    /**
     * Every AMD and Hygon dump of the shared corpus whose whole 0x8000001D listing is read, cut to its subleaf 0:
     * no level is lost, the L1d is still the listing's, L1i and L2 equal the listing's sizes, and the L3 (0x80000006:
     * the package's) is a whole number of the listing's (one per CCX).
     */
    @Test
    void everyCorpusListingCutToSubleaf0KeepsEveryLevel() {
        Corpus corpus = Corpus.require();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry e : corpus.entries()) {
            CpuidSnapshot s;
            try {
                s = Corpus.dump(e.original()).kinds().stream().map(CpuKind::cpu).findFirst().orElseThrow();
            } catch (Exception ex) {
                continue; // a dump the parser refuses is another test's business
            }
            X86Vendor vendor = CpuIdentity.of(s).vendor();
            List<CpuCache> full = X86Caches.of(s);
            if (vendor != X86Vendor.AMD && vendor != X86Vendor.HYGON || !s.contains(TOPOLOGY, 1)
                    || full.stream().filter(c -> c.source().startsWith("CPUID 0x8000001D")).count() < 2) {
                continue;
            }
            checked++;
            Map<String, CpuCache> whole = byName(full);
            Map<String, CpuCache> cut = byName(X86Caches.of(subleaf0Only(s)));
            if (!cut.keySet().equals(whole.keySet())) {
                wrong.add(e.id() + ": levels " + cut.keySet() + ", the whole listing's " + whole.keySet());
                continue;
            }
            if (!cut.get("L1d").equals(whole.get("L1d"))) {
                wrong.add(e.id() + ": L1d " + cut.get("L1d") + ", the listing's " + whole.get("L1d"));
            }
            for (CpuCache c : cut.values()) {
                CpuCache w = whole.get(c.name());
                boolean legacy = c.source().startsWith(c.level() == 1 ? "CPUID 0x80000005" : "CPUID 0x80000006")
                        && c.source().contains("0x8000001D recorded without this level");
                boolean size = c.level() == 3 ? c.size() % w.size() == 0 : c.size() == w.size();
                if (!c.name().equals("L1d") && (!legacy || !size)) {
                    wrong.add(e.id() + ": " + c.summary() + " <" + c.source() + ">, the listing's " + w.summary());
                }
            }
        }
        System.out.printf("0x8000001D cut to subleaf 0 on %d AMD and Hygon dumps of the shared corpus%n", checked);
        assertTrue(checked >= 25, "too few dumps checked: " + checked);
        assertEquals(List.of(), wrong);
    }

    private static Map<String, CpuCache> byName(List<CpuCache> caches) {
        return caches.stream().collect(Collectors.toMap(CpuCache::name, Function.identity()));
    }

    /** {@code s} with 0x8000001D's subleaf 0 and none of its others. */
    private static CpuidSnapshot subleaf0Only(CpuidSnapshot s) {
        CpuidSnapshot.Builder b = CpuidSnapshot.builder(SnapshotSource.file("0x8000001D cut to subleaf 0"));
        for (Map.Entry<CpuidLeaf, CpuidRegisters> l : s.leaves().entrySet()) {
            if (l.getKey().leaf() != TOPOLOGY || l.getKey().subleaf() == 0) {
                b.put(l.getKey().leaf(), l.getKey().subleaf(), l.getValue());
            }
        }
        return b.build();
    }
}
