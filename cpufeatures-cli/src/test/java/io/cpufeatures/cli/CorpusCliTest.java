package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.buildsupport.SharedCorpus;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The command over the whole shared CPUID corpus ({@code ../shared/cpuid-corpus}, or
 * {@code -Dcpufeatures.corpus.dir}): every dump reports as JSON that satisfies
 * docs/cpufeatures-report.schema.json, as does every fleet line, and a fleet run takes seconds.
 * Skipped for want of the corpus (under {@code CI=true}: failed).
 */
class CorpusCliTest {

    private static Path corpus() {
        return SharedCorpus.require();
    }

    private static List<Path> files(Path dir, String suffix) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(suffix)).sorted().toList();
        }
    }

    @Test
    void fleetJsonRunsEveryCorpusDumpInOneJvm() throws Exception {
        Path normalized = corpus().resolve("normalized");
        int dumps = files(normalized, ".txt").size();
        long start = System.nanoTime();
        CliTest.Run r = CliTest.run("fleet", "--json", normalized.toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(dumps, lines.size());
        ObjectMapper json = new ObjectMapper();
        int cpus = 0;
        for (String line : lines) {
            ReportSchema.assertValid(line, "fleet --json line");
            JsonNode n = json.readTree(line);
            for (String f : List.of("formatVersion", "file", "source", "cpus", "dispatch")) {
                assertTrue(n.has(f), f + " missing in " + line);
            }
            for (JsonNode cpu : n.path("cpus")) {
                cpus++;
                for (String f : List.of("vendor", "brand", "family", "model", "stepping", "signature",
                        "microarchitecture", "hypervisor", "xcr0", "xcr0Source", "level", "logicalCpus", "present",
                        "usable", "notUsable", "policy")) {
                    assertTrue(cpu.has(f), f + " missing in " + n.path("file"));
                }
            }
        }
        System.out.printf("fleet --json: %d dumps, %d CPUs in %.1f s%n", lines.size(), cpus, seconds);
        assertTrue(seconds < 60, "took " + seconds + " s");
    }

    /**
     * The corpus folder as it is (dumps in three formats beside JSON, a README and expected outputs): exit 0, one line
     * per distinct CPU, one summary line, no ERROR line; the same CPU in two formats (an InstLatx64 file and its
     * cpuid -r form) is one line naming both.
     */
    @Test
    void fleetOverTheCorpusFolderAsItIs() throws Exception {
        Path dir = corpus();
        CliTest.Run r = CliTest.run("fleet", dir.toString());
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        String summary = lines.get(lines.size() - 1);
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(
                "fleet: (\\d+) dumps read, (\\d+) CPUs, (\\d+) distinct, (\\d+) skipped \\(not dumps\\), 0 failed")
                .matcher(summary);
        assertTrue(m.matches(), summary);
        assertEquals(Integer.parseInt(m.group(3)), lines.size() - 1, "one line per distinct CPU");
        assertTrue(lines.stream().noneMatch(l -> l.contains("  ERROR ")), r.out());
        long jsonFiles = files(dir, ".json").size();
        assertTrue(Integer.parseInt(m.group(4)) >= jsonFiles, summary + " vs " + jsonFiles + " JSON files");
        int dumps = files(dir.resolve("normalized"), ".txt").size();
        assertTrue(Integer.parseInt(m.group(1)) > dumps, summary);
        assertTrue(Integer.parseInt(m.group(3)) < Integer.parseInt(m.group(2)), "the formats of one CPU are merged: " + summary);
        assertTrue(lines.stream().anyMatch(l -> l.matches("\\S+\\.txt, .*il-\\S+\\.cpuid-r\\.txt.*")),
                "an InstLatx64 file and its cpuid -r form on one line");
    }

    @Test
    void reportJsonIsValidOnEveryOriginalCorpusDump() throws Exception {
        Path corpus = corpus();
        List<Path> originals = Stream.concat(files(corpus.resolve("libcpuid"), ".test").stream(),
                files(corpus.resolve("instlatx64"), ".txt").stream()).toList();
        assertEquals(files(corpus.resolve("normalized"), ".txt").size(), originals.size(), "one original per normalized dump");
        ObjectMapper json = new ObjectMapper();
        for (Path original : originals) {
            CliTest.Run r = CliTest.run("report", "--json", "--cpuid-file", original.toString());
            assertEquals(0, r.exit(), original + ": " + r.err());
            ReportSchema.assertValid(r.out(), "report --json --cpuid-file " + original);
            JsonNode n = json.readTree(r.out());
            assertEquals("file", n.path("source").path("kind").asText());
            assertTrue(n.path("cpus").size() >= 1);
        }
    }
}
