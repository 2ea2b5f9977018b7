package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

class HostToolsTest {

    @Test
    void aMissingToolSkipsWithOneLineNamingItAndWhatBringsIt() {
        TestAbortedException e = assertThrows(TestAbortedException.class,
                () -> HostTools.require(false, "qemu-aarch64", "Debian package qemu-user", false));
        assertEquals("for want of qemu-aarch64 (Debian package qemu-user)", e.getMessage());
    }

    @Test
    void underCiTheSameAbsenceFails() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> HostTools.require(false, "zstd", "Debian package zstd", true));
        assertEquals("CI=true and this test needs zstd, which is missing (Debian package zstd; .ci/run installs it)",
                e.getMessage());
    }

    @Test
    void aPresentToolGoesOnWhateverCiSays() {
        HostTools.require(true, "zstd", "Debian package zstd", true);
        HostTools.require(true, "zstd", "Debian package zstd", false);
    }

    @Test
    void commandsAreFoundOnThePathOnly() {
        // the JVM running this test is a file, not a command on PATH by that absolute name
        assertNull(HostTools.find("no-such-command-" + System.nanoTime()));
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        assertNull(HostTools.find(java.toString() + "-not-there"));
        String sh = System.getProperty("os.name").startsWith("Windows") ? null : "sh";
        if (sh != null) {
            Path p = HostTools.find(sh);
            assertNotNull(p, "sh is on every POSIX PATH");
            assertTrue(p.isAbsolute());
        }
    }
}
