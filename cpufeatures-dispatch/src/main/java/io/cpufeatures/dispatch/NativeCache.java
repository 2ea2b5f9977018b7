package io.cpufeatures.dispatch;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Where a bundled native library is unpacked to be loaded: a content-addressed directory, {@code
 * DIR/SHA-256/FILE}, written once (through a temporary file beside it, moved into place) and then reused
 * by every process, never a new temporary file per process. The bytes are checked against the hash the
 * library's manifest gives before anything is written or loaded: a resource that differs (a damaged jar,
 * a file replaced on the class path) is refused with both hashes, and a cached file whose bytes no longer
 * hash to its directory's name is written again, never loaded.
 */
final class NativeCache {

    /** The largest library unpacked; real ones are kilobytes to tens of megabytes. */
    static final long MAX_BYTES = 256L << 20;

    private final Path dir;

    NativeCache(Path dir) {
        this.dir = Objects.requireNonNull(dir, "dir");
    }

    /**
     * The cached file of {@code fileName} whose content is {@code resource}'s, checked against {@code sha256}.
     *
     * @param resource the library's bytes (a class-path resource), read once, at most {@link #MAX_BYTES}
     * @param fileName the file's name in the cache, e.g. {@code libxor.so}
     * @param sha256   the hash the manifest gives, 64 hexadecimal digits
     * @param what     what the resource is, for errors ({@code native/linux-x86_64/x86-64-v3/libxor.so})
     * @return the cached file, ready to load
     * @throws IOException naming the resource and what was wrong: a hash that differs, a resource too large, a
     *                     cache that cannot be written
     */
    Path unpack(InputStream resource, String fileName, String sha256, String what) throws IOException {
        String expected = sha256.toLowerCase(Locale.ROOT);
        if (!expected.matches("[0-9a-f]{64}")) {
            throw new IOException(what + ": the manifest's hash '" + sha256 + "' is not 64 hexadecimal digits (SHA-256)");
        }
        if (fileName.isEmpty() || fileName.contains("/") || fileName.contains("\\") || fileName.startsWith(".")) {
            throw new IOException(what + ": '" + fileName + "' is not a plain file name");
        }
        byte[] bytes = resource.readNBytes((int) MAX_BYTES + 1);
        if (bytes.length > MAX_BYTES) {
            throw new IOException(what + ": larger than " + (MAX_BYTES >> 20) + " MiB; a native library is not");
        }
        String actual = sha256(bytes);
        if (!actual.equals(expected)) {
            throw new IOException(what + ": its SHA-256 is " + actual + ", the manifest says " + expected
                    + "; not loaded (a damaged jar, or a file replaced on the class path)");
        }
        Path target = dir.resolve(expected).resolve(fileName);
        if (Files.isRegularFile(target) && sha256(Files.readAllBytes(target)).equals(expected)) {
            return target;
        }
        Files.createDirectories(target.getParent());
        Path tmp = temporary(target);
        try {
            try (OutputStream o = Files.newOutputStream(tmp, StandardOpenOption.WRITE)) {
                o.write(bytes);
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
        return target;
    }

    /** A new file beside {@code target}, created exclusively (another process may be writing the same one). */
    private static Path temporary(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling("." + target.getFileName() + "."
                    + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 10) {
                    throw e;
                }
            }
        }
    }

    /** The SHA-256 of {@code bytes}, in lower-case hexadecimal. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
