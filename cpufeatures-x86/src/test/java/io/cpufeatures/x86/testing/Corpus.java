package io.cpufeatures.x86.testing;

import io.cpufeatures.x86.CpuidSnapshot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import io.cpufeatures.buildsupport.SharedCorpus;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.x86.dump.CpuidDumps;
import io.cpufeatures.x86.dump.CpuidFormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The shared CPUID corpus ({@code ../shared/cpuid-corpus}): 328 real dumps with expected decodings
 * from tools outside this project, located and required as {@link SharedCorpus} says.
 */
public final class Corpus {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path dir;
    private final List<Entry> entries;

    private Corpus(Path dir, List<Entry> entries) {
        this.dir = dir;
        this.entries = entries;
    }

    /** One dump of the corpus and where its expectations are. */
    public record Entry(String id, String source, Path original, Path normalized, Path consensus,
            JsonNode index) {
    }

    /** The corpus, or a skipped (CI: failed) test when it cannot be found ({@link SharedCorpus}). */
    public static Corpus require() {
        Path dir = SharedCorpus.require();
        return new Corpus(dir, readIndex(dir));
    }

    private static List<Entry> readIndex(Path dir) {
        List<Entry> result = new ArrayList<>();
        for (JsonNode x : json(dir.resolve("index.json"))) {
            String id = x.get("id").asText();
            String source = x.get("source").asText();
            Path original = dir.resolve(source.equals("instlatx64") ? "instlatx64" : "libcpuid").resolve(x.get("path").asText());
            result.add(new Entry(id, source, original, dir.resolve("normalized").resolve(id + ".cpuid-r.txt"),
                    dir.resolve("expected").resolve("consensus").resolve(id + ".json"), x));
        }
        return List.copyOf(result);
    }

    /** The directory of the corpus. */
    public Path dir() {
        return dir;
    }

    /** Every dump of the index, in index order. */
    public List<Entry> entries() {
        return entries;
    }

    /** The text of {@code file}, read as ISO-8859-1. */
    public static String read(Path file) {
        try {
            return new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The dump {@code file}, parsed (as the core's reader would, without its size bound). */
    public static SnapshotDump<CpuidSnapshot> dump(Path file) throws CpuidFormatException {
        return CpuidDumps.parse(file.toString(), read(file));
    }

    /** The parsed JSON of {@code file} (UTF-8). */
    public static JsonNode json(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(file + ": " + e.getMessage(), e);
        }
    }
}
