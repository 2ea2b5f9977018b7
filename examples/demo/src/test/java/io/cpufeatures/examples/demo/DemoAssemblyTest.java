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

/**
 * The command with the examples on its class path, as {@code ./cpufeatures} runs it: every example
 * point reports, and arm64 dumps made under qemu are reported, explained and fleeted on this machine
 * with no change to the command.
 */
class DemoAssemblyTest {

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        assertEquals(0, exit, err.toString());
        return out.toString();
    }

    /** A bundled arm64 dump, copied into {@code dir}. */
    private static Path arm64Dump(Path dir, String name) throws Exception {
        try (var in = DemoAssemblyTest.class.getResourceAsStream("/arm64/" + name)) {
            return Files.write(dir.resolve(name), in.readAllBytes());
        }
    }

    @Test
    void anArm64DumpIsReportedExplainedAndWrittenBackOnThisMachine(@TempDir Path dir) throws Exception {
        Path n1 = arm64Dump(dir, "neoverse-n1.txt");
        String report = run("report", "--cpuid-file", n1.toString());
        assertTrue(report.contains("uarch               Neoverse N1 (AWS Graviton2)"), report);
        // laid out for 80 columns: the reason wraps under its value
        assertTrue(report.replaceAll("\\s+", " ").contains(" ssbs os: present in ID_AA64PFR1_EL1.SSBS [7:4] = 2 but the"
                + " kernel does not set"), report);
        JsonNode cpu = new ObjectMapper().readTree(run("report", "--json", "--cpuid-file", n1.toString())).path("cpus").path(0);
        assertEquals("0x414fd0c1", cpu.path("midr").asText());
        assertEquals(0xd0c, cpu.path("part").asInt());
        assertEquals("mrs", cpu.path("idRegisters").asText());
        assertTrue(cpu.path("sveVectorBits").isNull());
        String explain = run("explain", "sve", "--cpuid-file", arm64Dump(dir, "qemu-max.txt").toString());
        assertTrue(explain.contains("ID register       ID_AA64PFR0_EL1.SVE [35:32] = 1, at least 1"), explain);
        assertTrue(explain.contains("HWCAP             HWCAP_SVE (AT_HWCAP bit 22) = 1: the kernel allows it"), explain);
        assertTrue(explain.contains("verdict           usable"), explain);
        String raw = run("report", "--raw", "--cpuid-file", n1.toString());
        assertEquals(Files.readString(n1).replaceAll("# source: .*\n", ""), raw.replaceAll("# source: .*\n", ""),
                "--raw of a dump writes the dump back");
    }

    @Test
    void aFleetOfBothArchitecturesIsOneTable(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("skx.txt"), CpuDumps.write(List.of(ReferenceCpus.skylakeSp().decode())));
        arm64Dump(dir, "neoverse-n1.txt");
        arm64Dump(dir, "qemu-max.txt");
        List<String> lines = run("fleet", dir.toString()).strip().lines().toList();
        assertEquals("fleet: 3 dumps read, 3 CPUs, 3 distinct, 0 skipped (not dumps), 0 failed", lines.get(lines.size() - 1));
        List<String> rows = lines.subList(0, lines.size() - 1);
        assertEquals(3, rows.size(), rows.toString());
        assertTrue(rows.get(0).startsWith("neoverse-n1.txt  x1  Arm d0c r4p1  Neoverse N1  Armv8.2-A  [asimd atomics crc32 aes"
                + " pmull asimddp]"), rows.get(0));
        assertTrue(rows.get(1).contains("QEMU max") && rows.get(1).contains("SVE 512") && rows.get(1).contains(" sve sve2 "),
                rows.get(1));
        assertTrue(rows.get(2).contains("Skylake-SP"), rows.get(2));
        // each machine with its own HotSpot, modelled: arm64's sets UseSVE on the SVE machine, which gets the SVE
        // kernel, and not on the Neoverse N1 (this JVM's flags, an x86 one's, have no UseSVE at all)
        assertTrue(rows.get(0).contains("raid.xor=neon") && rows.get(1).contains("raid.xor=sve"), rows.toString());
        assertTrue(rows.get(0).contains("zstd.huffman=generic") && rows.get(0).contains("skeleton.bitcount=scalar"), rows.get(0));
    }

    /** The acceptance's "same one-line error": a malformed arm64 dump fails as a malformed x86 one does. */
    @Test
    void aMalformedArm64DumpFailsInOneLineWithFileAndLine(@TempDir Path dir) throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.txt"), Files.readString(arm64Dump(dir, "neoverse-n1.txt"))
                .replace("id_registers mrs", "id_registers magic"));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(1, Main.run(new String[] {"report", "--cpuid-file", bad.toString()}, new PrintWriter(out, true),
                new PrintWriter(err, true)));
        assertEquals("cpufeatures: " + bad + ":8: 'id_registers magic': the value is not mrs, sysfs, proc-cpuinfo, registry, sysctl or none\n",
                err.toString());
    }

    @Test
    void theReportShowsEveryExamplePoint() throws Exception {
        JsonNode dispatch = new ObjectMapper().readTree(run("report", "--json")).path("dispatch");
        for (String point : List.of("raid.xor", "skeleton.bitcount", "zstd.huffman", "zstd.copy")) {
            assertTrue(dispatch.path(point).path("selected").isTextual(), point + " in " + dispatch);
        }
    }

    /** Native variants built for another architecture are summed up as other architectures' candidates are. */
    @Test
    void theReportSumsUpOtherArchitecturesNativeVariants() throws Exception {
        String report = run("report");
        String other = CpuFeatures.current().architecture().equals("x86_64") ? "aarch64." : "x86_64.";
        assertFalse(report.contains("rejected: a native library for"), report);
        String line = report.substring(report.indexOf("raid.xor.native"));
        line = line.substring(0, line.indexOf("skeleton.bitcount"));
        assertTrue(line.replaceAll("\\s+", " ").contains("for other architectures: " + other), line);
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
        // the dump's CPU with its own HotSpot, modelled (this JVM's flags play no part): PREFER_YMM keeps a Skylake-SP
        // on 256-bit xor, HotSpot there uses BMI2, and 128-bit vectors compile on any x86-64 CPU
        assertTrue(row.contains("raid.xor=vector256"), row);
        assertTrue(row.contains("zstd.huffman=bmi2"), row);
        assertTrue(row.contains("zstd.copy=vector128"), row);
    }
}
