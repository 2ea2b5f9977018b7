package io.cpufeatures.examples.zstd;

import java.io.InputStream;
import java.nio.ByteBuffer;

/**
 * The remaining bytes of a buffer as an input stream, read with the buffer's own bulk gets: lets
 * {@link ZstdDecompressor} decode a direct or read-only buffer block by block instead of copying
 * it whole. Moves the buffer's position (callers pass a duplicate).
 */
final class ByteBufferInputStream extends InputStream {

    private final ByteBuffer buffer;

    ByteBufferInputStream(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    @Override
    public int read() {
        return buffer.hasRemaining() ? buffer.get() & 0xFF : -1;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        java.util.Objects.checkFromIndexSize(off, len, b.length);
        if (len == 0) {
            return 0;
        }
        if (!buffer.hasRemaining()) {
            return -1;
        }
        int n = Math.min(len, buffer.remaining());
        buffer.get(b, off, n);
        return n;
    }

    @Override
    public int available() {
        return buffer.remaining();
    }
}
