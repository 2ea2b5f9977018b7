package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Damaged input gives a ZstdFormatException and nothing else: no index error, no endless loop, no other exception. */
class CorruptInputTest {

    @TempDir
    static Path dir;

    private static final List<Kernels> KERNELS = AllKernels.LIST;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    /** Small frames that exercise every section: Huffman literals, FSE and predefined tables, raw and RLE. */
    private static List<byte[][]> frames() throws IOException {
        List<byte[][]> out = new ArrayList<>();
        for (byte[] data : List.of(TestData.text(1500, 1), TestData.binary(2000, 2), TestData.random(300, 3),
                new byte[700], TestData.text(40, 4))) {
            for (String level : new String[] {"-1", "-19"}) {
                out.add(new byte[][] {data, ZstdCli.compress(dir, data, level)});
            }
        }
        return out;
    }

    /**
     * Decodes with each kernel: the original, a format error, or (no checksum fooled) never anything
     * else; then the same context decodes the undamaged frame {@code pristine}, so that nothing a
     * failed frame left in the context (tables rebuilt in place, repeat offsets) leaks into the next.
     */
    private static void decodeDamaged(byte[] original, byte[] pristine, byte[] damaged, String what)
            throws ZstdFormatException {
        for (Kernels k : KERNELS) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
            try {
                byte[] out = d.decompress(damaged);
                // every frame here has a checksum: content that decodes must be the original
                assertArrayEquals(original, out, what + ": decoded to different content without an error");
            } catch (ZstdFormatException expected) {
                // the one acceptable failure
            } catch (RuntimeException | Error e) {
                fail(what + " with " + k + ": " + e, e);
            }
            assertArrayEquals(original, d.decompress(pristine), what + ": then the undamaged frame, same context");
        }
    }

    @Test
    void everyByteFlipped() throws IOException {
        for (byte[][] f : frames()) {
            byte[] z = f[1];
            for (int i = 0; i < z.length; i++) {
                for (int mask : new int[] {0xFF, 1 << (i % 8)}) {
                    byte[] damaged = z.clone();
                    damaged[i] ^= (byte) mask;
                    decodeDamaged(f[0], z, damaged, "byte " + i + " ^ 0x" + Integer.toHexString(mask) + " of " + z.length);
                }
            }
        }
    }

    @Test
    void everyTruncation() throws IOException {
        for (byte[][] f : frames()) {
            byte[] z = f[1];
            for (int n = 0; n < z.length; n++) {
                byte[] cut = java.util.Arrays.copyOf(z, n);
                for (Kernels k : KERNELS) {
                    ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
                    assertThrows(ZstdFormatException.class, () -> d.decompress(cut), "first " + n + " of " + z.length + " bytes");
                    assertArrayEquals(f[0], d.decompress(z), "first " + n + " bytes, then the whole frame, same context");
                }
            }
        }
    }

    /**
     * Larger frames (many sequences and 4-stream literals, so the decoder's fast loops run) damaged
     * at random, 1 to 3 bytes at a time, decoded into a new array and into an array of exactly the
     * original's size: the original, a format error, or a destination too small, nothing else.
     */
    @Test
    void randomDamageToLargerFrames() throws IOException {
        java.util.Random random = new java.util.Random(20261130);
        for (byte[] data : List.of(TestData.text(64 << 10, 5), TestData.binary(300_000, 6))) {
            for (String level : new String[] {"-3", "-19"}) {
                byte[] z = ZstdCli.compress(dir, data, level);
                for (int m = 0; m < 150; m++) {
                    byte[] damaged = z.clone();
                    int flips = 1 + random.nextInt(3);
                    StringBuilder what = new StringBuilder(level + " mutant " + m + ":");
                    for (int f = 0; f < flips; f++) {
                        int at = random.nextInt(z.length);
                        damaged[at] ^= (byte) (1 + random.nextInt(255));
                        what.append(' ').append(at);
                    }
                    decodeDamaged(data, z, damaged, what.toString());
                    decodeDamagedInto(data, z, damaged, what.toString());
                }
            }
        }
    }

    /** As {@link #decodeDamaged}, into a caller's array of the original's size. */
    private static void decodeDamagedInto(byte[] original, byte[] pristine, byte[] damaged, String what)
            throws ZstdFormatException {
        for (Kernels k : KERNELS) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
            byte[] out = new byte[original.length];
            try {
                int n = d.decompress(damaged, 0, damaged.length, out, 0, out.length);
                assertArrayEquals(original, java.util.Arrays.copyOf(out, n), what + ": decoded to different content");
            } catch (ZstdFormatException expected) {
                // a format error
            } catch (IllegalArgumentException e) {
                if (!e.getMessage().startsWith("destination too small")) {
                    fail(what + " with " + k + ": " + e, e);
                }
            } catch (RuntimeException | Error e) {
                fail(what + " with " + k + ": " + e, e);
            }
            int n = d.decompress(pristine, 0, pristine.length, out, 0, out.length);
            assertArrayEquals(original, java.util.Arrays.copyOf(out, n), what + ": then the undamaged frame, same context");
        }
    }
}
