package io.cpufeatures.examples.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZstdResultsReportTest {

    private static final String ANCHOR = """
            # AMD EPYC, 2 CPUs, Linux 6.18, gcc 12
            libzstd 1.5.4, blocks=256 x 4096 B, ratio L1=3.008 L2=3.015 L3=3.080
            dec create+decompress+free       level=1 reps=11 ops/rep=2000 median_ns=12000 min_ns=11900 max_ns=12100
            dec reuse DCtx                   level=1 reps=11 ops/rep=20000 median_ns=4000 min_ns=3900 max_ns=4100
            cmp reuse CCtx                   level=1 reps=11 ops/rep=10000 median_ns=12685 min_ns=12590 max_ns=12795
            """;

    private static final String BLOCK_CSV = """
            "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: decoder","Param: level"
            "io.cpufeatures.examples.benchmarks.ZstdDecompressBenchmark.decode","avgt",1,5,8000.0,10.0,"ns/op",ours-new,1
            "io.cpufeatures.examples.benchmarks.ZstdDecompressBenchmark.decode","avgt",1,5,16000.0,10.0,"ns/op",ours-zstd-cpuid-per-context,1
            "io.cpufeatures.examples.benchmarks.ZstdDecompressBenchmark.decode","avgt",1,5,4000.0,10.0,"ns/op",zstdjni-reused,1
            "io.cpufeatures.examples.benchmarks.ZstdDecompressBenchmark.decode","avgt",1,5,7200.0,10.0,"ns/op",aircompressor-reused,1
            """;

    private static final String THROUGHPUT_CSV = """
            "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: decoder","Param: size"
            "io.cpufeatures.examples.benchmarks.ZstdThroughputBenchmark.decode","thrpt",1,5,500.0,1.0,"ops/s",ours,1048576
            "io.cpufeatures.examples.benchmarks.ZstdThroughputBenchmark.decode","thrpt",1,5,400.0,1.0,"ops/s",aircompressor,1048576
            """;

    @Test
    void anchorMediansAreReadByModeAndLevel() {
        ZstdResultsReport.Anchor a = ZstdResultsReport.Anchor.parse(ANCHOR);
        assertEquals("AMD EPYC, 2 CPUs, Linux 6.18, gcc 12", a.machine());
        assertEquals(12000, a.ns("create+decompress+free", 1));
        assertEquals(4000, a.ns("reuse DCtx", 1));
        assertTrue(Double.isNaN(a.ns("reuse DCtx", 3)));
        assertThrows(IllegalArgumentException.class, () -> ZstdResultsReport.Anchor.parse("# machine\nnothing\n"));
    }

    @Test
    void theSectionAndTheChartAreWrittenFromTheResultFiles(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectory(dir.resolve("results"));
        Files.writeString(results.resolve("zstd-anchor.txt"), ANCHOR);
        Files.writeString(results.resolve("zstd-jdk17-ZstdDecompressBenchmark.csv"), BLOCK_CSV);
        Files.writeString(results.resolve("zstd-jdk17-ZstdThroughputBenchmark.csv"), THROUGHPUT_CSV);
        Files.writeString(dir.resolve("zstd.md"), "# t\n" + ResultsSection.begin("zstd") + "\nold\n"
                + ResultsSection.end("zstd") + "\nafter\n");
        ZstdResultsReport.main(new String[] {results.toString(), dir.toString()});
        String page = Files.readString(dir.resolve("zstd.md"));
        assertTrue(page.contains("| libzstd (C) here: new context / reused context | 12000 | 4000 | -67% |"), page);
        assertTrue(page.contains("| Java 17 ours: new context + `ZSTD_cpuid()`'s CPUIDs / new context | 16000 | 8000 | -50% |"),
                page);
        assertTrue(page.contains("| 17 | 2.00 / – |"), page);
        assertTrue(page.contains("| Java 17 ours | 524 | – |"), page);
        assertTrue(page.contains("| 17 | 0.90 | – | 1.25 | – |"), page);
        assertTrue(page.endsWith(ResultsSection.end("zstd") + "\nafter\n") && !page.contains("old"), page);
        String svg = Files.readString(dir.resolve("zstd.svg"));
        assertTrue(svg.startsWith("<svg") && svg.contains("Java 17: 8000"), svg);
    }

    @Test
    void aRunWithoutJmhResultsIsRefused(@TempDir Path dir) {
        assertThrows(IllegalArgumentException.class, () -> ZstdResultsReport.load(dir));
    }
}
