package io.cpufeatures.examples.zstd;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class of this module in a new JVM with a small heap ({@code -Xmx64m}), on this
 * JVM's class path: memory bounds are only proven where running out of memory is possible.
 */
final class ChildJvm {

    /** The heap the bounded-memory tests give a child. */
    static final String HEAP = "-Xmx64m";

    private ChildJvm() {
    }

    /** What a child printed and how it exited. */
    record Result(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + ", stdout [" + out.strip() + "], stderr [" + err.strip() + "]";
        }
    }

    /** Runs {@code main} with {@code args} in a JVM of {@link #HEAP} (and {@code jvmOptions}); waits at most 3 minutes. */
    static Result run(Path dir, List<String> jvmOptions, Class<?> main, String... args) throws IOException {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add(HEAP);
        cmd.add("--enable-native-access=ALL-UNNAMED");
        cmd.addAll(jvmOptions);
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(main.getName());
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile(dir, "child", ".out");
        Path err = Files.createTempFile(dir, "child", ".err");
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        try {
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new AssertionError("the child JVM did not finish in 3 minutes: " + cmd);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
