package io.cpufeatures.examples.zstd;

import java.util.Arrays;

/**
 * Reads an FSE table description (RFC 8878 section 4.1.1): the accuracy log, then each symbol's
 * normalized probability in a variable number of bits, with 2-bit repeat flags after a zero. The
 * description is read forwards, low bits first; bits past its end read as zero, and the bytes it
 * took must lie within the range given. Holds the last description read, in an array it reuses,
 * so that a context reads one description after another without allocating: one per
 * {@link FseWorkspace}; not thread-safe. After a read that fails it holds no description
 * ({@link #symbols()} is 0).
 */
final class FseCounts {

    /** More than the largest alphabet of the format (53 match length codes). */
    static final int MAX_SYMBOLS = 64;

    private final short[] counts = new short[MAX_SYMBOLS];
    private final Forward in = new Forward();
    private int symbols;
    private int log;
    private int bytes;

    /** The probabilities of symbols {@code 0 .. symbols() - 1}, -1 for "less than 1"; entries past them are stale. */
    short[] counts() {
        return counts;
    }

    /** How many symbols the description covers. */
    int symbols() {
        return symbols;
    }

    /** The accuracy log. */
    int log() {
        return log;
    }

    /** How many bytes the description took. */
    int bytes() {
        return bytes;
    }

    /**
     * Reads a description from {@code src[off, end)} for symbols 0 to {@code maxSymbol} (below
     * {@link #MAX_SYMBOLS}) and an accuracy log of at most {@code maxLog}, replacing the last one.
     *
     * @return this
     * @throws ZstdFormatException if the log is too large, the probabilities do not sum to
     *                             {@code 1 << log}, a symbol is beyond {@code maxSymbol}, or the
     *                             description runs past {@code end}
     */
    FseCounts read(byte[] src, int off, int end, long base, int maxSymbol, int maxLog, String what)
            throws ZstdFormatException {
        this.symbols = 0;
        this.log = 0;
        this.bytes = 0;
        if (off >= end) {
            throw new ZstdFormatException(base + off, what + ": the FSE table description is missing");
        }
        Forward in = this.in;
        in.start(src, off, end);
        int log = in.read(4) + 5;
        if (log > maxLog) {
            throw new ZstdFormatException(base + off, what + ": accuracy log " + log + " exceeds the maximum of " + maxLog);
        }
        short[] counts = this.counts;
        int remaining = (1 << log) + 1;
        int threshold = 1 << log;
        int nbBits = log + 1;
        int symbol = 0;
        boolean previousZero = false;
        while (remaining > 1 && symbol <= maxSymbol) {
            if (previousZero) {
                int repeat = 0;
                int flag;
                do {
                    flag = in.read(2);
                    repeat += flag;
                } while (flag == 3 && symbol + repeat <= maxSymbol + 1);
                if (symbol + repeat > maxSymbol + 1) {
                    throw new ZstdFormatException(base + off + in.bytes() - 1, what + ": zero-probability repeats run"
                            + " past the largest symbol, " + maxSymbol);
                }
                // the array is reused: the skipped symbols' zeros must be written
                Arrays.fill(counts, symbol, symbol + repeat, (short) 0);
                symbol += repeat;
                previousZero = false;
                if (symbol > maxSymbol) {
                    break;
                }
            }
            int max = (2 * threshold - 1) - remaining;
            int low = in.peek(nbBits - 1);
            int count;
            if (low < max) {
                count = low;
                in.skip(nbBits - 1);
            } else {
                count = in.peek(nbBits);
                if (count >= threshold) {
                    count -= max;
                }
                in.skip(nbBits);
            }
            int probability = count - 1;
            remaining -= probability < 0 ? -probability : probability;
            counts[symbol++] = (short) probability;
            previousZero = probability == 0;
            while (remaining < threshold) {
                nbBits--;
                threshold >>>= 1;
            }
        }
        if (remaining != 1) {
            throw new ZstdFormatException(base + off, what + ": the probabilities sum to " + ((1 << log) + 1 - remaining)
                    + ", not 2^" + log + " = " + (1 << log));
        }
        int bytes = in.bytes();
        if (off + bytes > end) {
            throw new ZstdFormatException(base + off, what + ": the FSE table description needs " + bytes
                    + " bytes; only " + (end - off) + " remain");
        }
        this.symbols = symbol;
        this.log = log;
        this.bytes = bytes;
        return this;
    }

    /** Forward bits over {@code src[off, end)}, zeros past the end; restarted for each description. */
    private static final class Forward {
        private byte[] src;
        private int off;
        private int end;
        private int bitPos;

        void start(byte[] src, int off, int end) {
            this.src = src;
            this.off = off;
            this.end = end;
            this.bitPos = 0;
        }

        int peek(int n) {
            int byteAt = off + (bitPos >>> 3);
            if (end - byteAt >= 4) {
                return (int) (((Bytes.readInt(src, byteAt) & 0xFFFFFFFFL) >>> (bitPos & 7)) & ((1L << n) - 1));
            }
            long v = 0;
            for (int i = 3; i >= 0; i--) {
                int at = byteAt + i;
                v = v << 8 | (at < end ? src[at] & 0xFF : 0);
            }
            return (int) ((v >>> (bitPos & 7)) & ((1L << n) - 1));
        }

        void skip(int n) {
            bitPos += n;
        }

        int read(int n) {
            int v = peek(n);
            bitPos += n;
            return v;
        }

        int bytes() {
            return (bitPos + 7) >>> 3;
        }
    }
}
