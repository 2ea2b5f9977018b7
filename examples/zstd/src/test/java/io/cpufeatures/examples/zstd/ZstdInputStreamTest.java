package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZstdInputStreamTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    /** Reads everything, in odd-sized pieces, from an input that hands out a few bytes at a time. */
    private static byte[] readAll(byte[] z, ZstdDictionary dict, long cap) throws IOException {
        InputStream trickle = new ByteArrayInputStream(z) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1 + (pos % 7)));
            }
        };
        try (ZstdInputStream in = new ZstdInputStream(trickle, cap, dict)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            byte[] buf = new byte[1000];
            int n;
            while ((n = in.read(buf, 0, 1 + out.size() % buf.length)) >= 0) {
                out.write(buf, 0, n);
            }
            return out.toByteArray();
        }
    }

    @Test
    void streamsLargerThanTheWindowAndConcatenatedFrames() throws IOException {
        byte[] big = TestData.text(3_000_000, 11);
        // a 1 MiB window (--zstd=wlog=20) over 3 MB of text: the stream slides its window
        byte[] z = ZstdCli.compress(dir, big, "-3", "--zstd=wlog=20");
        assertArrayEquals(big, readAll(z, null, ZstdDecompressor.DEFAULT_WINDOW_CAP));
        byte[] small = TestData.binary(50_000, 12);
        ByteArrayOutputStream two = new ByteArrayOutputStream();
        two.write(ZstdCli.compress(dir, small, "-1"));
        two.write(new byte[] {0x50, 0x2A, 0x4D, 0x18, 2, 0, 0, 0, 1, 2});
        two.write(ZstdCli.compress(dir, small, "-19", "--no-check"));
        byte[] expected = new byte[small.length * 2];
        System.arraycopy(small, 0, expected, 0, small.length);
        System.arraycopy(small, 0, expected, small.length, small.length);
        assertArrayEquals(expected, readAll(two.toByteArray(), null, ZstdDecompressor.DEFAULT_WINDOW_CAP));
    }

    @Test
    void aWindowBeyondTheCapAndDamagedStreamsAreFormatErrors() throws IOException {
        byte[] data = TestData.text(2_000_000, 13);
        byte[] z = ZstdCli.compress(dir, data, "-3", "--zstd=wlog=20");
        ZstdFormatException cap = assertThrows(ZstdFormatException.class, () -> readAll(z, null, 1 << 19));
        assertTrue(cap.getMessage().contains("exceeds this decoder's cap"), cap.getMessage());
        for (int n : new int[] {0, 3, 7, z.length / 2, z.length - 1}) {
            assertThrows(ZstdFormatException.class, () -> readAll(Arrays.copyOf(z, n), null, 1 << 27), "first " + n);
        }
        byte[] flipped = z.clone();
        flipped[flipped.length - 2] ^= 0x40;
        assertThrows(ZstdFormatException.class, () -> readAll(flipped, null, 1 << 27));
    }

    @Test
    void aWrongMagicNumberIsReportedAsSuchWhateverFollows() {
        // 7 bytes: a wrong magic, then too few bytes for any header; the magic is what is wrong
        for (byte[] input : new byte[][] {"garbage".getBytes(java.nio.charset.StandardCharsets.US_ASCII),
            "not a zstd file at all".getBytes(java.nio.charset.StandardCharsets.US_ASCII)}) {
            ZstdFormatException e = assertThrows(ZstdFormatException.class, () -> readAll(input, null, 1 << 27));
            assertTrue(e.getMessage().startsWith("offset 0: magic number 0x") && e.getMessage().contains("is not a Zstandard frame"),
                    e.getMessage());
        }
    }
}
