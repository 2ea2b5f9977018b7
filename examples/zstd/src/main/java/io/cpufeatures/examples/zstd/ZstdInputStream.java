package io.cpufeatures.examples.zstd;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Objects;

/**
 * Decompresses a stream of Zstandard frames of any length, block by block. Concatenated and
 * skippable frames are read in turn; a content checksum is verified when its frame ends. Malformed
 * input is a {@link ZstdFormatException} whose offset counts from the start of the stream; the
 * stream is then broken (its position inside the input is lost) and every later read throws the
 * same error.
 *
 * <p>Memory: the stream keeps one buffer of at most the current frame's window (itself at most the
 * window cap) plus two blocks, or the content size the frame declares if that is smaller (as
 * libzstd's {@code ZSTD_decodingBufferSize_min}: a frame that declares 256 bytes of content never
 * needs more history than that, whatever window it names). The buffer starts at
 * 256 KiB (two blocks) at most and doubles as output is decoded, so what is allocated
 * follows what was decoded, never a size a header merely claims: a frame that declares 100 MB and
 * holds a few KB costs a few hundred KB before it is found short.
 */
public final class ZstdInputStream extends InputStream {

    private final InputStream in;
    private final long windowCap;
    private final ZstdDictionary dictionary;
    private final BlockDecoder blocks;
    private final Xxh64 hash = new Xxh64(0);

    /**
     * The buffer a frame starts with, at most (two blocks): enough for small frames in one
     * allocation; larger ones double it as they decode, which costs at most one copy of the window.
     */
    static final int INITIAL_BUFFER = 2 * BlockDecoder.MAX_BLOCK;

    private byte[] window = new byte[0];
    private int readPos;
    private int writePos;
    /** Where the current frame's history starts in {@code window}. */
    private int history;
    /** Whether the dictionary is still reachable (nothing of the frame has been dropped). */
    private boolean dictReachable;
    private FrameHeader frame;
    /** The most buffer the current frame may need: its window plus two blocks, or its declared content if smaller. */
    private int frameCapacity;
    private long frameProduced;
    private boolean lastBlockDone = true;
    private byte[] compressed = new byte[0];
    private long consumed;
    private boolean eof;
    private boolean closed;
    /** The buffer of {@link #read()}, kept so that a byte-at-a-time reader does not allocate per byte. */
    private final byte[] one = new byte[1];
    /** The format error that broke the stream, thrown again by every later read. */
    private ZstdFormatException failure;

    /** Decompresses {@code in} with the default window cap and no dictionary. */
    public ZstdInputStream(InputStream in) {
        this(in, ZstdDecompressor.DEFAULT_WINDOW_CAP, null);
    }

    /**
     * Decompresses {@code in} with a window cap and an optional dictionary.
     *
     * @throws IllegalArgumentException if the cap is outside [1 KiB, {@link ZstdDecompressor#MAX_WINDOW_CAP}]
     */
    public ZstdInputStream(InputStream in, long windowCap, ZstdDictionary dictionary) {
        this(in, windowCap, dictionary, new BlockDecoder(Kernels.selected()));
    }

    /** As the public constructor, decoding blocks with {@code blocks} (a context's, whose tables are reused). */
    ZstdInputStream(InputStream in, long windowCap, ZstdDictionary dictionary, BlockDecoder blocks) {
        if (windowCap < FrameHeader.MIN_WINDOW || windowCap > ZstdDecompressor.MAX_WINDOW_CAP) {
            throw new IllegalArgumentException("window cap " + windowCap + " is outside [" + FrameHeader.MIN_WINDOW
                    + ", " + ZstdDecompressor.MAX_WINDOW_CAP + "]");
        }
        this.in = Objects.requireNonNull(in, "in");
        this.windowCap = windowCap;
        this.dictionary = dictionary;
        this.blocks = blocks;
    }

