package io.cpufeatures.examples.zstd;

import java.util.Arrays;

/**
 * A Zstandard dictionary (RFC 8878 section 5): either the dictionary format (magic 0xEC30A437, an
 * ID, entropy tables that frames start with, three repeat offsets, then content) or raw content
 * (any bytes not starting with that magic: ID 0, no tables). Immutable; share it between contexts.
 */
public final class ZstdDictionary {

    /** The dictionary format's magic number, little-endian in the file. */
    public static final int MAGIC = 0xEC30A437;

    private final long id;
    private final byte[] content;
    private final HuffmanTable huffman;
    private final SequenceTable llTable;
    private final SequenceTable ofTable;
    private final SequenceTable mlTable;
    private final int[] reps;

    private ZstdDictionary(long id, byte[] content, HuffmanTable huffman, SequenceTable ll, SequenceTable of,
            SequenceTable ml, int[] reps) {
        this.id = id;
        this.content = content;
        this.huffman = huffman;
        this.llTable = ll;
        this.ofTable = of;
        this.mlTable = ml;
        this.reps = reps;
    }

    /**
     * Reads a dictionary: the dictionary format if {@code bytes} starts with its magic, raw content
     * otherwise. The array is copied.
     *
     * @throws ZstdFormatException if a formatted dictionary is truncated or its tables or repeat
     *                             offsets are invalid
     */
    public static ZstdDictionary parse(byte[] bytes) throws ZstdFormatException {
        if (bytes.length < 8 || Bytes.readInt(bytes, 0) != MAGIC) {
            return new ZstdDictionary(0, bytes.clone(), null, null, null, null, null);
        }
        long id = Bytes.readInt(bytes, 4) & 0xFFFFFFFFL;
        int p = 8;
        HuffmanTable huffman = new HuffmanTable();
        FseWorkspace work = new FseWorkspace();
        p += huffman.read(bytes, p, bytes.length, 0, new BackwardBits(), work);
        // the tables in the dictionary's order: offsets, match lengths, literals lengths
        SequenceTable[] tables = new SequenceTable[3];
        for (SymbolKind kind : new SymbolKind[] {SymbolKind.OFFSET, SymbolKind.MATCH_LENGTH, SymbolKind.LITERALS_LENGTH}) {
            FseCounts counts = work.counts.read(bytes, p, bytes.length, 0, kind.maxSymbol, kind.maxLog,
                    "dictionary " + kind.tableLabel);
            p += counts.bytes();
            tables[kind.ordinal()] = SequenceTable.of(counts, kind, work);
        }
        if (bytes.length - p < 12) {
            throw new ZstdFormatException(p, "dictionary: the three 4-byte repeat offsets are missing");
        }
        int[] reps = new int[3];
        byte[] content = Arrays.copyOfRange(bytes, p + 12, bytes.length);
        for (int i = 0; i < 3; i++) {
            long r = Bytes.readInt(bytes, p + 4 * i) & 0xFFFFFFFFL;
            if (r == 0 || r > content.length) {
                throw new ZstdFormatException(p + 4 * i, "dictionary: repeat offset " + (i + 1) + " is " + r
                        + "; it must be between 1 and the content size, " + content.length);
            }
            reps[i] = (int) r;
        }
        return new ZstdDictionary(id, content, huffman, tables[SymbolKind.LITERALS_LENGTH.ordinal()],
                tables[SymbolKind.OFFSET.ordinal()], tables[SymbolKind.MATCH_LENGTH.ordinal()], reps);
    }

    /** The dictionary's ID (0 for raw content): frames that need it name it. */
    public long id() {
        return id;
    }

    /** The content's length in bytes (the history frames may refer to). */
    public int contentSize() {
        return content.length;
    }

    /** Whether this is a formatted dictionary, with entropy tables and repeat offsets. */
    public boolean hasEntropy() {
        return huffman != null;
    }

    byte[] content() {
        return content;
    }

    HuffmanTable huffman() {
        return huffman;
    }

    SequenceTable llTable() {
        return llTable;
    }

    SequenceTable ofTable() {
        return ofTable;
    }

    SequenceTable mlTable() {
        return mlTable;
    }

    int rep(int i) {
        return reps[i];
    }
}
