package io.cpufeatures.examples.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The text corpus of the native zstd anchor ({@code ../shared/bench/run.sh}): every
 * {@code /usr/include/*.h}, concatenated in byte order of the names.
 */
final class HeaderCorpus {

    private HeaderCorpus() {
    }

    /** The corpus bytes. */
    static byte[] load() {
        Path dir = Path.of("/usr/include");
        try (Stream<Path> s = Files.list(dir)) {
            List<Path> headers = s.filter(p -> p.getFileName().toString().endsWith(".h"))
                    .sorted((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString())).toList();
            if (headers.isEmpty()) {
                throw new IllegalStateException("no /usr/include/*.h: install libc6-dev for the benchmark corpus");
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            for (Path h : headers) {
                out.write(Files.readAllBytes(h));
            }
            return out.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
