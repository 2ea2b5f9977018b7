package io.cpufeatures.examples.benchmarks.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class GoldenFilesComparisonTest {

    /** The golden files of the zstd module, from this module's directory (where Maven runs the tests). */
    private static final Path GOLDEN = Path.of("../zstd/src/test/resources/zstd-golden");

    @Test
    void ourDecoderDoesWhatEveryGoldenFileAsks() throws IOException {
        Map<String, GoldenFilesComparison.Decoder> ours = new LinkedHashMap<>();
        ours.put("ours", GoldenFilesComparison.decoders().get("ours"));
        List<GoldenFilesComparison.Row> rows = GoldenFilesComparison.compare(GOLDEN, ours);
        assertEquals(7, rows.size(), rows.toString());
        for (GoldenFilesComparison.Row r : rows) {
            String o = r.outcomes().get(0);
            assertTrue(r.valid() ? o.equals("decodes") : o.startsWith("rejects: ZstdFormatException"), r.toString());
        }
    }

    @Test
    void aDecoderThatIgnoresErrorsOrGetsOutputWrongIsMarked(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("golden-decompression"));
        Files.createDirectories(dir.resolve("golden-decompression-errors"));
        Files.write(dir.resolve("golden-decompression/a.zst"), new byte[] {1});
        Files.write(dir.resolve("golden-decompression-errors/b.zst"), new byte[] {2});
        // the SHA-256 of the empty output
        Files.writeString(dir.resolve("golden-decompression.sha256"),
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.zst\n");
        Map<String, GoldenFilesComparison.Decoder> d = new LinkedHashMap<>();
        d.put("empty", decoder((src, dst) -> 0));
        d.put("one-byte", decoder((src, dst) -> 1));
        d.put("throws", decoder((src, dst) -> {
            throw src[0] == 1 ? new IllegalStateException("bad") : new ArrayIndexOutOfBoundsException("index 7");
        }));
        List<GoldenFilesComparison.Row> rows = GoldenFilesComparison.compare(dir, d);
        assertEquals(List.of("decodes", "wrong output (1 bytes)", "rejects: IllegalStateException: bad"),
                rows.get(0).outcomes());
        assertEquals(List.of("accepts (0 bytes)", "accepts (1 bytes)",
                "crashes: ArrayIndexOutOfBoundsException: index 7"), rows.get(1).outcomes());
        String table = GoldenFilesComparison.table(List.copyOf(d.keySet()), rows);
        assertTrue(table.contains("| `golden-decompression/a.zst` | decode | decodes | **wrong output (1 bytes)** |"
                + " **rejects: IllegalStateException: bad** |"), table);
        assertTrue(table.contains("| `golden-decompression-errors/b.zst` | be rejected | **accepts (0 bytes)** |"), table);
        assertTrue(table.contains("| **crashes: ArrayIndexOutOfBoundsException"), table);
    }

    @Test
    void aValidFileWithoutAnExpectedOutputIsAnError(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("golden-decompression"));
        Files.createDirectories(dir.resolve("golden-decompression-errors"));
        Files.write(dir.resolve("golden-decompression/a.zst"), new byte[] {1});
        Files.writeString(dir.resolve("golden-decompression.sha256"), "");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GoldenFilesComparison.compare(dir, Map.of("x", decoder((src, dst) -> 0))));
        assertTrue(e.getMessage().contains("a.zst has no line"), e.getMessage());
    }

    @Test
    void anExpectedOutputWithoutItsFileIsAnError(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("golden-decompression"));
        Files.createDirectories(dir.resolve("golden-decompression-errors"));
        Files.writeString(dir.resolve("golden-decompression.sha256"),
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  gone.zst\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> GoldenFilesComparison.compare(dir, Map.of("x", decoder((src, dst) -> 0))));
        assertTrue(e.getMessage().contains("[gone.zst]"), e.getMessage());
    }

    /** A decoder whose format error is IllegalStateException, for these made-up files. */
    private static GoldenFilesComparison.Decoder decoder(GoldenFilesComparison.Decode decode) {
        return new GoldenFilesComparison.Decoder(decode, IllegalStateException.class);
    }
}
