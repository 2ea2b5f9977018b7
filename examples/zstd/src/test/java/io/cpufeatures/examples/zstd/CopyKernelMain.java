package io.cpufeatures.examples.zstd;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The child JVM's side of {@link CopyKernelSelectionTest}: decodes FILE with a new context and
 * prints {@code <zstd.copy's choice> <bytes decoded> <content hash>}, then the point's explanation.
 */
public final class CopyKernelMain {

    private CopyKernelMain() {
    }

    public static void main(String[] args) throws Exception {
        byte[] out = new ZstdDecompressor().decompress(Files.readAllBytes(Path.of(args[0])));
        System.out.println(CopyKernels.POINT.selection().name() + " " + out.length + " " + Arrays.hashCode(out));
        System.out.print(CopyKernels.POINT.selection().explain().format());
    }
}
