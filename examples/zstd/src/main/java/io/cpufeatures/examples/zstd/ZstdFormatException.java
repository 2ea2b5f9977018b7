package io.cpufeatures.examples.zstd;

import java.io.IOException;

/**
 * Malformed Zstandard input: the rule of RFC 8878 that the input breaks and the offset, from the
 * start of the input, where it was found. Every malformed input is reported this way, never as an
 * index error, an endless loop or an allocation the frame did not justify. Input beyond a limit
 * set on the decoder (its window cap, the output cap of the forms that return a new array) is
 * reported this way too, the message naming the limit and how to raise it.
 */
public final class ZstdFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long offset;

    /** {@code rule} broken at byte {@code offset} of the input. */
    public ZstdFormatException(long offset, String rule) {
        super("offset " + offset + ": " + rule);
        this.offset = offset;
    }

    /** The byte of the input where the rule was found broken. */
    public long offset() {
        return offset;
    }
}
