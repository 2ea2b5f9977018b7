package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.Requirements;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cpufeatures jfr FILE}: a recording of this process read back, the CPU as the report prints it and the
 * choice as {@code dispatch} prints it, each once however many chunks repeat it; and every file that is not a whole
 * recording with the library's events, in one line.
 */
class JfrCommandTest {

    @TempDir
    Path dir;

    private static int points;

    /**
     * A recording of two chunks (a second recording starts inside the first) holding the probe, cli.popcount's
     * choice, made before the recording started, and a new point's, made while it runs: the first choice that a
     * running recording sees registers the events, and the history so far is committed with it. On JDK 17 the second
     * chunk's start is where strings went missing while the events were emitted at chunks' starts only (the probe then
     * read back as a second process, its source detail and summary empty).
     */
    private Path recording() throws Exception {
        TestPoints.POPCOUNT.selection();
        DispatchPoint<Runnable> fresh = DispatchPoint.builder("cli.jfr" + (points++), Runnable.class)
                .candidate(Candidate.of("only", "does nothing", 0, Requirements.NONE, () -> () -> { }))
                .build();
        Path file = dir.resolve("run.jfr");
        try (Recording r = new Recording()) {
            r.start();
            CpuFeatures.current().source();
            fresh.selection();
            try (Recording second = new Recording()) {
                second.start();
                second.stop();
            }
            r.stop();
            r.dump(file);
        }
        return file;
    }

    @Test
    void theCpuAndEveryChoiceAreReadBackAsReportAndDispatchPrintThem() throws Exception {
        Path file = recording();
        CliTest.Run r = CliTest.run("jfr", file.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("", r.err());
        CpuFeatures cpu = CpuFeatures.current();
        List<String> lines = r.out().lines().toList();
        assertTrue(lines.get(0).startsWith("source              " + cpu.source().kind().id() + " ("), r.out());
        assertTrue(lines.contains("architecture        " + cpu.architecture()), r.out());
        cpu.identity().entrySet().stream().filter(e -> e.getKey().equals("microarchitecture"))
                .forEach(e -> assertTrue(lines.contains("uarch               " + e.getValue()), r.out()));
        assertTrue(lines.contains("policy              " + (cpu.policyFlags().isEmpty() ? "none"
                : String.join(", ", cpu.policyFlags()))), r.out());
        String usable = String.join(" ", r.out().substring(r.out().indexOf("\nusable ") + 1, r.out().indexOf("\nprobed "))
                .substring("usable".length()).strip().split("\\s+"));
        assertEquals(String.join(" ", cpu.usable()), usable);
        assertTrue(r.out().contains("\nprobed              "), r.out());

        // the choice as dispatch prints it, once although both chunks hold it
        String explained = TestPoints.POPCOUNT.selection().explain().format();
        CliTest.Run dispatch = CliTest.run("dispatch");
        assertTrue(dispatch.out().contains(explained), dispatch.out());
        assertEquals(1, r.out().split(java.util.regex.Pattern.quote(explained), -1).length - 1, r.out());
        int at = r.out().indexOf(explained) + explained.length();
        String how = r.out().substring(at, r.out().indexOf('\n', at));
        assertTrue(how.matches("  chosen by priority at 20\\d\\d-\\d\\d-\\d\\dT[0-9:.]+Z in \\d+\\.\\d ms"), how);
        assertEquals(1, lines.stream().filter(l -> l.startsWith("source ")).count(), "the probe once: " + r.out());
    }

    @Test
    void whatIsNotAWholeRecordingWithTheEventsIsOneLine() throws Exception {
        Path whole = recording();
        byte[] bytes = Files.readAllBytes(whole);
        Path truncated = Files.write(dir.resolve("cut.jfr"), Arrays.copyOf(bytes, bytes.length / 2));
        Path text = Files.writeString(dir.resolve("notes.jfr"), "not a recording at all, but long enough to have a header\n".repeat(8));
        Path none = dir.resolve("none.jfr");
        try (Recording r = new Recording()) {
            for (String event : List.of("Probe", "Choice", "Candidate", "NativeLoad")) {
                r.disable("io.cpufeatures." + event);
            }
            r.start();
            r.stop();
            r.dump(none);
        }
        List<List<String>> cases = List.of(
                List.of(dir.resolve("missing.jfr").toString(), dir.resolve("missing.jfr") + ": No such file or directory"),
                List.of(dir.toString(), dir + ": not a file; give a JFR recording (.jfr)"),
                List.of(text.toString(), text + ": not a JFR recording (Not a Flight Recorder file); give a file that"
                        + " -XX:StartFlightRecording, jcmd JFR.dump or jfr print reads"),
                List.of(truncated.toString(), truncated + ": truncated ("),
                List.of(none.toString(), none + ": no io.cpufeatures event; "));
        for (List<String> c : cases) {
            CliTest.Run r = CliTest.run("jfr", c.get(0));
            assertEquals(1, r.exit(), c.get(0) + ": " + r.err());
            assertEquals("", r.out());
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().startsWith("cpufeatures: " + c.get(1)), r.err());
        }
        CliTest.Run usage = CliTest.run("jfr");
        assertEquals(2, usage.exit(), usage.err());
        assertTrue(usage.err().startsWith("cpufeatures: Missing required parameter: 'FILE'"), usage.err());
    }
}
