package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link NativeLibraries#place}: the steps the x86 probe library and dispatch's native variants share, each refusal
 * in one line, and a cache no library escapes refused for every later one without reading its bytes.
 */
class NativeLibrariesTest {

    private static final byte[] LIB = "the bytes of a library".getBytes();
    private static final String SHA = NativeLibraries.sha256(LIB);

    @TempDir
    Path dir;
    private String before;

    @BeforeEach
    void ownCache() throws IOException {
        assumeTrue(PathSafety.forThisProcess().posix(), "POSIX file owners");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        before = System.getProperty(NativeCache.DIRECTORY_PROPERTY);
    }

    @AfterEach
    void restore() {
        if (before == null) {
            System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
        } else {
            System.setProperty(NativeCache.DIRECTORY_PROPERTY, before);
        }
    }

    private static NativeManifest.Entry entry(String platform, String sha) {
        return new NativeManifest.Entry(platform, "v", "libx.so", sha, "-", "m:2");
    }

    private static NativeLibraries.Resource bytes(byte[] b, AtomicInteger opened) {
        return () -> {
            opened.incrementAndGet();
            return b == null ? null : new ByteArrayInputStream(b);
        };
    }

    @Test
    void theLibraryIsVerifiedCheckedAndPlacedInTheCache() throws Exception {
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, dir.resolve("cache").toString());
        AtomicInteger opened = new AtomicInteger();
        try (NativeCache.Prepared p = NativeLibraries.place(entry(NativePlatform.current(), SHA), "m", bytes(LIB, opened),
                true, b -> b.length == LIB.length ? null : "wrong")) {
            assertArrayEquals(LIB, Files.readAllBytes(p.path()));
            assertTrue(p.written());
            assertEquals(dir.toRealPath().resolve("cache").resolve(SHA).resolve("libx.so"), p.path(), "the cache's entry");
        }
        assertEquals(1, opened.get());
    }

    @Test
    void eachRefusalSaysWhatAndWhere() {
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, dir.resolve("cache").toString());
        AtomicInteger opened = new AtomicInteger();
        String other = NativePlatform.current().startsWith("windows-") ? "linux-x86_64" : "windows-x86_64";
        NativeLoadException platform = assertThrows(NativeLoadException.class,
                () -> NativeLibraries.place(entry(other, SHA), "m", bytes(LIB, opened), true, null));
        assertEquals("built for " + other + "; this process is " + NativePlatform.current(), platform.getMessage());
        assertEquals(0, opened.get(), "not even opened");
        String here = NativePlatform.current();
        assertEquals(here + "/v/libx.so is not on the class path beside m", assertThrows(NativeLoadException.class,
                () -> NativeLibraries.place(entry(here, SHA), "m", bytes(null, opened), true, null)).getMessage());
        String wrong = "b".repeat(64);
        assertEquals(here + "/v/libx.so: its SHA-256 is " + SHA + ", the manifest says " + wrong + "; not loaded (a damaged"
                + " jar, or a file replaced on the class path)", assertThrows(NativeLoadException.class,
                        () -> NativeLibraries.place(entry(here, wrong), "m", bytes(LIB, opened), true, null)).getMessage());
        NativeLoadException check = assertThrows(NativeLoadException.class,
                () -> NativeLibraries.place(entry(here, SHA), "m", bytes(LIB, opened), true, b -> "its note says no"));
        assertEquals("its note says no", check.getMessage());
        assertFalse(check.everyLibrary());
        assertFalse(Files.exists(dir.resolve("cache")), "nothing written for a library refused before the cache");
    }

    @Test
    void aCacheOthersCanWriteIsRefusedOnceAndEveryLaterLibraryWithoutReadingItsBytes() throws Exception {
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxrwxrwx"));
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, open.resolve("cache").toString());
        AtomicInteger opened = new AtomicInteger();
        String here = NativePlatform.current();
        NativeLoadException first = assertThrows(NativeLoadException.class,
                () -> NativeLibraries.place(entry(here, SHA), "m", bytes(LIB, opened), false, null));
        assertTrue(first.everyLibrary());
        assertTrue(first.getMessage().contains("is not safe to load code from"), first.getMessage());
        assertEquals(1, opened.get());
        NativeLoadException later = assertThrows(NativeLoadException.class,
                () -> NativeLibraries.place(entry(here, NativeLibraries.sha256(new byte[1])), "m",
                        bytes(new byte[1], opened), false, null));
        assertEquals(first.getMessage(), later.getMessage());
        assertEquals(1, opened.get(), "the later library's bytes are not read");
        try (var s = Files.list(open)) {
            assertEquals(0, s.count(), "nothing written to a cache others can write");
        }
    }

    @Test
    void aResourceIsReadFromItsClasssOwnJarOrDirectoryAsTheClassLoaderWouldGiveIt() throws Exception {
        for (Class<?> owner : new Class<?>[] {Test.class, NativeLibrariesTest.class, String.class}) {
            // a jar (JUnit's), a directory (this test's classes), the runtime image (no code source: the loader's way)
            String name = "/" + owner.getName().replace('.', '/') + ".class";
            byte[] viaLoader;
            try (InputStream in = owner.getResourceAsStream(name)) {
                viaLoader = in.readAllBytes();
            }
            assertArrayEquals(viaLoader, NativeLibraries.ownResource(owner, name, 1 << 20), name);
            assertEquals(11, NativeLibraries.ownResource(owner, name, 10).length, "at most one byte past the most");
            assertNull(NativeLibraries.ownResource(owner, "/no/such/resource", 10));
        }
        assertThrows(IllegalArgumentException.class, () -> NativeLibraries.ownResource(Test.class, "relative", 1));
    }
}
