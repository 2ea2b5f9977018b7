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

    private static ChildJvm.Result array(Path f, String... cap) throws IOException {
        List<String> args = new java.util.ArrayList<>(List.of("array", f.toString()));
        args.addAll(List.of(cap));
        return ChildJvm.run(dir, List.of(), BoundedMemoryMain.class, args.toArray(new String[0]));
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
        ChildJvm.Result a = array(f);
        assertEquals("OK 256", a.out().strip(), a.toString());
    }

    /**
     * A frame that declares 100,000,000 bytes (and a 128 MiB window) and holds 5,000: the stream
     * and the array API allocate as they decode, so they read the 5,000 bytes and report the frame
     * short; with the default output cap (64 MiB) the array API refuses it before decoding.
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
        ChildJvm.Result capped = array(f);
        assertTrue(capped.out().startsWith("ZstdFormatException: offset 0: the frames declare 100000000 bytes of content,"
                + " more than this context's output cap of 67108864 bytes"), capped.toString());
        ChildJvm.Result uncapped = array(f, String.valueOf(1L << 30));
        assertTrue(uncapped.out().startsWith("ZstdFormatException: offset 5013: " + shortFrame), uncapped.toString());
    }

    /**
     * 4 KiB of RLE blocks that regenerate 128 MiB: the stream keeps its 1 MiB window, no more; the
     * array API stops at its output cap (16 MiB here: in a 64 MiB heap the default 64 MiB cannot
     * be reached, see {@link OutputCapTest} for that one) with an error that names it.
     */
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
        // 128 blocks of 128 KiB fill 16 MiB; the 129th block's header, at 6 + 128 * 4, passes the cap
        ChildJvm.Result a = array(f, String.valueOf(16 * MIB));
        assertEquals("ZstdFormatException: offset 518: the content exceeds this context's output cap of 16777216 bytes"
                + " (ZstdDecompressor.Builder.maxOutputSize); raise it, or decode into a caller's array or through"
                + " ZstdInputStream", a.out().strip(), a.toString());
    }

    /**
     * A 4 KiB bomb of 128 MiB, twice the default cap, in a 128 MiB heap with each collector, whatever its window: the
     * cap's error, where the blocks pass it, before any array is made (the array grew to the cap first, keeping 32 and
     * 64 MiB live at once: an OutOfMemoryError, not the cap's error).
     */
    @Test
    void aBombOverTheDefaultCapIsTheCapsErrorInA128MiBHeap() throws IOException {
        List<String> failed = new java.util.ArrayList<>();
        for (int windowLog : new int[] {20, 27}) {
            Path f = write("bomb-over-cap-" + windowLog + ".zst", HostileFrames.rleBomb(128 * MIB, windowLog));
            for (String gc : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseParallelGC")) {
                ChildJvm.Result r = ChildJvm.run(dir, List.of("-Xmx128m", gc), BoundedMemoryMain.class, "array",
                        f.toString());
                // 512 blocks of 128 KiB fill 64 MiB; the 513th block's header, at 6 + 512 * 4, passes the cap
                if (!r.out().strip().equals("ZstdFormatException: offset 2054: the content exceeds this context's output"
                        + " cap of 67108864 bytes (ZstdDecompressor.Builder.maxOutputSize); raise it, or decode into a"
                        + " caller's array or through ZstdInputStream")) {
                    failed.add("window 2^" + windowLog + " " + gc + ": " + r);
                }
            }
        }
        assertEquals(List.of(), failed);
    }

    /**
     * The array API at its default cap, 64 MiB, on a 4 KiB bomb of that much content, in a 128 MiB heap with each
     * collector: RLE blocks say their size, so the array is made once, exactly (growing by doubling kept 32 and
     * 64 MiB live at once, 96 MiB, an OutOfMemoryError in a 128 MiB heap).
     */
    @Test
    void theArrayApiDecodesABombOfItsDefaultCapInA128MiBHeapWithEachCollector() throws IOException {
        byte[] z = HostileFrames.rleBomb(ZstdDecompressor.DEFAULT_MAX_OUTPUT_SIZE, 20);
        assertTrue(z.length < 2200, z.length + " bytes");
        Path f = write("bomb64.zst", z);
        for (String gc : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseParallelGC")) {
            ChildJvm.Result r = ChildJvm.run(dir, List.of("-Xmx128m", gc), BoundedMemoryMain.class, "array",
                    f.toString());
            assertEquals("OK " + ZstdDecompressor.DEFAULT_MAX_OUTPUT_SIZE, r.out().strip(), gc + ": " + r);
        }
    }

    /**
     * The same bomb as the reference compressor writes it: {@code zstd} of 64 MiB of zeros is about 2 KB of RLE
     * blocks and a few compressed ones (at level 19, 510 RLE blocks and 2 compressed ones, the first block and the
     * one at 32 MiB; at level 1, 480 and 32), declaring its size or not. In a 128 MiB heap with each collector the
     * array API decodes it in one array of 64 MiB: the raw and RLE blocks' headers give all but a few blocks of the
     * content. (Trusting only 32 times the input, the array grew by doubling and its last growth, at the compressed
     * block at 32 MiB, kept 32 and 64 MiB live at once: an OutOfMemoryError with each collector.)
     */
    @Test
    void theReferenceCompressorsFrameOf64MiBOfZerosDecodesInA128MiBHeapWithEachCollector() throws IOException {
        byte[] zeros = new byte[(int) ZstdDecompressor.DEFAULT_MAX_OUTPUT_SIZE];
        List<String> failed = new java.util.ArrayList<>();
        for (List<String> options : List.of(List.of("-19"), List.of("-19", "--no-content-size"), List.of("-1"))) {
            byte[] z = ZstdCli.compress(dir, zeros, options.toArray(new String[0]));
            assertTrue(z.length < 2400, options + ": " + z.length + " bytes");
            assertArrayEquals(zeros, new ZstdDecompressor().decompress(z), options.toString());
            Path f = write("zeros" + String.join("", options) + ".zst", z);
            for (String gc : List.of("-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseParallelGC")) {
                ChildJvm.Result r = ChildJvm.run(dir, List.of("-Xmx128m", gc), BoundedMemoryMain.class, "array",
                        f.toString());
                if (!r.out().strip().equals("OK " + zeros.length)) {
                    failed.add(options + " " + gc + ": " + r.out().strip());
                }
            }
        }
        assertEquals(List.of(), failed);
    }

    /**
     * A frame of compressed blocks only, beyond 32 to 1 ({@code zstd -3} of 4 KiB of text repeated to 64 MiB: 7,743
     * bytes declaring 64 MiB), grows: its last growth keeps 32 MiB beside the 64 MiB array, 1.5 times the content,
     * which fits the old generation of a 160 MiB heap (two thirds of it) with Serial and Parallel (152 MiB did).
     * Doubling from 32 times the input went from 63.4 MB to 64 MiB, 124.5 MiB live, an OutOfMemoryError there (it
     * took 192 MiB). Not G1: it does not move humongous arrays, and the 32 MiB one left no 65 free regions in a row
     * in 160 MiB (it took 176 MiB).
     */
    @Test
    void aFrameOfCompressedBlocksGrowsTo64MiBWithAtMostHalfOfItBesideIt() throws IOException {
        byte[] text = TestData.text(4096, 38);
        byte[] content = new byte[(int) ZstdDecompressor.DEFAULT_MAX_OUTPUT_SIZE];
        for (int i = 0; i < content.length; i += text.length) {
            System.arraycopy(text, 0, content, i, Math.min(text.length, content.length - i));
        }
        byte[] z = ZstdCli.compress(dir, content, "-3");
        assertTrue(z.length > content.length / 32768 && z.length < content.length / 1024, z.length + " bytes");
        assertArrayEquals(content, new ZstdDecompressor().decompress(z));
        Path f = write("repeated-text.zst", z);
        List<String> failed = new java.util.ArrayList<>();
        for (String gc : List.of("-XX:+UseSerialGC", "-XX:+UseParallelGC")) {
            ChildJvm.Result r = ChildJvm.run(dir, List.of("-Xmx160m", gc), BoundedMemoryMain.class, "array",
                    f.toString());
            if (!r.out().strip().equals("OK " + content.length)) {
                failed.add(gc + ": " + r.out().strip());
            }
        }
        assertEquals(List.of(), failed);
    }

    /**
     * A frame whose 128 MiB window (the default cap) the stream must keep, in a 64 MiB heap: zstd-java cannot
     * decode it there, and says so in one line, never a stack trace.
     */
    @Test
    void zstdJavaOutOfMemoryIsOneLine() throws IOException {
        Path f = write("window.zst", HostileFrames.rleBomb(128 * MIB, 27));
        ChildJvm.Result t = test(f);
        assertEquals(1, t.exit(), t.toString());
        assertEquals("", t.out(), t.toString());
        List<String> lines = t.err().lines().filter(l -> !l.contains("VectorModuleWarning")).toList();
        assertEquals(1, lines.size(), t.toString());
        assertTrue(lines.get(0).startsWith("zstd-java: out of memory (Java heap space) with a heap of "), t.toString());
        assertTrue(lines.get(0).endsWith(" MiB; -d and -t stream, in a window of at most 128 MiB: give the JVM more"
                + " with -Xmx"), t.toString());
    }

    /**
     * A file of 256 MiB mapped as the destination (a direct buffer) and the 267-byte frame mapped
     * read-only as the source: decoded in a 64 MiB heap, with no destination-sized array.
     */
    @Test
    void aSmallFrameDecodesIntoA256MiBMappedDestinationInA64MiBHeap() throws IOException {
        Path f = write("into-mapped.zst", HostileFrames.hugeWindowSmallContent());
        ChildJvm.Result r = ChildJvm.run(dir, List.of(), BoundedMemoryMain.class, "mapped", f.toString(),
                String.valueOf(256 * MIB));
        byte[] content = HostileFrames.smallContent();
        assertEquals("OK 256 " + Long.toHexString(Xxh64.hash(content, 0, content.length, 0)), r.out().strip(), r.toString());
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
