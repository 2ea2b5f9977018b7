package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A flight recording of the demo ({@code cpufeatures dispatch} with the examples' points, started with
 * {@code -XX:StartFlightRecording}) as the JDK's own {@code jfr} tool prints it, on JDK 17 and 25: the probe, a
 * choice and its candidates for every point, and the native variant loaded; and {@code cpufeatures jfr} reading the
 * same file back to the explanations the run printed.
 */
class FlightRecordingOfTheDemoTest {

    private static final List<String> POINTS = List.of("raid.xor", "raid.xor.native", "skeleton.bitcount", "zstd.copy",
            "zstd.huffman");

    @TempDir
    Path dir;

    @Test
    void jdk17() throws Exception {
        Path home = Path.of(System.getProperty("java.home"));
        HostTools.require(Runtime.version().feature() == 17, "a JDK 17 running the tests (this is "
                + Runtime.version() + ")", "JAVA_HOME set to a JDK 17");
        check(home);
    }

    @Test
    void jdk25() throws Exception {
        Path home = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64");
        HostTools.executable(home.resolve("bin/jfr"), "JDK 25's jfr tool", "Temurin 25 at " + home);
        check(home);
    }

    private void check(Path home) throws Exception {
        Path java = HostTools.executable(home.resolve("bin/java"), "java of " + home, "a JDK at " + home);
        Path jfr = HostTools.executable(home.resolve("bin/jfr"), "the jfr tool of " + home, "a JDK (not a JRE) at " + home);
        Path recording = dir.resolve("demo.jfr");
        ChildJava.Result run = ChildJava.run(dir, List.of(java.toString(), "-XX:StartFlightRecording:filename="
                + recording, "-Xlog:jfr+startup=off", "--add-modules", "jdk.incubator.vector", "--enable-native-access=ALL-UNNAMED",
                "-Dcpufeatures.native.cache=" + dir.resolve("cache"), "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "dispatch"), 240);
        assertEquals(0, run.exit(), run.err());

        ChildJava.Result printed = ChildJava.run(dir, List.of(jfr.toString(), "print", "--categories", "io.cpufeatures",
                recording.toString()), 120);
        assertEquals(0, printed.exit(), printed.err());
        String out = printed.out();
        for (String event : List.of("Probe", "Choice", "Candidate")) {
            assertTrue(out.contains("io.cpufeatures." + event + " {"), event + " in:\n" + out);
        }
        for (String point : POINTS) {
            assertTrue(out.contains("point = \"" + point + "\""), point + " in:\n" + out);
        }
        assertTrue(out.contains("architecture = \"") && out.contains("usable = \""), out);
        // the native variant raid.xor.native chose, where it chose one (a noexec cache passes them all over)
        Matcher nativeChoice = Pattern.compile("raid\\.xor\\.native: using (x86_64|aarch64)\\.([a-z0-9.-]+)\n")
                .matcher(run.out());
        boolean loaded = nativeChoice.find();
        if (loaded) {
            assertTrue(out.contains("io.cpufeatures.NativeLoad {"), out);
            assertTrue(out.contains("variant = \"" + nativeChoice.group(2) + "\"") && out.contains("verified = \"SHA-256"),
                    out);
        }
        ChildJava.Result events = ChildJava.run(dir, List.of(jfr.toString(), "print", "--events", "io.cpufeatures.Choice",
                recording.toString()), 120);
        assertEquals(0, events.exit(), events.err());
        List<String> chosen = new ArrayList<>();
        Matcher m = Pattern.compile("point = \"([^\"]+)\"").matcher(events.out());
        while (m.find()) {
            if (!chosen.contains(m.group(1))) {
                chosen.add(m.group(1));
            }
        }
        assertEquals(POINTS, chosen.stream().sorted().toList(), events.out());
        assertTrue(!events.out().contains("io.cpufeatures.Candidate"), "--events lists the one event");

        // read back: every explanation the run printed, as it printed it
        StringWriter read = new StringWriter();
        StringWriter err = new StringWriter();
        assertEquals(0, Main.run(new String[] {"jfr", recording.toString()}, new PrintWriter(read, true),
                new PrintWriter(err, true)), err.toString());
        for (String block : run.out().split("\n\n")) {
            if (!block.isBlank()) {
                assertTrue(read.toString().contains(block.strip() + "\n  chosen "), "the run printed:\n" + block
                        + "\njfr read:\n" + read);
            }
        }
        if (loaded) {
            assertTrue(read.toString().contains("\nnative variant      linux-" + nativeChoice.group(1) + "/"
                    + nativeChoice.group(2) + ": verified SHA-256"), read.toString());
        }
    }
}
