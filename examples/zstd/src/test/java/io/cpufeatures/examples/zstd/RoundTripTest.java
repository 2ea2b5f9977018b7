package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the reference zstd compresses, every kernel decodes to the original bytes. */
class RoundTripTest {

    @TempDir
    static Path dir;

    private static final List<Kernels> KERNELS = AllKernels.LIST;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    private static Map<String, byte[]> inputs() {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put("empty", new byte[0]);
        m.put("one byte", new byte[] {42});
        m.put("text 5 KB", TestData.text(5000, 1));
        m.put("text 100 KB", TestData.text(100_000, 2));
        m.put("binary 300 KB", TestData.binary(300_000, 3));
        m.put("random 50 KB", TestData.random(50_000, 4));
        m.put("text 128 KiB - 1", TestData.text(131_071, 5));
        m.put("text 128 KiB", TestData.text(131_072, 6));
        m.put("text 128 KiB + 1", TestData.text(131_073, 7));
        m.put("text 256 KiB + 5", TestData.text(262_149, 8));
        return m;
    }

    private static void assertDecodes(byte[] expected, byte[] compressed, String what) throws ZstdFormatException {
        for (Kernels k : KERNELS) {
            ZstdDecompressor d = ZstdDecompressor.builder().kernels(k).build();
            String label = what + " with " + k;
            assertArrayEquals(expected, d.decompress(compressed), label);
            byte[] dst = new byte[expected.length + 7];
            assertEquals(expected.length, d.decompress(compressed, 0, compressed.length, dst, 3, expected.length + 4), label);
            assertArrayEquals(expected, java.util.Arrays.copyOfRange(dst, 3, 3 + expected.length), label + " (into an array)");
        }
    }

    @Test
    void everyLevelWithAndWithoutChecksum() throws IOException {
        for (Map.Entry<String, byte[]> in : inputs().entrySet()) {
            byte[] data = in.getValue();
            List<String[]> options = new ArrayList<>(List.of(new String[] {"-1"}, new String[] {"-3"},
                    new String[] {"-9"}, new String[] {"-3", "--no-check"}, new String[] {"--long", "-3"}));
            if (data.length <= 140_000) {
                options.add(new String[] {"-19"});
                options.add(new String[] {"-19", "--no-check"});
                options.add(new String[] {"--ultra", "-22"});
            }
            for (String[] o : options) {
                assertDecodes(data, ZstdCli.compress(dir, data, o), in.getKey() + " " + String.join(" ", o));
            }
        }
    }

    @Test
    void concatenatedAndSkippableFrames() throws IOException {
        ByteArrayOutputStream z = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        for (int i = 0; i < 5; i++) {
            byte[] part = i % 2 == 0 ? TestData.text(3000 * (i + 1), i) : TestData.binary(7000, i);
            plain.write(part);
            z.write(ZstdCli.compress(dir, part, "-" + (i + 1)));
            if (i == 2) {
                z.write(new byte[] {0x53, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 9, 9, 9});
            }
        }
        assertDecodes(plain.toByteArray(), z.toByteArray(), "5 frames and a skippable one");
    }

    @Test
    void trainedAndRawContentDictionaries() throws IOException {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            samples.add(TestData.text(700 + i * 3, 100 + i));
        }
        byte[] trained = ZstdCli.train(dir, samples, 16_384);
        Path dictFile = dir.resolve("trained.dict");
        java.nio.file.Files.write(dictFile, trained);
        ZstdDictionary dict = ZstdDictionary.parse(trained);
        assertEquals(true, dict.hasEntropy());
        byte[] rawBytes = TestData.text(20_000, 999);
        Path rawFile = dir.resolve("raw.dict");
        java.nio.file.Files.write(rawFile, rawBytes);
        ZstdDictionary raw = ZstdDictionary.parse(rawBytes);
        assertEquals(0, raw.id());
        for (int i = 0; i < 5; i++) {
            byte[] data = TestData.text(600 + 400 * i, 5000 + i);
            for (String level : new String[] {"-1", "-3", "-19"}) {
                byte[] z = ZstdCli.compress(dir, data, level, "-D", dictFile.toString());
                for (Kernels k : KERNELS) {
                    assertArrayEquals(data, ZstdDecompressor.builder().dictionary(dict).kernels(k).build().decompress(z),
                            "trained dictionary, " + level);
                }
                byte[] zr = ZstdCli.compress(dir, data, level, "-D", rawFile.toString());
                for (Kernels k : KERNELS) {
                    assertArrayEquals(data, ZstdDecompressor.builder().dictionary(raw).kernels(k).build().decompress(zr),
                            "raw content dictionary, " + level);
                }
            }
        }
    }

    @Test
    void buffersDirectAndHeap() throws IOException {
        byte[] data = TestData.text(70_000, 77);
        byte[] z = ZstdCli.compress(dir, data, "-3");
        ByteBuffer src = ByteBuffer.allocateDirect(z.length).put(z).flip();
        ByteBuffer dst = ByteBuffer.allocateDirect(data.length + 10);
        assertEquals(data.length, new ZstdDecompressor().decompress(src, dst));
        assertEquals(data.length, dst.position());
        assertEquals(z.length, src.position());
        byte[] got = new byte[data.length];
        dst.flip().get(got);
        assertArrayEquals(data, got);
    }
}
