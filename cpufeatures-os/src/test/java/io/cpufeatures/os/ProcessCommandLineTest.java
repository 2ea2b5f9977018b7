package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** The command line as the kernel keeps it: split at NUL bytes, and this test JVM's own read live on Linux. */
class ProcessCommandLineTest {

    @Test
    void argumentsAreSplitAtTheirNulBytes() {
        byte[] bytes = "java\0-Xint\0\0Main\0".getBytes(StandardCharsets.UTF_8);
        assertEquals(List.of("java", "-Xint", "", "Main"), ProcessCommandLine.split(bytes));
        assertEquals(List.of("java", "rewritten"), ProcessCommandLine.split("java\0rewritten".getBytes(StandardCharsets.UTF_8)));
        assertEquals(List.of(), ProcessCommandLine.split(new byte[0]));
    }

    @Test
    void thisJvmsCommandLineAndProgramAreItsOwn() throws Exception {
        Assumptions.assumeTrue(OperatingSystem.current() == OperatingSystem.LINUX, "procfs is Linux's");
        List<String> argv = ProcessCommandLine.arguments();
        assertNotNull(argv);
        // surefire starts this JVM with its own java and its main class or jar among the arguments
        assertTrue(argv.size() > 1, argv.toString());
        String exe = ProcessCommandLine.executable();
        assertEquals(new File(System.getProperty("java.home"), "bin/java").getCanonicalPath(), exe);
    }
}
