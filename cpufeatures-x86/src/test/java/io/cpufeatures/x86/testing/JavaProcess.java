package io.cpufeatures.x86.testing;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a main class of the test class path in a fresh JVM and returns what it printed. */
public final class JavaProcess {

    private JavaProcess() {
    }

    /** Runs {@code mainClass} with {@code jvmArgs}; fails if it does not end within a minute. */
    public static String run(Class<?> mainClass, String... jvmArgs) throws Exception {
        List<String> args = new ArrayList<>(List.of(jvmArgs));
        args.add("-cp");
        args.add(System.getProperty("java.class.path"));
        return runWith(mainClass, args);
    }

    /**
     * Runs {@code mainClass} with {@code jvmArgs}, which give its class path (and module path) themselves; fails if it
     * does not end within a minute.
     */
    public static String runWith(Class<?> mainClass, List<String> jvmArgs) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(new File(System.getProperty("java.home"), "bin/java").getPath());
        cmd.addAll(jvmArgs);
        cmd.add(mainClass.getName());
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("JVM did not finish: " + cmd);
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
