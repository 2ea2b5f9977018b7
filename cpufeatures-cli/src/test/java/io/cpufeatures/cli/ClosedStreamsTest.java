package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The command started with a standard stream closed, or one it cannot write: what needs the stream fails in one line
 * with the OS's reason and exit 1, what does not works. Run as a shell starts it ({@code exec java ... <&-}), without
 * the launcher, which guards the descriptors itself (examples/demo's LauncherTest): a JVM left so puts its own files
 * on the free descriptors.
 */
class ClosedStreamsTest {

    /** What a process printed and returned. */
    private record Run(int exit, String out, String err) {
    }

    /** {@code exec java ... Main ARGS REDIRECTIONS} in a shell, its stdin the closed end of a pipe. */
    private static Run shell(String redirections, String... args) throws IOException, InterruptedException {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fd")), "Linux's /proc/self/fd");
        List<String> cmd = new ArrayList<>(List.of("sh", "-c", "exec \"$@\" " + redirections, "sh"));
        cmd.addAll(Subprocess.command(List.of(), List.of(args)));
        Process p = new ProcessBuilder(cmd).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        return new Run(p.exitValue(), out, err);
    }

    @Test
    void aClosedStdinIsNotReadAsTheJvmsOwnFile() throws Exception {
        String jvmFile = Path.of(System.getProperty("java.home")).toRealPath().toString();
        for (List<String> args : List.of(List.of("report", "--cpuid-file", "-"), List.of("explain", "avx2", "--cpuid-file",
                "-"), List.of("fleet", "-"))) {
            Run r = shell("<&-", args.toArray(new String[0]));
            assertEquals(1, r.exit(), args + ": " + r.err());
            // before: "<stdin>: larger than 16 MiB", the JVM's lib/modules read as the dump
            assertTrue(r.err().startsWith("cpufeatures: cannot read <stdin>: Bad file descriptor (standard input is closed:"
                    + " descriptor 0 is this JVM's own " + jvmFile), args + ": " + r.err());
            assertEquals(1, r.err().lines().count(), r.err());
        }
        Run report = shell("<&-", "report");
        assertEquals(0, report.exit(), report.err());
        assertTrue(report.out().startsWith("source  "), report.out());
        Run explain = shell("<&-", "explain", "sse2");
        assertEquals(0, explain.exit(), explain.err());
    }

    @Test
    void anEmptyStdinIsSaidSo() throws Exception {
        Run r = shell("", "report", "--cpuid-file", "-");
        assertEquals(1, r.exit(), r.err());
        assertTrue(r.err().startsWith("cpufeatures: <stdin>: empty; --cpuid-file - reads a dump from standard input"),
                r.err());
        assertEquals(0, shell("", "report").exit());
    }

    @Test
    void anOutputThatCannotBeWrittenIsTheCommandFailing() throws Exception {
        assumeTrue(Files.isWritable(Path.of("/dev/full")), "/dev/full");
        for (List<String> args : List.of(List.of("report"), List.of("report", "--raw"), List.of("--help"))) {
            Run full = shell(">/dev/full", args.toArray(new String[0]));
            // before: exit 0, nothing written and nothing said
            assertEquals(1, full.exit(), args + ": " + full.err());
            assertEquals("cpufeatures: cannot write <stdout>: No space left on device", full.err().strip(), args.toString());
        }
        Run closed = shell(">&-", "report");
        assertEquals(1, closed.exit(), closed.err());
        assertEquals("cpufeatures: cannot write <stdout>: Bad file descriptor", closed.err().strip());
    }

    @Test
    void aClosedStderrLeavesTheAnswerAndTheExitStatus() throws Exception {
        Run ok = shell("2>&-", "report");
        assertEquals(0, ok.exit());
        assertTrue(ok.out().startsWith("source  "), ok.out());
        assertEquals(1, shell("2>&-", "report", "--cpuid-file", "/nonexistent/dump.txt").exit());
    }
}
