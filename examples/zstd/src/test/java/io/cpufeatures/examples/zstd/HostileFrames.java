package io.cpufeatures.examples.zstd;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;

/**
 * Frames written byte by byte (RFC 8878 section 3.1.1) that cost a careless decoder memory: a
 * bomb of RLE blocks, a tiny frame naming a huge window, a header that claims far more content
 * than its blocks hold. Each is a few KB at most, so the tests need no {@code zstd} command.
 */
final class HostileFrames {

    private static final int MAGIC = 0xFD2FB528;

    private HostileFrames() {
    }

    /**
     * A frame of RLE blocks of 128 KiB (4 input bytes each) regenerating {@code total} bytes of
     * {@code 'z'} (a multiple of 128 KiB), with a window of {@code 1 << windowLog} and no content
     * size: the only way to know its size is to decode it.
     */
    static byte[] rleBomb(long total, int windowLog) {
        ByteArrayOutputStream f = header(0x00, windowLog);
        long blocks = total / BlockDecoder.MAX_BLOCK;
        for (long i = 0; i < blocks; i++) {
            block(f, i == blocks - 1, 1, BlockDecoder.MAX_BLOCK);
            f.write('z');
        }
        return f.toByteArray();
    }

    /**
     * The 267-byte valid frame: a window of 128 MiB (descriptor 0x88, not single-segment), a
     * declared content size of 256 bytes (2-byte field 0), one raw block of 256 bytes
     * ({@link #smallContent()}).
     */
    static byte[] hugeWindowSmallContent() {
        ByteArrayOutputStream f = header(0x40, 27);
        f.writeBytes(new byte[] {0, 0});
        block(f, true, 0, 256);
        f.writeBytes(smallContent());
        return f.toByteArray();
    }

    /** The content of {@link #hugeWindowSmallContent()}: bytes 0 to 255. */
    static byte[] smallContent() {
        byte[] b = new byte[256];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) i;
        }
        return b;
    }

    /**
     * A frame that declares {@code declared} bytes of content (4-byte field) with a window of
     * 128 MiB, but holds one raw block of {@code held} bytes: malformed, found only by decoding.
     */
    static byte[] declaresMoreThanItHolds(long declared, int held) {
        ByteArrayOutputStream f = header(0x80, 27);
        for (int i = 0; i < 4; i++) {
            f.write((int) (declared >>> (8 * i)));
        }
        block(f, true, 0, held);
        byte[] content = new byte[held];
        Arrays.fill(content, (byte) 'x');
        f.writeBytes(content);
        return f.toByteArray();
    }

    /**
     * A frame that declares {@code total} bytes of content (a multiple of 128 KiB, 4-byte field)
     * and holds them honestly in RLE blocks: a ratio of 32768, far beyond what a decoder can trust
     * a header for.
     */
    static byte[] honestRleFrame(long total) {
        ByteArrayOutputStream f = header(0x80, 20);
        for (int i = 0; i < 4; i++) {
            f.write((int) (total >>> (8 * i)));
        }
        long blocks = total / BlockDecoder.MAX_BLOCK;
        for (long i = 0; i < blocks; i++) {
            block(f, i == blocks - 1, 1, BlockDecoder.MAX_BLOCK);
            f.write((int) i);
        }
        return f.toByteArray();
    }

    /** What {@link #honestRleFrame} decodes to. */
    static byte[] honestRleContent(long total) {
        byte[] b = new byte[(int) total];
        for (int i = 0; i < b.length; i += BlockDecoder.MAX_BLOCK) {
            Arrays.fill(b, i, i + BlockDecoder.MAX_BLOCK, (byte) (i / BlockDecoder.MAX_BLOCK));
        }
        return b;
    }

    /** Magic, descriptor {@code descriptor} (not single-segment), a window of {@code 1 << windowLog}. */
    private static ByteArrayOutputStream header(int descriptor, int windowLog) {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        for (int i = 0; i < 4; i++) {
            f.write(MAGIC >>> (8 * i));
        }
        f.write(descriptor);
        f.write((windowLog - 10) << 3);
        return f;
    }

    /** A block header: last flag, type (0 raw, 1 RLE), size. */
    private static void block(ByteArrayOutputStream f, boolean last, int type, int size) {
        int h = (last ? 1 : 0) | type << 1 | size << 3;
        f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)});
    }
}
