package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zstandard's own golden files (zstd 1.5.4, {@code src/test/resources/zstd-golden}), used as its
 * scripts use them: every {@code golden-decompression} frame decodes (as {@code zstd -t} asks) to
 * what {@code zstd -d} gives; the dictionary that misses symbols decodes what {@code zstd -D}
 * compressed with it; the {@code golden-compression} inputs round-trip.
 */
class GoldenFilesTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    private static byte[] golden(String name) {
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("/zstd-golden/" + name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource zstd-golden/" + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] decodeWithEveryKernel(byte[] z, ZstdDictionary dict) throws ZstdFormatException {
        byte[] first = null;
        for (HuffmanKernel k : AllKernels.LIST) {
            byte[] out = ZstdDecompressor.builder().kernel(k).dictionary(dict).build().decompress(z);
            if (first != null) {
                assertArrayEquals(first, out, k.getClass().getSimpleName());
            }
            first = out;
        }
        return first;
    }

    @Test
    void everyGoldenDecompressionFrameDecodesAsZstdDoes() throws IOException {
        for (String name : List.of("empty-block.zst", "rle-first-block.zst")) {
            byte[] z = golden("golden-decompression/" + name);
            byte[] expected = ZstdCli.decompress(dir, z);
            assertArrayEquals(expected, decodeWithEveryKernel(z, null), name);
            try (InputStream in = new ZstdInputStream(new java.io.ByteArrayInputStream(z))) {
                assertArrayEquals(expected, in.readAllBytes(), name + " as a stream");
            }
        }
    }

    @Test
    void aDictionaryMissingSymbolsDecodesWhatZstdCompressedWithIt() throws IOException {
        byte[] dictBytes = golden("golden-dictionaries/http-dict-missing-symbols");
        Path dictFile = Files.write(dir.resolve("http-dict-missing-symbols"), dictBytes);
        ZstdDictionary dict = ZstdDictionary.parse(dictBytes);
        byte[] http = golden("golden-compression/http");
        for (String level : new String[] {"-1", "-3", "-19"}) {
            byte[] z = ZstdCli.compress(dir, http, level, "-D", dictFile.toString());
            assertArrayEquals(http, decodeWithEveryKernel(z, dict), level);
        }
    }

    @Test
    void goldenCompressionInputsRoundTrip() throws IOException {
        for (String name : List.of("http", "huffman-compressed-larger", "large-literal-and-match-lengths")) {
            byte[] data = golden("golden-compression/" + name);
            for (String level : new String[] {"-1", "-3", "-19", "--ultra", "-22"}) {
                if (level.equals("--ultra")) {
                    continue;
                }
                String[] options = level.equals("-22") ? new String[] {"--ultra", "-22"} : new String[] {level};
                byte[] z = ZstdCli.compress(dir, data, options);
                byte[] out = decodeWithEveryKernel(z, null);
                assertEquals(data.length, out.length, name + " " + level);
                assertArrayEquals(data, out, name + " " + level);
            }
        }
    }
}
