package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile input within the format's bounds decodes, or is refused with a format error, in a JVM of
 * 64 MiB ({@link ChildJvm}): never an {@code OutOfMemoryError} because a header claimed a size.
 */
class BoundedMemoryTest {

    private static final long MIB = 1 << 20;

    @TempDir
    static Path dir;

    private static Path write(String name, byte[] z) throws IOException {
        Path f = dir.resolve(name);
        Files.write(f, z);
        return f;
    }

    private static ChildJvm.Result stream(Path f) throws IOException {
        return ChildJvm.run(dir, List.of(), BoundedMemoryMain.class, "stream", f.toString());
    }

    private static ChildJvm.Result test(Path f) throws IOException {
        return ChildJvm.run(dir, List.of(), ZstdCommand.class, "-t", f.toString());
    }

    /**
     * 267 bytes that name a 128 MiB window but declare 256 bytes of content: the stream needs
     * 256 bytes of buffer (as libzstd, which {@code zstd -t} shows decoding it in under 3 MB), not
     * the window.
     */
    @Test
    void aSmallFrameNamingA128MiBWindowStreamsInA64MiBHeap() throws IOException {
        byte[] z = HostileFrames.hugeWindowSmallContent();
        assertEquals(267, z.length);
        try (InputStream in = new ZstdInputStream(new ByteArrayInputStream(z))) {
            assertArrayEquals(HostileFrames.smallContent(), in.readAllBytes());
        }
        Path f = write("huge-window.zst", z);
        ChildJvm.Result s = stream(f);
        assertEquals("OK 256", s.out().strip(), s.toString());
        ChildJvm.Result t = test(f);
        assertEquals(0, t.exit(), t.toString());
        assertEquals(f + ": OK (256 bytes)", t.out().strip(), t.toString());
    }

    /**
     * A frame that declares 100,000,000 bytes (and a 128 MiB window) and holds 5,000: the stream
     * allocates as it decodes, so it reads the 5,000 bytes and reports the frame short.
     */
    @Test
    void aFrameDeclaring100MBThatHoldsAFewKBIsAFormatErrorInA64MiBHeap() throws IOException {
        Path f = write("declares-100mb.zst", HostileFrames.declaresMoreThanItHolds(100_000_000, 5000));
        String shortFrame = "the frame declares 100000000 bytes of content but decodes to 5000";
        ChildJvm.Result s = stream(f);
        assertTrue(s.out().startsWith("ZstdFormatException: offset 5013: " + shortFrame), s.toString());
        ChildJvm.Result t = test(f);
        assertEquals(1, t.exit(), t.toString());
        assertEquals("zstd-java: " + f + ": offset 5013: " + shortFrame, t.err().strip(), t.toString());
    }

    /** 4 KiB of RLE blocks that regenerate 128 MiB: the stream keeps its 1 MiB window, no more. */
    @Test
    void a128MiBRleBombStreamsInA64MiBHeap() throws IOException {
        byte[] z = HostileFrames.rleBomb(128 * MIB, 20);
        assertTrue(z.length < 4200, z.length + " bytes");
        Path f = write("bomb.zst", z);
        ChildJvm.Result s = stream(f);
        assertEquals("OK " + 128 * MIB, s.out().strip(), s.toString());
        ChildJvm.Result t = test(f);
        assertEquals(0, t.exit(), t.toString());
        assertEquals(f + ": OK (" + 128 * MIB + " bytes)", t.out().strip(), t.toString());
    }

    /** Content past what a frame declares is refused at the block that overruns, by the stream as by arrays. */
    @Test
    void aStreamRefusesContentPastTheDeclaredSizeAtTheBlock() throws IOException {
        // declares 256 bytes (2-byte field 0), then a raw block of 300
        byte[] z = new byte[8 + 3 + 300];
        System.arraycopy(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x40, 0x00, 0x00, 0x00}, 0, z, 0, 8);
        int h = 1 | 300 << 3;
        z[8] = (byte) h;
        z[9] = (byte) (h >>> 8);
        z[10] = (byte) (h >>> 16);
        try (InputStream in = new ZstdInputStream(new ByteArrayInputStream(z))) {
            ZstdFormatException e = org.junit.jupiter.api.Assertions.assertThrows(ZstdFormatException.class, in::readAllBytes);
            assertEquals("offset 8: the frame decodes to more than the content size its header declares", e.getMessage());
        }
    }
}
