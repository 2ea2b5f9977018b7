package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.x86.testing.HotSpotCpuLine;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A report speaks for the machine's own HotSpot: a dump's JVM section is HotSpot modelled on that CPU (the running
 * JVM's release, no options), never this JVM's flags pasted onto it; {@code --jdk} and {@code --jvm-option} name
 * another VM. The dump is {@code cpuid -r} (cpuid 20230120, Debian 12) run under {@code qemu-x86_64 -cpu Haswell}
 * (QEMU 7.2.22, TCG) on an AMD EPYC (Zen 5) host: a CPU with AVX2 and no AVX-512.
 */
class HotSpotModelTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private static Path haswell(Path dir) throws Exception {
        Path dump = dir.resolve("haswell.txt");
        try (var in = HotSpotModelTest.class.getResourceAsStream("qemu-haswell-cpuid-r.txt")) {
            Files.copy(in, dump);
        }
        return dump;
    }

    private static JsonNode jvm(String... args) throws Exception {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.exit(), r.err());
        return JSON.readTree(r.out()).path("jvm");
    }

    private static List<String> strings(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    /**
     * On any host, the AVX-512 machines this suite runs on included, a Haswell's report says what HotSpot does there:
     * UseAVX=2, 32-byte vectors, no jvm.avx512, and a list with avx2 and no AVX-512 name.
     */
    @Test
    void aHaswellDumpIsReportedWithItsOwnHotSpotNotThisOne(@TempDir Path dir) throws Exception {
        Path dump = haswell(dir);
        JsonNode jvm = jvm("report", "--json", "--cpuid-file", dump.toString());
        assertTrue(jvm.path("modelled").asBoolean(), jvm.toString());
        assertEquals("2", jvm.path("flags").path("UseAVX").asText(), jvm.toString());
        assertEquals("32", jvm.path("flags").path("MaxVectorSize").asText(), jvm.toString());
        assertFalse(strings(jvm.path("available")).contains("jvm.avx512"), jvm.toString());
        assertTrue(strings(jvm.path("available")).contains("jvm.avx2"), jvm.toString());
        assertEquals(256, jvm.path("vectorApi").path("derivedBits").asInt(), jvm.toString());
        List<String> names = strings(jvm.path("hotspotFeatures"));
        assertTrue(names.contains("avx2") && names.contains("bmi2"), names.toString());
        assertTrue(names.stream().noneMatch(n -> n.startsWith("avx512")), names.toString());
        assertEquals(Runtime.version().feature(), jvm.path("hotspotRelease").asInt());
        assertEquals(List.of(), strings(jvm.path("hotspotOptions")));

        String text = CliTest.run("report", "--cpuid-file", dump.toString()).out();
        assertTrue(text.contains("HotSpot of JDK " + Runtime.version().feature() + " (modelled), no options"), text);
    }

    /** The options given are the modelled VM's: UseAVX=1 clears avx2 from HotSpot's list and the flags. */
    @Test
    void optionsNameTheVmModelled(@TempDir Path dir) throws Exception {
        JsonNode jvm = jvm("report", "--json", "--cpuid-file", haswell(dir).toString(), "--jdk", "25",
                "--jvm-option=-XX:UseAVX=1", "--jvm-option", "-XX:-UseBMI2Instructions");
        assertEquals("1", jvm.path("flags").path("UseAVX").asText(), jvm.toString());
        assertEquals("false", jvm.path("flags").path("UseBMI2Instructions").asText(), jvm.toString());
        assertEquals(25, jvm.path("hotspotRelease").asInt());
        assertEquals(List.of("-XX:UseAVX=1", "-XX:-UseBMI2Instructions"), strings(jvm.path("hotspotOptions")));
        List<String> names = strings(jvm.path("hotspotFeatures"));
        assertTrue(names.contains("avx") && !names.contains("avx2"), names.toString());

        // on this machine too: the options model a VM here instead of reporting this one
        JsonNode here = jvm("report", "--json", "--jvm-option=-XX:UseAVX=0");
        assertTrue(here.path("modelled").asBoolean(), here.toString());
        assertTrue(strings(here.path("hotspotFeatures")).stream().noneMatch(n -> n.startsWith("avx")),
                here.toString());
    }

    /**
     * Fleet chooses for each machine with that machine's HotSpot: the test point {@code cli.popcount} needs
     * {@code jvm.popcnt}, which a VM given {@code -XX:-UsePopCountInstruction} does not grant on any machine.
     */
    @Test
    void fleetChoosesWithEachMachinesOwnHotSpot(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        haswell(fleet);
        CliTest.Run plain = CliTest.run("fleet", "--json", fleet.toString());
        assertEquals(0, plain.exit(), plain.err());
        assertEquals("popcnt", JSON.readTree(plain.out()).path("dispatch").path("cli.popcount").path("selected")
                .asText(), plain.out());
        CliTest.Run without = CliTest.run("fleet", "--json", "--jvm-option=-XX:-UsePopCountInstruction",
                fleet.toString());
        assertEquals(0, without.exit(), without.err());
        JsonNode line = JSON.readTree(without.out());
        assertTrue(line.path("jvm").path("modelled").asBoolean(), line.toString());
        assertEquals("false", line.path("jvm").path("flags").path("UsePopCountInstruction").asText(), line.toString());
        JsonNode point = line.path("dispatch").path("cli.popcount");
        assertEquals("portable", point.path("selected").asText(), without.out());
        assertTrue(point.toString().contains("UsePopCountInstruction=false"), point.toString());
    }

    /** explain reads a dump's jvm.* names with that machine's HotSpot, as report does. */
    @Test
    void explainOfADumpUsesItsOwnHotSpot(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("explain", "jvm.avx512", "--cpuid-file", haswell(dir).toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("does not hold: UseAVX=2"), r.out());
        assertTrue(r.out().contains("HotSpot of JDK " + Runtime.version().feature() + " (modelled)"), r.out());
    }

    /**
     * An option the modelled release refuses to start with is a usage error in HotSpot's words (JDK 25 takes UseAVX up
     * to 3, JDK 17 up to 99); where the model gives no list for another reason, the release and options asked for are
     * still the ones the JSON names.
     */
    @Test
    void optionsTheVmRefusesAreUsageErrors(@TempDir Path dir) throws Exception {
        Path dump = haswell(dir);
        CliTest.Run avx9 = CliTest.run("report", "--cpuid-file", dump.toString(), "--jdk", "25",
                "--jvm-option=-XX:UseAVX=9");
        assertEquals(2, avx9.exit(), avx9.err());
        assertEquals("cpufeatures: --jvm-option: HotSpot of JDK 25 refuses to start: int UseAVX=9 is outside the allowed"
                + " range [ 0 ... 3 ]\n", avx9.err());
        CliTest.Run plus = CliTest.run("fleet", "--jdk", "17", "--jvm-option=-XX:+UseAVX", dump.toString());
        assertEquals(2, plus.exit(), plus.err());
        assertTrue(plus.err().contains("Unexpected +/- setting in VM option 'UseAVX'"), plus.err());
        // JDK 17 takes 9 and lowers it to what the CPU has
        JsonNode jvm = jvm("report", "--json", "--cpuid-file", dump.toString(), "--jdk", "17",
                "--jvm-option=-XX:UseAVX=9");
        assertEquals("2", jvm.path("flags").path("UseAVX").asText(), jvm.toString());
        JsonNode hex = jvm("report", "--json", "--cpuid-file", dump.toString(), "--jdk", "25",
                "--jvm-option=-XX:UseAVX=0x2");
        assertTrue(hex.path("hotspotFeatures").isNull(), hex.toString());
        assertEquals(25, hex.path("hotspotRelease").asInt(), hex.toString());
        assertEquals(List.of("-XX:UseAVX=0x2"), strings(hex.path("hotspotOptions")));
    }

    /** An x86 AOT cache does not run on an arm64 machine, and an empty pasted list proves nothing. */
    @Test
    void checkRefusesWhatCannotBeJudged(@TempDir Path dir) throws Exception {
        Path arm = Files.writeString(dir.resolve("n1.txt"), io.cpufeatures.core.CpuDumps.write(List.of(
                io.cpufeatures.aarch64.emulation.ReferenceArmCpus.neoverseN1().decode())));
        CliTest.Run aot = CliTest.run("check", "--jdk", "25", "--target", "aot:" + haswell(dir), arm.toString());
        assertEquals(1, aot.exit(), aot.err());
        assertTrue(aot.out().contains("does not run: an x86-64 AOT cache on an aarch64 machine"), aot.out());
        for (String empty : List.of("features:The current machine does not support all of the following CPU features"
                + " that are required by the image: [].", "features:cpu features that are required: \"\"")) {
            CliTest.Run r = CliTest.run("check", "--target", empty);
            assertEquals(2, r.exit(), empty + ": " + r.out() + r.err());
            assertTrue(r.err().contains("lists no feature"), r.err());
        }
        // bounded: a text past the limit is refused at once, and an error names a dozen unknown names at most
        CliTest.Run huge = CliTest.run("check", "--target", "features:" + "a".repeat(CheckTarget.MAX_TARGET_CHARS));
        assertEquals(2, huge.exit(), huge.err());
        assertEquals(1, huge.err().lines().count(), huge.err());
        StringBuilder many = new StringBuilder("features:avx2");
        for (int i = 0; i < 100; i++) {
            many.append(",zz").append(i);
        }
        CliTest.Run unknown = CliTest.run("check", "--target", many.toString());
        assertEquals(2, unknown.exit(), unknown.err());
        assertTrue(unknown.err().contains("zz11, and 88 more;"), unknown.err());
    }

    /** A release or an option the model does not take is a usage error of one line that says what is accepted. */
    @Test
    void badReleasesAndOptionsAreOneLineUsageErrors() {
        CliTest.Run jdk = CliTest.run("report", "--jdk", "21");
        assertEquals(2, jdk.exit(), jdk.err());
        assertEquals("cpufeatures: --jdk 21: HotSpot of that release is not modelled; accepted: 17, 25\n", jdk.err());
        CliTest.Run option = CliTest.run("report", "--jvm-option", "-Xint");
        assertEquals(2, option.exit(), option.err());
        assertTrue(option.err().startsWith("cpufeatures: --jvm-option '-Xint' is not a HotSpot -XX option; accepted:"
                + " -XX:+Name, -XX:-Name, -XX:Name=value"), option.err());
        assertEquals(1, option.err().lines().count(), option.err());
        CliTest.Run select = CliTest.run("report", "--select", "--jdk", "17");
        assertEquals(2, select.exit(), select.err());
        CliTest.Run fleet = CliTest.run("fleet", "--jdk", "8", ".");
        assertEquals(2, fleet.exit(), fleet.err());
        assertTrue(fleet.err().contains("accepted: 17, 25"), fleet.err());
    }

    /**
     * This machine's report gives the running JVM's own list: equal to what a fresh JVM of this runtime prints in its
     * {@code -Xlog:os+cpu} line, but for the names the model says it cannot decide.
     */
    @Test
    void thisMachinesListIsTheJvmsOwn() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64"), "x86-64 only: HotSpot's list is modelled for x86");
        Subprocess.Result report = Subprocess.run(Subprocess.command(List.of(), List.of("report", "--json")),
                new byte[0]);
        assertEquals(0, report.exit(), report.err());
        JsonNode jvm = JSON.readTree(report.out()).path("jvm");
        assertFalse(jvm.path("modelled").asBoolean(), jvm.toString());
        List<String> unsure = new ArrayList<>();
        jvm.path("hotspotFeaturesUnsure").forEach(u -> unsure.add(u.path("feature").asText()));
        Subprocess.Result own = Subprocess.run(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xlog:os+cpu", "-version"), new byte[0]);
        List<String> expected = new ArrayList<>(HotSpotCpuLine.names(own.out()));
        // a name the model leaves open (ht where the probe read no topology leaf) is compared by nobody
        expected.removeAll(unsure);
        assertEquals(expected, strings(jvm.path("hotspotFeatures")));
    }

    /** The dump's list equals HotSpot's own on that CPU: this JVM run under qemu as a Haswell. */
    @Test
    void theHaswellListIsHotSpotsOwnUnderQemu(@TempDir Path dir) throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64"), "x86-64 only");
        Path qemu = HostTools.command("qemu-x86_64", "qemu-user");
        Subprocess.Result own = Subprocess.run(List.of(qemu.toString(), "-cpu", "Haswell",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xlog:os+cpu", "-version"),
                new byte[0], 300);
        assertEquals(0, own.exit(), own.err());
        JsonNode jvm = jvm("report", "--json", "--cpuid-file", haswell(dir).toString());
        assertEquals(HotSpotCpuLine.names(own.out()), strings(jvm.path("hotspotFeatures")));
    }
}
