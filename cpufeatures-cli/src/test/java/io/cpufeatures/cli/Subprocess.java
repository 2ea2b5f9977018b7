package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command in a JVM of its own (this test class path, the launcher's options), run directly or on
 * a pseudo-terminal: util-linux's {@code script} gives the command a terminal for stdin, stdout and
 * stderr, and its stdout is what the terminal showed.
 */
final class Subprocess {

    /** What a process printed and returned. */
    record Result(int exit, String out, String err) {
    }

    private Subprocess() {
    }

    /**
     * {@code java [jvmOptions] -cp <tests> io.cpufeatures.cli.Main [args]}, as an argument list
     * (without the Vector API module, whose warning the JVM would print on stderr).
     */
    static List<String> command(List<String> jvmOptions, List<String> args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.addAll(args);
        return cmd;
    }

    /** Runs {@code command} with {@code stdin} as its standard input; fails if it does not end within 120 s. */
    static Result run(List<String> command, byte[] stdin) throws IOException, InterruptedException {
        return run(command, stdin, 120);
    }

    /**
     * Runs {@code command} with {@code stdin} as its standard input; fails, the process killed, if it does not end
     * within {@code seconds}.
     */
    static Result run(List<String> command, byte[] stdin, int seconds) throws IOException, InterruptedException {
        Path out = Files.createTempFile("cpufeatures-out", ".txt");
        Path err = Files.createTempFile("cpufeatures-err", ".txt");
        try {
            Process p = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(stdin);
            }
            if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor();
                throw new AssertionError("did not end within " + seconds + " s: " + command);
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    /**
     * Runs the shell command line {@code shellCommand} on a pseudo-terminal, typing {@code input},
     * and returns what the terminal received (with the terminal's CR LF line ends). Skips the test
     * for want of util-linux's {@code script} ({@link HostTools}).
     */
    static String onTerminal(String shellCommand, String input) throws IOException, InterruptedException {
        HostTools.command("script", "bsdutils");
        Path out = Files.createTempFile("cpufeatures-tty", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder("script", "-qec", shellCommand, "/dev/null")
                    .redirectOutput(out.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
            pb.environment().put("TERM", "xterm");
            pb.environment().put("COLUMNS", "200");
            Process p = pb.start();
            try (OutputStream in = p.getOutputStream()) {
                in.write(input.getBytes(StandardCharsets.UTF_8));
            }
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "timed out: " + shellCommand);
            return Files.readString(out, StandardCharsets.ISO_8859_1);
        } finally {
            Files.deleteIfExists(out);
        }
    }

    /** {@code args} quoted for sh. */
    static String shell(List<String> args) {
        StringBuilder sb = new StringBuilder();
        for (String a : args) {
            sb.append(sb.length() == 0 ? "" : " ").append('\'').append(a.replace("'", "'\\''")).append('\'');
        }
        return sb.toString();
    }
}
