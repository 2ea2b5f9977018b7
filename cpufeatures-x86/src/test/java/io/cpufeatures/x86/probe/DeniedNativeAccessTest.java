package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.x86.testing.PrintReport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** A JVM that denies native access is reported with the flag to add, not only "ExceptionInInitializerError". */
class DeniedNativeAccessTest {

    /** A JDK 24 or newer on this machine, if there is one (JEP 472's --illegal-native-access). */
    private static Optional<Path> jdk24() throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return Optional.empty();
        }
        try (Stream<Path> s = Files.list(jvms)) {
            return s.filter(p -> p.getFileName().toString().matches(".*-(2[4-9]|[3-9][0-9])(-.*)?"))
                    .map(p -> p.resolve("bin/java")).filter(Files::isExecutable).max(Comparator.naturalOrder());
        }
    }

    @Test
    void aJvmThatDeniesNativeAccessIsReportedWithTheFlagToAdd() throws Exception {
        Optional<Path> java = jdk24();
        assumeTrue(java.isPresent() && System.getProperty("os.arch").matches("amd64|x86_64"), "no JDK 24+ here");
        Process p = new ProcessBuilder(java.get().toString(), "--illegal-native-access=deny", "-Dcpufeatures.probe=native",
                "-cp", System.getProperty("java.class.path"), PrintReport.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(out.contains("failure=native: JNA could not load: java.lang.ExceptionInInitializerError caused by"
                + " java.lang.IllegalCallerException"), out);
        assertTrue(out.contains("--enable-native-access=ALL-UNNAMED"), out);
    }
}
