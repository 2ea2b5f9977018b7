package io.cpufeatures.examples.zstd;

import io.cpufeatures.buildsupport.HostTools;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The reference {@code zstd} command (Debian package {@code zstd}; {@code .ci/run} installs it):
 * compresses test data, trains dictionaries. Missing, the tests that need it are skipped for want of it,
 * except under {@code CI=true}, where they fail ({@link HostTools}).
 */
final class ZstdCli {

    private ZstdCli() {
    }

    /** Skips the calling test for want of {@code zstd} (under {@code CI=true}: fails it). */
    static void require() {
        HostTools.command("zstd", "zstd");
    }

    /** {@code data} compressed by {@code zstd} with {@code options} (for example "-19", "--no-check"); the test skipped for want of it. */
    static byte[] compress(Path dir, byte[] data, String... options) throws IOException {
        require();
        Path in = Files.createTempFile(dir, "in", ".bin");
        Path out = dir.resolve(in.getFileName() + ".zst");
        Files.write(in, data);
        List<String> cmd = new ArrayList<>(List.of("zstd", "-q", "-f"));
        cmd.addAll(List.of(options));
        cmd.addAll(List.of(in.toString(), "-o", out.toString()));
        run(cmd);
        byte[] z = Files.readAllBytes(out);
        Files.delete(in);
        Files.delete(out);
        return z;
    }

    /** A dictionary trained by {@code zstd --train} on {@code samples}, of at most {@code size} bytes; the test skipped for want of it. */
    static byte[] train(Path dir, List<byte[]> samples, int size) throws IOException {
        require();
        Path d = Files.createTempDirectory(dir, "samples");
        List<String> cmd = new ArrayList<>(List.of("zstd", "-q", "-f", "--train"));
        for (int i = 0; i < samples.size(); i++) {
            Path s = d.resolve("s" + i);
            Files.write(s, samples.get(i));
            cmd.add(s.toString());
        }
        Path dict = dir.resolve("dict-" + System.nanoTime());
        cmd.addAll(List.of("--maxdict=" + size, "-o", dict.toString()));
        run(cmd);
        return Files.readAllBytes(dict);
    }

    private static void run(List<String> cmd) throws IOException {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException("timed out: " + cmd);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.exitValue() != 0) {
            throw new IOException(cmd + " failed (" + p.exitValue() + "): " + output);
        }
    }
}
