package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The content-addressed cache native variants are unpacked to. */
class NativeCacheTest {

    @TempDir
    Path dir;

    private static final byte[] LIB = "not really ELF, but bytes with a hash".getBytes();
    private static final String HASH = NativeCache.sha256(LIB);

    private static InputStream in() {
        return new ByteArrayInputStream(LIB);
    }

    private List<String> files() throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void aLibraryIsWrittenOnceUnderItsHashAndReused() throws Exception {
        NativeCache cache = new NativeCache(dir);
        Path first = cache.unpack(in(), "libxor.so", HASH, "v3");
        assertEquals(dir.resolve(HASH).resolve("libxor.so"), first);
        assertArrayEquals(LIB, Files.readAllBytes(first));
        FileTime written = Files.getLastModifiedTime(first);
        Files.setLastModifiedTime(first, FileTime.fromMillis(written.toMillis() - 60_000));
        Path again = new NativeCache(dir).unpack(in(), "libxor.so", HASH.toUpperCase(), "v3");
        assertEquals(first, again);
        assertEquals(written.toMillis() - 60_000, Files.getLastModifiedTime(again).toMillis(), "reused, not rewritten");
        assertEquals(List.of(HASH + "/libxor.so"), files(), "no temporary file left");
    }

    @Test
    void aCachedFileThatNoLongerHashesToItsNameIsWrittenAgain() throws Exception {
        Path p = new NativeCache(dir).unpack(in(), "libxor.so", HASH, "v3");
        Files.write(p, "tampered".getBytes());
        assertArrayEquals(LIB, Files.readAllBytes(new NativeCache(dir).unpack(in(), "libxor.so", HASH, "v3")));
    }

    @Test
    void aResourceWhoseHashDiffersIsRefusedAndNothingIsWritten() throws Exception {
        String other = NativeCache.sha256("something else".getBytes());
        IOException e = assertThrows(IOException.class, () -> new NativeCache(dir).unpack(in(), "libxor.so", other,
                "native/linux-x86_64/x86-64-v3/libxor.so"));
        assertEquals("native/linux-x86_64/x86-64-v3/libxor.so: its SHA-256 is " + HASH + ", the manifest says " + other
                + "; not loaded (a damaged jar, or a file replaced on the class path)", e.getMessage());
        assertEquals(List.of(), files());
        assertTrue(assertThrows(IOException.class, () -> new NativeCache(dir).unpack(in(), "libxor.so", "abc", "v3"))
                .getMessage().contains("is not 64 hexadecimal digits"));
        assertTrue(assertThrows(IOException.class, () -> new NativeCache(dir).unpack(in(), "../evil.so", HASH, "v3"))
                .getMessage().contains("is not a plain file name"));
    }
}
