package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** A program run to its end with its output kept, for the tests that run the demo in a JVM of its own. */
final class ChildJava {

    /** What a process printed and returned. */
    record Result(int exit, String out, String err) {
    }

    private ChildJava() {
    }

    /** Runs {@code command} in {@code dir}; fails, the process killed, if it does not end within {@code seconds}. */
    static Result run(Path dir, List<String> command, int seconds) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectOutput(out.toFile())
                .redirectError(err.toFile()).start();
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(command + " did not end within " + seconds + " s");
        }
        Result r = new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
        assertTrue(r.exit() >= 0, command.toString());
        return r;
    }
}
