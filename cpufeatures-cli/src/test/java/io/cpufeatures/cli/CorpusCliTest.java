package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.x86.testing.Corpus;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The command over the whole corpus: every dump reports as valid JSON, and a fleet run takes seconds. */
class CorpusCliTest {

    @Test
    void fleetJsonRunsEveryCorpusDumpInOneJvm() throws Exception {
        Corpus corpus = Corpus.require();
        long start = System.nanoTime();
        CliTest.Run r = CliTest.run("fleet", "--json", corpus.dir().resolve("normalized").toString());
        double seconds = (System.nanoTime() - start) / 1e9;
        assertEquals(0, r.exit(), r.err());
        List<String> lines = r.out().lines().toList();
        assertEquals(corpus.entries().size(), lines.size());
        ObjectMapper json = new ObjectMapper();
        int cpus = 0;
        for (String line : lines) {
            JsonNode n = json.readTree(line);
            for (String f : List.of("file", "source", "cpus", "jvm", "dispatch")) {
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

    @Test
    void reportJsonIsValidOnEveryOriginalCorpusDump() throws Exception {
        Corpus corpus = Corpus.require();
        ObjectMapper json = new ObjectMapper();
        for (Corpus.Entry e : corpus.entries()) {
            CliTest.Run r = CliTest.run("report", "--json", "--cpuid-file", e.original().toString());
            assertEquals(0, r.exit(), e.id() + ": " + r.err());
            JsonNode n = json.readTree(r.out());
            assertEquals("file", n.path("source").path("kind").asText());
            assertTrue(n.path("cpus").size() >= 1);
        }
    }
}
