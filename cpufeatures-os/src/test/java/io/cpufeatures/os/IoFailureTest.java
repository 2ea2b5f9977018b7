package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.FileNotFoundException;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every I/O failure in one line, {@code PATH: Reason}: the OS's reason once (the JDK's reason-less types say theirs),
 * the path once, no exception class. The failures are provoked for real where this machine can, as the JDK reports
 * them.
 */
class IoFailureTest {

    @Test
    void aMissingFileIsNoSuchFileOrDirectory(@TempDir Path dir) {
        Path none = dir.resolve("none");
        IOException e = assertThrows(IOException.class, () -> Files.newInputStream(none).close());
        assertEquals(none + ": No such file or directory", IoFailure.describe(none, e));
        IOException io = assertThrows(IOException.class, () -> new java.io.FileInputStream(none.toFile()).close());
        assertEquals(none + ": No such file or directory", IoFailure.describe(none, io), "java.io's 'PATH (Reason)'");
    }

    @Test
    void aDirectoryGivenAsAFileIsADirectory(@TempDir Path dir) {
        IOException read = assertThrows(IOException.class, () -> Files.readAllBytes(dir));
        assertEquals(dir + ": Is a directory", IoFailure.describe(dir, read));
        IOException write = assertThrows(IOException.class, () -> Files.newOutputStream(dir).close());
        assertEquals(dir + ": Is a directory", IoFailure.describe(dir, write));
        IOException io = assertThrows(IOException.class, () -> new FileOutputStream(dir.toFile()).close());
        assertEquals(dir + ": Is a directory", IoFailure.describe(dir, io));
    }

    /**
     * A write the OS refuses with EACCES: a file closed to this user; as root, who may write any such file, a sysfs
     * attribute without a write method (the kernel refuses its opening for writing, whoever asks: kernfs_fop_open).
     */
    @Test
    void aPermissionDeniedWriteSaysSoOnce(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve("closed"), "x");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("r--r--r--"));
        Path denied = refusesWrites(file) ? file : Path.of("/sys/devices/system/cpu/online");
        assumeTrue(refusesWrites(denied), "a file this user cannot write: " + file + " is writable (root) and "
                + denied + " is not refused with EACCES here");
        IOException nio = assertThrows(IOException.class, () -> Files.newOutputStream(denied).close());
        assertEquals(AccessDeniedException.class, nio.getClass());
        assertEquals(denied + ": Permission denied", IoFailure.describe(denied, nio));
        IOException io = assertThrows(IOException.class, () -> new FileOutputStream(denied.toFile()).close());
        assertEquals(denied + ": Permission denied", IoFailure.describe(denied, io));
        assertEquals("Permission denied", IoFailure.reason(nio));
    }

    private static boolean refusesWrites(Path p) {
        try (OutputStream out = Files.newOutputStream(p)) {
            return false;
        } catch (AccessDeniedException e) {
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    @Test
    void theJdksReasonsAreKeptAndItsPathsNotRepeated() {
        assertEquals("/c/x: No space left on device",
                IoFailure.describe(Path.of("/c"), new FileSystemException("/c/x", null, "No space left on device")),
                "the file that failed, not the directory asked about");
        assertEquals("/a -> /b: Operation not permitted",
                IoFailure.describe(Path.of("/a"), new FileSystemException("/a", "/b", "Operation not permitted")));
        assertEquals("/x: Permission denied", IoFailure.describe(Path.of("/x"), new AccessDeniedException("/x")));
        assertEquals("/x: No such file or directory", IoFailure.describe(Path.of("/x"), new NoSuchFileException("/x")));
        assertEquals("/x: FileSystemException", IoFailure.describe(Path.of("/x"), new FileSystemException("/x")),
                "no reason: the type, not the path again");
        assertEquals("<stdout>: Bad file descriptor", IoFailure.describe("<stdout>", new IOException("Bad file descriptor")));
        assertEquals("/x: Read-only file system",
                IoFailure.describe(Path.of("/x"), new FileNotFoundException("/x (Read-only file system)")));
        assertEquals("<stdin>: EOFException", IoFailure.describe("<stdin>", new java.io.EOFException()));
    }
}
