package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.cli.Main;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command with the examples on its class path, as {@code ./cpufeatures} runs it: every example point reports. */
class DemoAssemblyTest {

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, err.toString());
        return out.toString();
    }

    @Test
    void theReportShowsEveryExamplePoint() throws Exception {
        JsonNode dispatch = new ObjectMapper().readTree(run("report", "--json")).path("dispatch");
        for (String point : List.of("raid.xor", "skeleton.bitcount", "zstd.huffman")) {
            assertTrue(dispatch.path(point).path("selected").isTextual(), point + " in " + dispatch);
        }
    }

    @Test
    void reportMakesCalibratesAndSelfTestsNothingUnlessAskedTo() throws Exception {
        String plain = classesLoaded("report", "--json");
        assertTrue(plain.contains(" io.cpufeatures.dispatch.Eligibility "), "the choices are by requirements");
        // Instantiation makes and self-tests candidates; raid.xor's kernels allocate their calibration buffers when made.
        List<String> making = List.of("io.cpufeatures.dispatch.Instantiation", "io.cpufeatures.examples.raid.CalibrationBuffers");
        for (String c : making) {
            assertFalse(plain.contains(" " + c + " "), c + " loaded by report --json");
        }
        String selected = classesLoaded("report", "--json", "--select");
        for (String c : making) {
            assertTrue(selected.contains(" " + c + " "), c + " not loaded by report --json --select");
        }
    }

    /** The classes a JVM running the command with {@code args} loaded, as -Xlog:class+load lists them. */
    private static String classesLoaded(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules=jdk.incubator.vector", "-Xlog:class+load=info:stdout", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        return out;
    }

    @Test
    void aFleetRowGivesEachPointsChoiceForThatCpu(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("skx.txt"), CpuDumps.write(List.of(ReferenceCpus.skylakeSp().decode())));
        String row = run("fleet", dir.toString()).strip();
        assertTrue(row.contains("Skylake-SP") && row.contains("skeleton.bitcount=popcnt"), row);
        // the dump's CPU with this JVM: PREFER_YMM keeps a Skylake-SP on 256-bit xor whatever the JVM compiles
        String xor = CpuFeatures.current().has("jvm.vector256") ? "raid.xor=vector256" : "raid.xor=scalar";
        assertTrue(row.contains(xor), row);
        // Skylake-SP has BMI1, BMI2 and LZCNT: the zstd kernel then depends only on this JIT
        String huffman = CpuFeatures.current().has("jvm.bmi2") ? "zstd.huffman=bmi2" : "zstd.huffman=generic";
        assertTrue(row.contains(huffman), row);
    }
}
