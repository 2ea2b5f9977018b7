package io.cpufeatures.examples.raid;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** Prints the process-wide xor selection and one xor: run in a JVM without the Vector API module. */
public final class PrintXorSelection {

    private PrintXorSelection() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.out.print(XorGen.POINT.selection().explain().format());
        byte[] dest = new byte[1];
        XorGen.xorGen(dest, 0, new byte[][] {{1}, {2}}, 0, 1);
        System.out.println("xor of [1, 2] = " + dest[0]);
    }

    /** Runs {@link #main} in a fresh JVM on the test class path (no added modules) and returns what it printed. */
    static String runInFreshJvm() throws Exception {
        Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                System.getProperty("java.class.path"), PrintXorSelection.class.getName()).redirectErrorStream(true).start();
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("the JVM did not finish within a minute");
        }
        return new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    }
}
