package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every kind of JSON the command prints against docs/cpufeatures-report.schema.json: report (this
 * machine, a dump, a hybrid dump, --select), every fleet line (a report, an error) and dispatch; and
 * the schema tells a malformed object from a valid one. The corpus's dumps are checked too
 * ({@link CorpusCliTest}).
 */
class JsonSchemaTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void reportJsonOfThisMachineAndOfDumpsIsValid(@TempDir Path dir) throws Exception {
        List<String> outputs = new ArrayList<>();
        outputs.add(ok("report", "--json"));
        outputs.add(ok("report", "--json", "--select"));
        Path clx = EmulatedDumps.write(dir, "clx.txt", EmulatedDumps.cascadeLake(), 4);
        outputs.add(ok("report", "--json", "--cpuid-file", clx.toString()));
        outputs.add(ok("report", "--json", "--cpuid-file", clx.toString(), "--xcr0", "0x7"));
        outputs.add(ok("report", "--json", "--cpuid-file", EmulatedDumps.hybrid(dir, 2, 2).toString()));
        outputs.add(ok("report", "--json", "--cpuid-file",
                EmulatedDumps.write(dir, "snb.txt", EmulatedDumps.sandyBridgeWithoutYmm(), 1).toString()));
        for (String out : outputs) {
            ReportSchema.assertValid(out, "report --json");
            JsonNode n = JSON.readTree(out);
            assertEquals(JsonReport.FORMAT_VERSION, n.path("formatVersion").asInt());
            assertTrue(n.has("jvm"), out);
        }
        assertEquals("selection", JSON.readTree(outputs.get(1)).path("dispatch").path("cli.popcount").path("basis").asText());
        assertEquals("requirements", JSON.readTree(outputs.get(0)).path("dispatch").path("cli.popcount").path("basis").asText());
    }

    @Test
    void everyFleetLineIsValidAndCarriesItsMachinesHotSpot(@TempDir Path dir) throws Exception {
        EmulatedDumps.write(dir, "a-zen4.txt", EmulatedDumps.zen4(), 2);
        EmulatedDumps.write(dir, "b-core2.txt", EmulatedDumps.core2(), 1);
        EmulatedDumps.hybrid(dir, 1, 1);
        Files.writeString(dir.resolve("z-broken.txt"), "CPU 0:\n   0x00000000 0x00: eax=0x0000000d ebx=0x68747541"
                + " ecx=0x444d4163 edx=0x69746e65\nbogus line\n");
        CliTest.Run r = CliTest.run("fleet", "--json", dir.toString());
        assertEquals(1, r.exit(), "a broken dump makes the exit code 1");
        List<String> lines = r.out().lines().toList();
        assertEquals(4, lines.size(), r.out());
        for (String line : lines) {
            ReportSchema.assertValid(line, "a fleet --json line");
            JsonNode n = JSON.readTree(line);
            assertEquals(JsonReport.FORMAT_VERSION, n.path("formatVersion").asInt());
            assertTrue(n.has("error") || n.path("jvm").path("modelled").asBoolean(),
                    "each line's JVM is the machine's own HotSpot, modelled: " + line);
        }
        assertTrue(JSON.readTree(lines.get(3)).has("error"), lines.get(3));
    }

    @Test
    void dispatchJsonIsValidForEachKindOfCpu(@TempDir Path dir) throws Exception {
        List<String> objects = new ArrayList<>();
        for (String out : List.of(ok("dispatch", "--json"),
                ok("dispatch", "--json", "--cpuid-file", EmulatedDumps.hybrid(dir, 1, 1).toString()))) {
            try (MappingIterator<JsonNode> it = JSON.readerFor(JsonNode.class).readValues(out)) {
                while (it.hasNext()) {
                    objects.add(JSON.writeValueAsString(it.next()));
                }
            }
        }
        assertEquals(3, objects.size(), "this machine, and the hybrid dump's two kinds");
        for (String o : objects) {
            ReportSchema.assertValid(o, "dispatch --json");
        }
    }

    /** A reader of version 1 that validates accepts a newer version 1 with a field it does not know, at any depth. */
    @Test
    void thePublishedSchemaAcceptsFieldsAddedWithinAVersion() throws Exception {
        String report = ok("report", "--json");
        com.fasterxml.jackson.databind.node.ObjectNode added = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(report);
        added.put("addedLater", true);
        ((com.fasterxml.jackson.databind.node.ObjectNode) added.path("cpus").get(0)).put("alsoAddedLater", 1);
        ((com.fasterxml.jackson.databind.node.ObjectNode) added.path("jvm")).putObject("newObject").put("x", "y");
        String text = JSON.writeValueAsString(added);
        assertEquals(List.of(), ReportSchema.publishedErrors(text), text);
        assertFalse(ReportSchema.errors(text).isEmpty(), "the tests' closed form names the undocumented fields");
        assertTrue(JSON.readTree(java.nio.file.Files.readString(ReportSchema.FILE)).path("$id").asText()
                .endsWith("/docs/cpufeatures-report.schema.json"));
        assertFalse(java.nio.file.Files.readString(ReportSchema.FILE).contains("\"additionalProperties\": false"));
    }

    @Test
    void theSchemaRefusesWhatIsNotTheFormat() throws Exception {
        String report = ok("report", "--json");
        assertTrue(ReportSchema.errors(report).isEmpty());
        // what the command printed before the format had a version, or with the JVM on a fleet line
        JsonNode unversioned = JSON.readTree(report);
        ((com.fasterxml.jackson.databind.node.ObjectNode) unversioned).remove("formatVersion");
        assertFalse(ReportSchema.errors(JSON.writeValueAsString(unversioned)).isEmpty(), "formatVersion is required");
        com.fasterxml.jackson.databind.node.ObjectNode line = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(report);
        line.put("file", "x.txt");
        assertFalse(ReportSchema.errors(JSON.writeValueAsString(line)).isEmpty(), "a fleet line has no jvm");
        com.fasterxml.jackson.databind.node.ObjectNode badLevel = (com.fasterxml.jackson.databind.node.ObjectNode) JSON.readTree(report);
        ((com.fasterxml.jackson.databind.node.ObjectNode) badLevel.path("cpus").get(0)).put("level", "x86-64-v9");
        assertFalse(ReportSchema.errors(JSON.writeValueAsString(badLevel)).isEmpty(), "level is none or x86-64-v1..v4");
    }

    private static String ok(String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.exit(), String.join(" ", args) + ": " + r.err());
        return r.out();
    }
}
