package io.cpufeatures.examples.raid;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** {@code java -jar raid-xor.jar}: a bad cpufeatures.* property is one line on stderr, never a stack trace. */
class XorSelectionCommandTest {

    @Test
    void aBadPropertyIsOneLineAndExitCode2() throws Exception {
        Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(),
                "-Dcpufeatures.disable=avx513", "-cp", System.getProperty("java.class.path"),
                XorSelectionCommand.class.getName()).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertEquals(2, p.exitValue(), err);
        assertEquals(1, err.lines().count(), err);
        assertTrue(err.startsWith("raid-xor: cpufeatures.disable: unknown feature 'avx513'"), err);
    }
}
