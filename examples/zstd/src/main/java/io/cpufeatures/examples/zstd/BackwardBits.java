package io.cpufeatures.examples.zstd;

/**
 * A bitstream read backwards (RFC 8878 section 4.1): the last byte holds a 1 marking where the
 * stream starts, and fields are read from there towards the first byte, each field's bits from
 * high to low. A 64-bit container is refilled from memory with {@link #reload()}; reading past the
 * first byte yields zeros and leaves {@link #overflowed()} true, which callers turn into an error.
 */
final class BackwardBits {

    private byte[] src;
    private int start;
    /** Index of the 8 bytes held in {@code bits} (or {@code start} when fewer remain). */
    private int ptr;
    private long bits;
    /** Bits of the container already read, from the top. */
    private int consumed;

    /**
     * Starts reading {@code src[start, end)}.
     *
     * @throws ZstdFormatException if the range is empty or its last byte is 0 (no start marker)
     */
    void init(byte[] src, int start, int end, long base, String what) throws ZstdFormatException {
        if (end <= start) {
            throw new ZstdFormatException(base + start, what + ": an empty bitstream has no start marker");
        }
        int last = src[end - 1] & 0xFF;
        if (last == 0) {
            throw new ZstdFormatException(base + end - 1, what + ": the last byte of a bitstream must hold its start"
                    + " marker (a 1 bit); it is 0");
        }
        this.src = src;
        this.start = start;
        int size = end - start;
        if (size >= 8) {
            ptr = end - 8;
            bits = Bytes.readLong(src, ptr);
            consumed = Integer.numberOfLeadingZeros(last) - 24 + 1;
        } else {
            ptr = start;
            long v = 0;
            for (int i = size - 1; i >= 0; i--) {
                v = v << 8 | (src[start + i] & 0xFF);
            }
            // the bytes sit at the bottom of the container; the empty top counts as read
            bits = v;
            consumed = (8 - size) * 8 + Integer.numberOfLeadingZeros(last) - 24 + 1;
        }
    }

    /** The next {@code n} bits (0 to 56 since the last reload), as an unsigned value. */
    int read(int n) {
        int v = (int) (((bits << consumed) >>> 1) >>> (63 - n));
        consumed += n;
        return v;
    }

    /** The next {@code n} bits without consuming them. */
    int peek(int n) {
        return (int) (((bits << consumed) >>> 1) >>> (63 - n));
    }

    /** Consumes {@code n} bits. */
    void skip(int n) {
        consumed += n;
    }

    /** Refills the container so at least 57 bits are unread, unless the stream's first byte is reached. */
    void reload() {
        if (consumed > 64) {
            return;
        }
        if (ptr - start >= 8) {
            ptr -= consumed >>> 3;
            consumed &= 7;
            bits = Bytes.readLong(src, ptr);
        } else if (ptr > start) {
            int back = Math.min(consumed >>> 3, ptr - start);
            ptr -= back;
            consumed -= back * 8;
            bits = Bytes.readLong(src, ptr);
        }
    }

    /** Whether every bit, down to the first byte's lowest, has been read, and no more. */
    boolean finished() {
        return ptr == start && consumed == 64;
    }

    /**
     * Whether more bits were read than the stream holds (only possible once its first byte is in the
     * container: until then {@link #reload()} keeps the count below 64). The values read past the
     * end are meaningless but harmless: callers check this and report the error.
     */
    boolean overflowed() {
        return consumed > 64;
    }

    /** The position of the bytes in the container (for kernels that keep the state in locals). */
    int ptr() {
        return ptr;
    }

    /** The container. */
    long bits() {
        return bits;
    }

    /** The bits of the container already read. */
    int consumed() {
        return consumed;
    }

    /** Takes back a state a kernel kept in locals, to go on reading through this object. */
    void resume(int ptr, long bits, int consumed) {
        this.ptr = ptr;
        this.bits = bits;
        this.consumed = consumed;
    }
}
