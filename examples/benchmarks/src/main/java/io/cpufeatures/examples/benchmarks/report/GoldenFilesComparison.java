package io.cpufeatures.examples.benchmarks.report;

import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import io.airlift.compress.MalformedInputException;
import io.cpufeatures.examples.zstd.ZstdDecompressor;
import io.cpufeatures.examples.zstd.ZstdFormatException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs zstd's golden files (the test resources of {@code examples/zstd}) through our decoder,
 * zstd-jni and aircompressor, and prints a Markdown table of what each does with each file: a
 * {@code golden-decompression} frame must decode to the output its {@code .sha256} line gives, a
 * {@code golden-decompression-errors} frame must be rejected. The table in {@code docs/zstd.md}
 * comes from it.
 * <p>
 * Usage: {@code GoldenFilesComparison [zstd-golden-dir]} (default
 * {@code examples/zstd/src/test/resources/zstd-golden}).
 */
public final class GoldenFilesComparison {

    /** Output room for every decoder: the largest golden output is 1 MiB. */
    private static final int ROOM = 4 << 20;

    /** Decodes a frame into {@code dst}, returns the bytes written, throws on a rejected frame. */
    @FunctionalInterface
    interface Decode {
        int decode(byte[] src, byte[] dst) throws Exception;
    }

    /**
     * A decoder under test: how it decodes, and the exception by which it rejects malformed input
     * (any other exception is a crash, not a rejection).
     */
    record Decoder(Decode decode, Class<? extends Exception> formatError) {
    }

    /** One file's row: its name, what it should do, and what each decoder did. */
    record Row(String file, boolean valid, List<String> outcomes) {
    }

    private GoldenFilesComparison() {
    }

    /** The decoders compared, by column name. */
    static Map<String, Decoder> decoders() {
        Map<String, Decoder> d = new LinkedHashMap<>();
        d.put("ours", new Decoder((src, dst) -> new ZstdDecompressor().decompress(src, 0, src.length, dst, 0, dst.length),
                ZstdFormatException.class));
        d.put("zstd-jni", new Decoder((src, dst) -> {
            try (ZstdDecompressCtx ctx = new ZstdDecompressCtx()) {
                return ctx.decompressByteArray(dst, 0, dst.length, src, 0, src.length);
            }
        }, ZstdException.class));
        d.put("aircompressor", new Decoder((src, dst) -> new io.airlift.compress.zstd.ZstdDecompressor()
                .decompress(src, 0, src.length, dst, 0, dst.length), MalformedInputException.class));
        return d;
    }

    /**
     * Each file of {@code golden}'s {@code golden-decompression} (which must all have a line in
     * {@code golden-decompression.sha256}, and every line a file) and {@code golden-decompression-errors},
     * with what each decoder did: "decodes", "wrong output", "rejects: ...", "accepts (N bytes)" or
     * "crashes: ..." (an exception other than its format error).
     */
    static List<Row> compare(Path golden, Map<String, Decoder> decoders) throws IOException {
        Map<String, String> sha = new LinkedHashMap<>();
        for (String line : Files.readAllLines(golden.resolve("golden-decompression.sha256"), StandardCharsets.US_ASCII)) {
            String[] hashAndName = line.split("  ", 2);
            if (hashAndName.length != 2) {
                throw new IllegalArgumentException("golden-decompression.sha256: not \"<sha256>  <name>\": " + line);
            }
            sha.put(hashAndName[1], hashAndName[0]);
        }
        List<Row> rows = new ArrayList<>();
        for (String dir : List.of("golden-decompression", "golden-decompression-errors")) {
            boolean valid = dir.equals("golden-decompression");
            for (Path f : sorted(golden.resolve(dir))) {
                String name = f.getFileName().toString();
                String expected = sha.get(name);
                if (valid && expected == null) {
                    throw new IllegalArgumentException(dir + "/" + name + " has no line in golden-decompression.sha256");
                }
                byte[] z = Files.readAllBytes(f);
                List<String> outcomes = new ArrayList<>();
                for (Decoder d : decoders.values()) {
                    outcomes.add(outcome(d, z, valid, expected));
                }
                rows.add(new Row(dir + "/" + name, valid, outcomes));
                sha.remove(name);
            }
        }
        if (!sha.isEmpty()) {
            throw new IllegalArgumentException("golden-decompression.sha256 names files that golden-decompression lacks: "
                    + sha.keySet());
        }
        return rows;
    }

    private static List<Path> sorted(Path dir) throws IOException {
        try (var files = Files.list(dir)) {
            return files.filter(p -> p.getFileName().toString().endsWith(".zst")).sorted().toList();
        }
    }

    private static String outcome(Decoder d, byte[] z, boolean valid, String expectedSha) {
        byte[] dst = new byte[ROOM];
        int n;
        try {
            n = d.decode().decode(z, dst);
        } catch (Exception e) {
            String message = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            String thrown = e.getClass().getSimpleName() + ": " + message;
            return d.formatError().isInstance(e) ? "rejects: " + thrown : "crashes: " + thrown;
        }
        if (!valid) {
            return "accepts (" + n + " bytes)";
        }
        return sha256(Arrays.copyOf(dst, n)).equals(expectedSha) ? "decodes" : "wrong output (" + n + " bytes)";
    }

    private static String sha256(byte[] data) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(data));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The rows as a Markdown table; an outcome that is not what the file asks for is in bold. */
    static String table(List<String> names, List<Row> rows) {
        StringBuilder sb = new StringBuilder("| file | must | " + String.join(" | ", names) + " |\n");
        sb.append("|---|---|").append("---|".repeat(names.size())).append('\n');
        for (Row r : rows) {
            sb.append("| `").append(r.file()).append("` | ").append(r.valid() ? "decode" : "be rejected");
            for (String o : r.outcomes()) {
                boolean right = r.valid() ? o.equals("decodes") : o.startsWith("rejects");
                String cell = o.replace("|", "\\|");
                sb.append(" | ").append(right ? cell : "**" + cell + "**");
            }
            sb.append(" |\n");
        }
        return sb.toString();
    }

    /** Prints the table for the golden directory given (or the default). */
    public static void main(String[] args) throws IOException {
        Path golden = Path.of(args.length > 0 ? args[0] : "examples/zstd/src/test/resources/zstd-golden");
        Map<String, Decoder> decoders = decoders();
        System.out.print(table(List.copyOf(decoders.keySet()), compare(golden, decoders)));
    }
}
