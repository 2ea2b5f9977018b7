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

    private static final List<HuffmanKernel> KERNELS = AllKernels.LIST;

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

    /** Decodes with each kernel: the original, a format error, or (no checksum fooled) never anything else. */
    private static void decodeDamaged(byte[] original, byte[] damaged, String what) {
        for (HuffmanKernel k : KERNELS) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernel(k).build();
            try {
                byte[] out = d.decompress(damaged);
                // every frame here has a checksum: content that decodes must be the original
                assertArrayEquals(original, out, what + ": decoded to different content without an error");
            } catch (ZstdFormatException expected) {
                // the one acceptable failure
            } catch (RuntimeException | Error e) {
                fail(what + " with " + k.getClass().getSimpleName() + ": " + e, e);
            }
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
                    decodeDamaged(f[0], damaged, "byte " + i + " ^ 0x" + Integer.toHexString(mask) + " of " + z.length);
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
                for (HuffmanKernel k : KERNELS) {
                    ZstdDecompressor d = ZstdDecompressor.builder().kernel(k).build();
                    assertThrows(ZstdFormatException.class, () -> d.decompress(cut), "first " + n + " of " + z.length + " bytes");
                }
            }
        }
    }
}
