package io.cpufeatures.examples.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class XorResultsReportTest {

    private static final String ANCHOR = """
            # AMD EPYC, 2 CPUs, Linux 6.18, gcc 12
            reps=11, ~128 MiB of destination per rep; GB/s = 1e9 dest bytes/s
            len=4096    nsrc=1 isal xor_gen (dispatch)    returned error (vects=2 not supported)
            len=4096    nsrc=2 isal xor_gen (dispatch)    median_GBps= 117.31 min= 116.07 max= 118.27
            len=4096    nsrc=2 C AVX-512 gen              median_GBps= 204.58 min= 198.39 max= 207.39
            """;

    private static final String CSV = """
            "Benchmark","Mode","Threads","Samples","Score","Score Error (99.9%)","Unit","Param: impl","Param: size","Param: sources"
            "io.cpufeatures.examples.benchmarks.XorGenBenchmark.xorGen","thrpt",1,5,40.000000,1.0,"ops/us",dispatched,4096,2
            "io.cpufeatures.examples.benchmarks.XorGenBenchmark.xorGen","thrpt",1,5,20.000000,1.0,"ops/us",scalar,4096,2
            """;

    @Test
    void anchorLinesAreReadAndRefusalsLeftOut() {
        AnchorResults a = AnchorResults.parse(ANCHOR);
        assertEquals("AMD EPYC, 2 CPUs, Linux 6.18, gcc 12", a.machine());
        assertEquals(117.31, a.gbps(4096, 2, "isal xor_gen (dispatch)"));
        assertTrue(Double.isNaN(a.gbps(4096, 1, "isal xor_gen (dispatch)")));
        assertThrows(IllegalArgumentException.class, () -> AnchorResults.parse("nothing here\n"));
    }

    @Test
    void jmhScoresAreFoundByTheirParameters() {
        JmhCsv csv = JmhCsv.parse(CSV);
        assertEquals(20.0, csv.score(Map.of("impl", "scalar", "size", "4096", "sources", "2")).orElseThrow());
        assertTrue(csv.score(Map.of("impl", "vector512")).isEmpty());
        assertEquals(163.84, XorResultsReport.gbps(csv, "dispatched", 4096, 2, Map.of()), 1e-9);
        assertThrows(IllegalArgumentException.class, () -> JmhCsv.parse("a,b\n1,2\n"));
    }

    @Test
    void theSectionAndTheChartAreWrittenFromTheResultFiles(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectory(dir.resolve("results"));
        Files.writeString(results.resolve("xor-anchor.txt"), ANCHOR);
        Files.writeString(results.resolve("xor-jdk17-XorGenBenchmark.csv"), CSV);
        Files.writeString(dir.resolve("raid-xor.md"), "# t\n" + XorResultsReport.BEGIN + "\nold\n" + XorResultsReport.END + "\nafter\n");
        XorResultsReport.main(new String[] {results.toString(), dir.toString()});
        String page = Files.readString(dir.resolve("raid-xor.md"));
        assertTrue(page.contains("| Java 17 `XorGen.xorGen` (checks + selected kernel) | – | 164 | – | – |"), page);
        assertTrue(page.contains("| 17 | – / 80% / – / – |"), page);
        assertTrue(page.endsWith(XorResultsReport.END + "\nafter\n") && !page.contains("old"), page);
        String svg = Files.readString(dir.resolve("raid-xor.svg"));
        assertTrue(svg.startsWith("<svg") && svg.contains("Java 17 XorGen.xorGen: 163.8"), svg);
    }

    @Test
    void aPageWithoutTheSectionIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> XorResultsReport.replaceSection("no markers", "x"));
    }
}
