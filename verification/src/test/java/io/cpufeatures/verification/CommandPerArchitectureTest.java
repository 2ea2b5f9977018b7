package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.cli.Main;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every command works on a CPU of every architecture module on the class path, and prints only what that
 * module declares: report (text and JSON, valid against the schema, with no CPU field its module did not
 * declare), {@code --raw} read back as the same CPU, explain of each of its features, dispatch, and fleet
 * over a dump of each. A module with no sample CPU here fails the test: add one.
 */
class CommandPerArchitectureTest {

    /** A CPU of each architecture, by architecture. */
    private static final Map<String, CpuSnapshot> SAMPLES = Map.of(
            "x86_64", ReferenceCpus.zen4().build(),
            "aarch64", ReferenceArmCpus.neoverseN1().snapshot(),
            "ppc64le", new Ppc64leSnapshot(0xdc0065c2L, 0xbef00000L, Optional.of("power9"), Optional.of("power9"),
                    OptionalInt.of(0x004e1202), SnapshotSource.emulated("a POWER9 as its kernel describes it")));

    private static final List<String> FIXED = List.of("logicalCpus", "present", "usable", "notUsable", "policy", "caches",
            "dispatch");

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }

    private static Run ok(String... args) {
        Run r = run(args);
        assertEquals(0, r.exit(), String.join(" ", args) + ":\n" + r.out() + r.err());
        return r;
    }

    @Test
    void everyCommandWorksOnEveryArchitectureAndPrintsOnlyItsDeclaredFields(@TempDir Path dir) throws Exception {
        Schema schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(Files.readString(
                Paths.get(System.getProperty("cpufeatures.project.dir", "..")).resolve("docs/cpufeatures-report.schema.json")),
                InputFormat.JSON);
        Map<String, ArchitectureModule> providers = new TreeMap<>();
        io.cpufeatures.core.internal.Architectures.get().providers().forEach(p -> providers.put(p.architecture(), p));
        assertEquals(providers.keySet(), new TreeMap<>(SAMPLES).keySet(), "a sample CPU per architecture module");
        ObjectMapper mapper = new ObjectMapper();
        for (ArchitectureModule p : providers.values()) {
            CpuFeatures cpu = CpuFeatures.of(SAMPLES.get(p.architecture()));
            Path dump = Files.writeString(dir.resolve(p.architecture() + ".txt"), CpuDumps.write(List.of(cpu)));
            String file = dump.toString();
            assertTrue(ok("report", "--cpuid-file", file).out().contains("usable"), p.architecture());
            String json = ok("report", "--json", "--cpuid-file", file).out();
            assertEquals(List.of(), schema.validate(json, InputFormat.JSON).stream().map(Object::toString).toList(), json);
            JsonNode node = mapper.readTree(json).path("cpus").path(0);
            Set<String> declared = new LinkedHashSet<>(FIXED);
            p.facts().forEach(k -> declared.add(k.key()));
            List<String> undeclared = new ArrayList<>();
            for (Iterator<String> it = node.fieldNames(); it.hasNext();) {
                String key = it.next();
                if (!declared.contains(key)) {
                    undeclared.add(key);
                }
            }
            assertEquals(List.of(), undeclared, p.architecture() + " prints fields it does not declare");
            assertEquals(cpu.usable().size(), node.path("usable").size());
            String raw = ok("report", "--raw", "--cpuid-file", file).out();
            CpuFeatures again = CpuDumps.parse("again", raw, Map.of()).kinds().get(0).cpu();
            assertEquals(cpu.present(), again.present(), p.architecture() + ": --raw reads back as the same CPU");
            assertEquals(cpu.usable(), again.usable(), p.architecture() + ": --raw reads back as the same CPU"
                    + " (x86's format holds no XCR0, which is inferred again from leaf 0xD)");
            for (String feature : p.vocabulary().features().keySet()) {
                assertTrue(ok("explain", feature, "--cpuid-file", file).out().contains("verdict"), feature);
            }
            assertEquals("no dispatch point on the class path\n", ok("dispatch", "--cpuid-file", file).out(), p.architecture()
                    + ": this module has no example points; the demo assembly's live tests dispatch on each architecture");
        }
        Run fleet = ok("fleet", "--json", dir.toString());
        assertEquals(providers.size(), fleet.out().lines().count(), fleet.out());
        for (String line : fleet.out().lines().toList()) {
            assertEquals(List.of(), schema.validate(line, InputFormat.JSON).stream().map(Object::toString).toList(), line);
        }
    }
}
