package io.cpufeatures.examples.zstd;

import java.io.BufferedInputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The child JVM's side of {@link BoundedMemoryTest}: decodes a file one way and prints one line,
 * {@code OK <bytes>} or {@code <exception class>: <message>}. Exit code 0 either way; 3 for
 * anything but a result or a {@link ZstdFormatException} (an {@code OutOfMemoryError} above all).
 *
 * <p>Modes: {@code stream FILE} (through {@link ZstdInputStream}); {@code array FILE [CAP]}
 * (through {@link ZstdDecompressor#decompress(byte[])}, with the default output cap or {@code CAP});
 * {@code mapped FILE SIZE} (FILE mapped read-only as the source, a sparse file of SIZE bytes
 * mapped as the destination of {@link ZstdDecompressor#decompress(java.nio.ByteBuffer, java.nio.ByteBuffer)};
 * the line adds the XXH64 of the content, in hex).
 */
public final class BoundedMemoryMain {

    private BoundedMemoryMain() {
    }

    public static void main(String[] args) {
        try {
            Path file = Path.of(args[1]);
            String result = switch (args[0]) {
                case "stream" -> {
                    try (InputStream in = new ZstdInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
                        yield "OK " + in.transferTo(OutputStream.nullOutputStream());
                    }
                }
                case "array" -> {
                    ZstdDecompressor.Builder b = ZstdDecompressor.builder();
                    if (args.length > 2) {
                        b.maxOutputSize(Long.parseLong(args[2]));
                    }
                    yield "OK " + b.build().decompress(Files.readAllBytes(file)).length;
                }
                case "mapped" -> mapped(file, Long.parseLong(args[2]));
                default -> throw new IllegalArgumentException("unknown mode " + args[0]);
            };
            System.out.println(result);
        } catch (ZstdFormatException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        } catch (Throwable t) {
            System.out.println("FAILED " + t);
            System.exit(3);
        }
    }

    private static String mapped(Path file, long size) throws Exception {
        Path out = Files.createTempFile(file.getParent(), "mapped", ".out");
        try (FileChannel in = FileChannel.open(file, StandardOpenOption.READ);
                FileChannel to = FileChannel.open(out, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            MappedByteBuffer src = in.map(FileChannel.MapMode.READ_ONLY, 0, in.size());
            MappedByteBuffer dst = to.map(FileChannel.MapMode.READ_WRITE, 0, size);
            int n = new ZstdDecompressor().decompress(src, dst);
            byte[] content = new byte[n];
            dst.flip().get(content);
            return "OK " + n + " " + Long.toHexString(Xxh64.hash(content, 0, n, 0));
        } finally {
            Files.delete(out);
        }
    }
}
