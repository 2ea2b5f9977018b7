package io.cpufeatures.examples.zstd;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The child JVM's side of {@link BoundedMemoryTest}: decodes a file one way and prints one line,
 * {@code OK <bytes>} or {@code <exception class>: <message>}. Exit code 0 either way; 3 for
 * anything but a result or a {@link ZstdFormatException} (an {@code OutOfMemoryError} above all).
 *
 * <p>Modes: {@code stream FILE} (through {@link ZstdInputStream}); {@code array FILE [CAP]}
 * (through {@link ZstdDecompressor#decompress(byte[])}, with the default output cap or {@code CAP}).
 */
public final class BoundedMemoryMain {

    private BoundedMemoryMain() {
    }

    public static void main(String[] args) {
        try {
            Path file = Path.of(args[1]);
            long n = switch (args[0]) {
                case "stream" -> {
                    try (InputStream in = new ZstdInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                        yield in.transferTo(OutputStream.nullOutputStream());
                    }
                }
                case "array" -> {
                    ZstdDecompressor.Builder b = ZstdDecompressor.builder();
                    if (args.length > 2) {
                        b.maxOutputSize(Long.parseLong(args[2]));
                    }
                    yield b.build().decompress(Files.readAllBytes(file)).length;
                }
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            };
            System.out.println("OK " + n);
        } catch (ZstdFormatException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (Throwable t) {
            System.out.println("FAILED " + t);
            System.exit(3);
        }
    }
}