    @Override
    public int read() throws IOException {
        byte[] one = this.one;
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        Objects.checkFromIndexSize(off, len, b.length);
        if (closed) {
            throw new IOException("stream closed");
        }
        if (len == 0) {
            return 0;
        }
        if (!fill()) {
            return -1;
        }
        int n = Math.min(len, writePos - readPos);
        System.arraycopy(window, readPos, b, off, n);
        readPos += n;
        return n;
    }

    /**
     * Decodes the rest of the input into {@code dst} from its position, which it advances: the
     * content goes straight from this stream's buffer into {@code dst}, whatever its kind (a direct
     * buffer, or a file mapped in memory), with no array of its size.
     *
     * @return the number of bytes written
     * @throws IllegalArgumentException if the content does not fit in {@code dst}'s remaining bytes
     */
    int drainTo(ByteBuffer dst) throws IOException {
        int start = dst.position();
        while (fill()) {
            int n = writePos - readPos;
            if (dst.remaining() < n) {
                throw new IllegalArgumentException("destination too small: the input decompresses to more than the "
                        + (dst.limit() - start) + " bytes remaining in the destination buffer");
            }
            dst.put(window, readPos, n);
            readPos = writePos;
        }
        return dst.position() - start;
    }

    /** Decodes blocks until some output is unread; false at the end of the input. A format error breaks the stream for good. */
    private boolean fill() throws IOException {
        while (readPos == writePos) {
            if (failure != null) {
                throw failure;
            }
            boolean more;
            try {
                more = advance();
            } catch (ZstdFormatException e) {
                failure = e;
                throw e;
            }
            if (!more) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int available() {
        return writePos - readPos;
    }

    @Override
    public void close() throws IOException {
        closed = true;
        in.close();
    }

    /** Decodes the next block (starting a frame if needed); false at the end of the input. */
    private boolean advance() throws IOException {
        if (lastBlockDone) {
            if (frame != null) {
                endFrame();
            }
            if (!startFrame()) {
                return false;
            }
        }
        byte[] header = readFully(3, "block header");
        long at = consumed - 3;
        int blockMax = frame.blockMax();
        BlockHeader b = BlockHeader.of(Bytes.read24(header, 0), blockMax, at);
        lastBlockDone = b.last();
        int size = b.size();
        // what the frame may still produce: the buffer may be sized to the declared content, so
        // output past it is refused at the block, not found at the frame's end
        long left = frame.contentSize().isPresent() ? frame.contentSize().getAsLong() - frameProduced : Long.MAX_VALUE;
        if (b.type() != BlockHeader.COMPRESSED && size > left) {
            throw SequenceExecutor.moreThanDeclared(at);
        }
        makeRoom((int) Math.min(blockMax, left));
        int start = writePos;
        if (b.type() == BlockHeader.RAW) {
            readInto(window, writePos, size, "raw block");
            writePos += size;
        } else if (b.type() == BlockHeader.RLE) {
            byte value = readFully(1, "RLE block")[0];
            Arrays.fill(window, writePos, writePos + size, value);
            writePos += size;
        } else {
            if (compressed.length < size) {
                compressed = new byte[Math.max(size, Math.min(BlockDecoder.MAX_BLOCK, compressed.length * 2))];
            }
            long base = consumed;
            readInto(compressed, 0, size, "compressed block");
            int contentEnd = (int) Math.min(Integer.MAX_VALUE, writePos + left);
            writePos = blocks.decode(compressed, 0, size, base, window, writePos, history, window.length, contentEnd,
                    dictReachable && dictionary != null ? dictionary.content() : null, blockMax);
        }
        if (frame.hasChecksum()) {
            hash.update(window, start, writePos - start);
        }
        frameProduced += writePos - start;
        return true;
    }

    /** Reads the next frame header, skipping skippable frames; false at a clean end of input. */
    private boolean startFrame() throws IOException {
        while (true) {
            byte[] magic = new byte[4];
            int got = readSome(magic, 0, 4);
            if (got == 0 && consumed > 0) {
                frame = null;
                return false;
            }
            if (got < 4) {
                throw new ZstdFormatException(consumed - got, got == 0
                        ? "the input is empty: a Zstandard input holds at least one frame"
                        : "a frame starts with a 4-byte magic number; only " + got + " byte(s) remain");
            }
            int m = Bytes.readInt(magic, 0);
            if (FrameHeader.isSkippable(m)) {
                byte[] size = readFully(4, "skippable frame size");
                long n = Bytes.readInt(size, 0) & 0xFFFFFFFFL;
                skipFully(n);
                continue;
            }
            long at = consumed - 4;
            FrameHeader.checkMagic(m, at);
            byte[] head = Arrays.copyOf(magic, 18);
            readInto(head, 4, 1, "frame header descriptor");
            int size = FrameHeader.size(head[4] & 0xFF);
            readInto(head, 5, size - 5, "frame header");
            frame = FrameHeader.parse(head, 0, size, at, windowCap);
            frame.requireDictionary(dictionary, at);
            blocks.startFrame(dictionary);
            long need = frame.windowSize() + 2L * frame.blockMax();
            if (frame.contentSize().isPresent()) {
                need = Math.min(need, frame.contentSize().getAsLong());
            }
            frameCapacity = (int) need; // the window is at most MAX_WINDOW_CAP, 1 GiB
            int initial = Math.min(frameCapacity, INITIAL_BUFFER);
            if (window.length < initial) {
                window = new byte[initial];
            }
            readPos = 0;
            writePos = 0;
            history = 0;
            dictReachable = true;
            frameProduced = 0;
            hash.reset();
            lastBlockDone = false;
            return true;
        }
    }

    private void endFrame() throws IOException {
        long end = consumed;
        frame.checkContentSize(frameProduced, end);
        if (frame.hasChecksum()) {
            FrameHeader.checkChecksum(Bytes.readInt(readFully(4, "content checksum"), 0), hash.digest(), end);
        }
        frame = null;
    }

    /**
     * Makes room for {@code n} more bytes, keeping the frame's window of history (all of it if it
     * fits) and the bytes not yet read: grows the buffer (doubling it, never past
     * {@link #frameCapacity}) while it is smaller than the frame may need, slides it otherwise.
     * Called when every decoded byte has been read, with {@code n} at most a block and at most what
     * the frame may still produce, so that {@link #frameCapacity} always suffices.
     */
    private void makeRoom(int n) {
        if (window.length - writePos >= n) {
            return;
        }
        int keep = (int) Math.min(frame.windowSize(), writePos - history);
        int from = writePos - keep;
        // bytes not yet read by the caller are kept too
        from = Math.min(from, readPos);
        int kept = writePos - from;
        byte[] to = window;
        if (window.length < frameCapacity) {
            to = new byte[(int) Math.min(frameCapacity, Math.max((long) kept + n, 2L * window.length))];
        }
        System.arraycopy(window, from, to, 0, kept);
        window = to;
        writePos -= from;
        readPos -= from;
        history = Math.max(0, history - from);
        if (from > 0) {
            dictReachable = false;
        }
    }

    private byte[] readFully(int n, String what) throws IOException {
        byte[] b = new byte[n];
        readInto(b, 0, n, what);
        return b;
    }

    private void readInto(byte[] b, int off, int n, String what) throws IOException {
        int got = readSome(b, off, n);
        if (got < n) {
            throw new ZstdFormatException(consumed, "the input ends inside a " + what + ": " + (n - got)
                    + " more byte(s) were needed");
        }
    }

    private int readSome(byte[] b, int off, int n) throws IOException {
        int total = 0;
        while (total < n) {
            int r = in.read(b, off + total, n - total);
            if (r < 0) {
                eof = true;
                break;
            }
            total += r;
        }
        consumed += total;
        return total;
    }

    private void skipFully(long n) throws IOException {
        byte[] scratch = new byte[(int) Math.min(n, 8192)];
        long left = n;
        while (left > 0) {
            int got = readSome(scratch, 0, (int) Math.min(left, scratch.length));
            if (got == 0) {
                throw new ZstdFormatException(consumed, "the input ends inside a skippable frame: " + left
                        + " more byte(s) were needed");
            }
            left -= got;
        }
    }
}
