package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Zstandard's own golden files ({@code src/test/resources/zstd-golden}: zstd 1.5.7's, which
 * include 1.5.4's), used as its scripts use them: every {@code golden-decompression} frame decodes
 * ({@code zstd -t}), here to the bytes zstd 1.5.7 gives; every {@code golden-decompression-errors}
 * frame is rejected, for the rule it breaks; the dictionaries decode what {@code zstd -D}
 * compressed with them; the {@code golden-compression} inputs round-trip.
 */
class GoldenFilesTest {

    /** Each error file and the rule our message must name. */
    private static final Map<String, String> ERRORS = Map.of(
            "off0.bin.zst", "offset 0 is invalid",
            "truncated_huff_state.zst", "too short for its two initial states",
            "zeroSeq_extraneous.zst", "follow the sequences section header");

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

    /** The names of the files in a resource folder, sorted (the test classes are a directory under Maven). */
    private static List<String> filesIn(String folder) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(GoldenFilesTest.class.getResource("/zstd-golden/" + folder).toURI()))) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] decodeWithEveryKernel(byte[] z, ZstdDictionary dict) throws ZstdFormatException {
        byte[] first = null;
        for (Kernels k : AllKernels.LIST) {
            byte[] out = ZstdDecompressor.builder().kernels(k).dictionary(dict).build().decompress(z);
            if (first != null) {
                assertArrayEquals(first, out, k.toString());
            }
            first = out;
        }
        return first;
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void everyGoldenDecompressionFrameDecodesAsZstdDoes() throws IOException {
        // golden-decompression.sha256: each file's output from zstd 1.5.7's `zstd -d` (1.5.4, the
        // zstd installed here, rejects zeroSeq_2B.zst, the case 1.5.5 fixed)
        Map<String, String> expected = new TreeMap<>();
        for (String line : new String(golden("golden-decompression.sha256"), StandardCharsets.US_ASCII).split("\n")) {
            String[] hashAndName = line.split("  ");
            expected.put(hashAndName[1], hashAndName[0]);
        }
        assertEquals(filesIn("golden-decompression"), List.copyOf(expected.keySet()), "every file has its expected output");
        for (Map.Entry<String, String> file : expected.entrySet()) {
            byte[] z = golden("golden-decompression/" + file.getKey());
            assertEquals(file.getValue(), sha256(decodeWithEveryKernel(z, null)), file.getKey());
            try (InputStream in = new ZstdInputStream(new ByteArrayInputStream(z))) {
                assertEquals(file.getValue(), sha256(in.readAllBytes()), file.getKey() + " as a stream");
            }
        }
    }

    @Test
    void everyGoldenErrorFrameIsRejectedForTheRuleItBreaks() throws IOException {
        assertEquals(filesIn("golden-decompression-errors"), ERRORS.keySet().stream().sorted().toList());
        for (Map.Entry<String, String> file : ERRORS.entrySet()) {
            byte[] z = golden("golden-decompression-errors/" + file.getKey());
            byte[] valid = golden("golden-decompression/zeroSeq_2B.zst");
            for (Kernels k : AllKernels.LIST) {
                ZstdDecompressor decompressor = ZstdDecompressor.builder().kernels(k).build();
                byte[] before = decompressor.decompress(valid);
                ZstdFormatException e = assertThrows(ZstdFormatException.class, () -> decompressor.decompress(z),
                        file.getKey());
                assertTrue(e.getMessage().contains(file.getValue()), file.getKey() + ": " + e.getMessage());
                // the context that failed decodes the next frame as before
                assertArrayEquals(before, decompressor.decompress(valid), file.getKey() + ", then a valid frame");
            }
            ZstdInputStream stream = new ZstdInputStream(new ByteArrayInputStream(z));
            ZstdFormatException e = assertThrows(ZstdFormatException.class, stream::readAllBytes, file.getKey() + " as a stream");
            assertTrue(e.getMessage().contains(file.getValue()), file.getKey() + " as a stream: " + e.getMessage());
            // a broken stream stays broken: reading on throws the same error, not bytes from a lost position
            assertSame(e, assertThrows(ZstdFormatException.class, stream::read), file.getKey() + " read again");
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
    void aDictionaryWithZeroWeightsDecodesWhatZstdCompressedWithIt() throws IOException {
        // as zstd's playTests.sh: the dictionary compresses itself, and a line of the one symbol
        // that has a non-zero weight in it
        byte[] dictBytes = golden("dict-files/zero-weight-dict");
        Path dictFile = Files.write(dir.resolve("zero-weight-dict"), dictBytes);
        ZstdDictionary dict = ZstdDictionary.parse(dictBytes);
        for (byte[] data : List.of(dictBytes, "0000000000000000000000000\n".getBytes(StandardCharsets.US_ASCII))) {
            byte[] z = ZstdCli.compress(dir, data, "-D", dictFile.toString());
            assertArrayEquals(data, decodeWithEveryKernel(z, dict));
        }
    }

    @Test
    void goldenCompressionInputsRoundTrip() throws IOException {
        for (String name : filesIn("golden-compression")) {
            byte[] data = golden("golden-compression/" + name);
            // upstream's cli-tests/compression/golden.sh compresses them at -19 with minMatch 7 too
            for (String[] options : List.of(new String[] {"-1"}, new String[] {"-3"}, new String[] {"-19"},
                    new String[] {"-19", "--zstd=mml=7"}, new String[] {"--ultra", "-22"})) {
                byte[] z = ZstdCli.compress(dir, data, options);
                byte[] out = decodeWithEveryKernel(z, null);
                assertEquals(data.length, out.length, name + " " + String.join(" ", options));
                assertArrayEquals(data, out, name + " " + String.join(" ", options));
            }
        }
    }
}
