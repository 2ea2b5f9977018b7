package io.cpufeatures.x86.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a command of the host (mount, a compiler, wine, qemu) for a test, and fails the test if it fails. */
public final class Commands {

    private Commands() {
    }

    /**
     * Runs {@code command} in {@code cwd} (the test's when null) with {@code env} added to this process's
     * environment, its stdout and stderr together.
     *
     * @return what it printed
     * @throws AssertionError if it does not end within {@code seconds}, or ends with another status than 0
     */
    public static String run(Path cwd, Map<String, String> env, int seconds, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(List.of(command)).redirectErrorStream(true);
        if (cwd != null) {
            pb.directory(cwd.toFile());
        }
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(seconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " did not finish within " + seconds + " s");
        }
        if (p.exitValue() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited with " + p.exitValue() + ":\n" + out);
        }
        return out;
    }
}
