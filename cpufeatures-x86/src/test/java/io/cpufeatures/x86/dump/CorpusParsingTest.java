package io.cpufeatures.x86.dump;

import io.cpufeatures.core.kit.SnapshotDump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.dump.CpuidRText;
import io.cpufeatures.x86.dump.LeafRange;
import io.cpufeatures.x86.testing.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Every original dump of the corpus parses, and what it yields agrees with the corpus's own
 * normalisation (written by a tool outside this project) in the {@code cpuid -r} format.
 */
class CorpusParsingTest {

    /**
     * Logical CPUs this project counts as another kind of CPU than the corpus does, each with the
     * reason; everything else must group exactly as the corpus does.
     */
    private static final Map<String, String> GROUPED_DIFFERENTLY = Map.of(
            "il-GenuineIntel00C0652_ArrowLakeH_04_CPUID",
            "the two low-power E-cores lack WBNOINVD (0x80000008:EBX[9]) and report another native model in"
                    + " 0x1A; the corpus merges them with the other E-cores",
            "lc-intel-x86-64-lion-cove-intel-core-ultra-9-285h", "same part as ArrowLakeH_04: low-power E-cores",
            "lc-intel-x86-64-netburst-intel-xeon-cpu-3.40ghz-cranford-dual",
            "the file is cut short: its last CPU lacks leaf 0x80000008, which the first three have",
            "lc-intel-x86-64-nehalem-intel-core-i5-cpu-750",
            "the corpus compared libcpuid's slots above the highest leaf, which echo each CPU's APIC ID;"
                    + " the snapshot drops them, so the four CPUs are one kind");

    @Test
    void everyDumpParsesAndAgreesWithTheCorpusNormalisation() throws Exception {
        Corpus corpus = Corpus.require();
        int dumps = 0;
        int logicalCpus = 0;
        int kinds = 0;
        List<String> problems = new ArrayList<>();
        for (Corpus.Entry e : corpus.entries()) {
            SnapshotDump<CpuidSnapshot> dump = Corpus.dump(e.original());
            SnapshotDump<CpuidSnapshot> normalized = CpuidDumps.parse(e.normalized().toString(), Corpus.read(e.normalized()));
            dumps++;
            logicalCpus += dump.logicalCpus();
            kinds += dump.kinds().size();
            long expectedCpus = e.index().get("logical_cpus").asLong();
            if (dump.logicalCpus() != expectedCpus) {
                problems.add(e.id() + ": " + dump.logicalCpus() + " logical CPUs, corpus says " + expectedCpus);
            }
            // The first logical CPU of the file is the first block of the normalisation.
            SortedMap<CpuidLeaf, CpuidRegisters> ours = dump.kinds().get(0).cpu().leaves();
            SortedMap<CpuidLeaf, CpuidRegisters> theirs = keptRanges(normalized.kinds().get(0).cpu());
            if (!ours.equals(theirs)) {
                problems.add(e.id() + ": CPU 0 differs from the normalisation:\n" + diff(theirs, ours));
            }
            List<Integer> expectedSizes = new ArrayList<>();
            e.index().get("group_sizes").forEach(n -> expectedSizes.add(n.asInt()));
            List<Integer> sizes = dump.kinds().stream().map(CpuKind::logicalCpus).toList();
            boolean sameGrouping = expectedSizes.equals(sizes);
            if (!sameGrouping && !GROUPED_DIFFERENTLY.containsKey(e.id())) {
                problems.add(e.id() + ": groups " + sizes + ", corpus says " + expectedSizes);
            }
            if (sameGrouping && GROUPED_DIFFERENTLY.containsKey(e.id())) {
                problems.add(e.id() + ": listed as grouped differently but now groups like the corpus");
            }
            // Every kind the corpus distinguishes is one of ours.
            for (CpuKind<CpuidSnapshot> block : normalized.kinds()) {
                KindKey kind = KindKey.of(block.cpu());
                boolean found = dump.kinds().stream().anyMatch(g -> KindKey.of(g.cpu()).equals(kind));
                if (!found) {
                    problems.add(e.id() + ": corpus CPU kind at logical CPU " + block.firstLogicalCpu() + " not found");
                }
            }
        }
        System.out.printf("CPUID corpus: parsed %d dumps, %d logical CPUs, %d distinct CPUs%n", dumps, logicalCpus, kinds);
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
        assertEquals(corpus.entries().size(), dumps);
    }

    @Test
    void writingAndReadingBackTheCpuidRFormatChangesNothing() throws Exception {
        Corpus corpus = Corpus.require();
        for (Corpus.Entry e : corpus.entries()) {
            SnapshotDump<CpuidSnapshot> dump = Corpus.dump(e.original());
            List<CpuidSnapshot> snapshots = dump.kinds().stream().map(CpuKind::cpu).toList();
            String text = CpuidRText.write(snapshots);
            SnapshotDump<CpuidSnapshot> back = CpuidDumps.parse("roundtrip", text);
            assertEquals(DumpFormat.CPUID_R.id(), back.format());
            List<CpuidSnapshot> again = back.kinds().stream().map(CpuKind::cpu).toList();
            // Groups of one dump are distinct kinds, so reading back keeps them apart.
            assertEquals(snapshots, again, e.id());
            assertEquals(text, CpuidRText.write(again), e.id());
        }
    }

    /** The normalisation keeps some ranges the snapshot drops (0x8FFFFFFF of the K6); compare what both keep. */
    private static SortedMap<CpuidLeaf, CpuidRegisters> keptRanges(CpuidSnapshot s) {
        SortedMap<CpuidLeaf, CpuidRegisters> m = new TreeMap<>();
        s.leaves().forEach((k, v) -> {
            if (LeafRange.of(k.leaf()).isPresent()) {
                m.put(k, v);
            }
        });
        return m;
    }

    private static String diff(SortedMap<CpuidLeaf, CpuidRegisters> expected, SortedMap<CpuidLeaf, CpuidRegisters> actual) {
        StringBuilder sb = new StringBuilder();
        TreeMap<CpuidLeaf, Boolean> keys = new TreeMap<>();
        expected.keySet().forEach(k -> keys.put(k, true));
        actual.keySet().forEach(k -> keys.put(k, true));
        for (CpuidLeaf k : keys.keySet()) {
            CpuidRegisters a = expected.get(k);
            CpuidRegisters b = actual.get(k);
            if (a == null || !a.equals(b)) {
                sb.append("   ").append(k).append(": corpus ").append(a).append(" / ours ").append(b).append('\n');
            }
        }
        return sb.toString();
    }

}
