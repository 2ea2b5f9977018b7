package io.cpufeatures.x86.corpus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * NetBurst (Intel family 0Fh) has a trace cache in place of an L1 instruction cache: leaf 2's descriptor 70h-73h
 * (Intel SDM Vol. 2A, Table 3-12), 12K to 64K micro-operations. It is the L1i, of type trace, its size counted in
 * micro-operations, whether or not the dump has leaf 4 (which does not enumerate it) up to its null subleaf.
 */
class NetBurstTraceCacheTest {

    @Test
    void aPentium4WithLeaf2OnlyHasTheTraceCacheAsItsL1i() {
        List<CpuCache> caches = X86Caches.of(ReducedDumps.load("intel-pentium-4-2.80ghz-leaf-2.txt"));
        assertEquals(List.of("L1d 8 KiB, 4-way, 64-byte lines", "L1i 12K micro-ops trace cache, 8-way",
                "L2 512 KiB, 8-way, 64-byte lines"), caches.stream().map(CpuCache::summary).toList());
        CpuCache l1i = caches.get(1);
        assertEquals(CpuCache.Type.TRACE, l1i.type());
        assertEquals(12 * 1024, l1i.size(), "micro-operations, not bytes");
        assertEquals("CPUID leaf 2 descriptor 0x70", l1i.source());
    }

    @Test
    void aPentium4WhoseLeaf4EndsWithItsNullSubleafStillHasTheTraceCache() {
        assertEquals(List.of("L1d 16 KiB, 8-way, 64-byte lines, 1 per up to 2 logical CPUs",
                "L1i 12K micro-ops trace cache, 8-way", "L2 2 MiB, 8-way, 64-byte lines, 1 per up to 2 logical CPUs"),
                X86Caches.of(ReducedDumps.load("intel-pentium-4-640-leaf-4-complete.txt")).stream()
                        .map(CpuCache::summary).toList());
    }

    /**
     * Every Intel family 0Fh dump of the shared corpus, as recorded and with leaf 4 (where it has one) ended by its
     * null subleaf: an L1i of type trace, of the size libcpuid expects where libcpuid gives one.
     */
    @Test
    void everyCorpusNetBurstHasATraceCacheL1i() throws Exception {
        Corpus corpus = Corpus.require();
        List<String> wrong = new ArrayList<>();
        int checked = 0;
        for (Corpus.Entry e : corpus.entries()) {
            if (!e.index().get("vendor").asText().equals("GenuineIntel") || e.index().get("family").asInt() != 0x0F) {
                continue;
            }
            CpuidSnapshot s = Corpus.dump(e.original()).kinds().stream().map(CpuKind::cpu).findFirst().orElseThrow();
            if (CpuIdentity.of(s).vendor() != X86Vendor.INTEL) {
                continue;
            }
            checked++;
            Optional<Long> libcpuid = libcpuidL1iKib(corpus.dir(), e.id());
            for (CpuidSnapshot variant : List.of(s, leaf4EndedByNull(s))) {
                Optional<CpuCache> l1i = X86Caches.of(variant).stream().filter(c -> c.name().equals("L1i")).findFirst();
                if (l1i.isEmpty() || l1i.get().type() != CpuCache.Type.TRACE
                        || libcpuid.isPresent() && libcpuid.get() != l1i.get().size() / 1024) {
                    wrong.add(e.id() + (variant == s ? "" : " (leaf 4 ended)") + ": L1i " + l1i.map(CpuCache::summary)
                            + ", libcpuid " + libcpuid);
                }
            }
        }
        System.out.printf("trace cache as the L1i on %d NetBurst dumps of the shared corpus%n", checked);
        assertTrue(checked >= 15, "too few dumps checked: " + checked);
        assertEquals(List.of(), wrong);
    }

    /** libcpuid's expected l1i-cache of dump {@code id}, where it gives one (not -1, undetermined). */
    private static Optional<Long> libcpuidL1iKib(Path corpus, String id) {
        Path expected = corpus.resolve("expected/libcpuid").resolve(id + ".json");
        if (!Files.isRegularFile(expected)) {
            return Optional.empty();
        }
        JsonNode l1i = Corpus.json(expected).get("cpu_types").get(0).get("l1i-cache");
        long kib = l1i == null ? -1 : Long.parseLong(l1i.asText().split(" ")[0]);
        return kib < 0 ? Optional.empty() : Optional.of(kib);
    }

    /** {@code s} with leaf 4 ended by a null subleaf where it has leaf 4 and does not end it. */
    private static CpuidSnapshot leaf4EndedByNull(CpuidSnapshot s) {
        CpuidSnapshot.Builder b = CpuidSnapshot.builder(SnapshotSource.file("leaf 4 ended by its null subleaf"));
        for (Map.Entry<CpuidLeaf, CpuidRegisters> l : s.leaves().entrySet()) {
            b.put(l.getKey().leaf(), l.getKey().subleaf(), l.getValue());
        }
        int n = 0;
        while (s.contains(4, n) && (s.read(4, n).eax() & 0x1F) != 0) {
            n++;
        }
        if (n > 0 && !s.contains(4, n)) {
            b.put(4, n, CpuidRegisters.ZERO);
        }
        return b.build();
    }
}
