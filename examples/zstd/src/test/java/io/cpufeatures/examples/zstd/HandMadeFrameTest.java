package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Frames built byte by byte for the format's corner cases, the ones zstd's golden files cover:
 * every rule tested here is named in the test's name, the bytes written out by hand from RFC 8878.
 */
class HandMadeFrameTest {

    private static final List<Kernels> KERNELS = AllKernels.LIST;

    /** Magic, a descriptor with no content size, checksum or dictionary, a window of {@code 1 << windowLog}. */
    private static ByteArrayOutputStream frame(int windowLog) {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, (byte) ((windowLog - 10) << 3)});
        return f;
    }

    /** A block header: last flag, type, size. */
    private static void block(ByteArrayOutputStream f, boolean last, int type, int size) {
        int h = (last ? 1 : 0) | type << 1 | size << 3;
        f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)});
    }

    private static byte[] decode(byte[] z) throws ZstdFormatException {
        byte[] first = null;
        for (Kernels k : KERNELS) {
            byte[] out = ZstdDecompressor.builder().kernels(k).build().decompress(z);
            if (first != null) {
                assertArrayEquals(first, out);
            }
            first = out;
        }
        return first;
    }

    private static String error(byte[] z) {
        return assertThrows(ZstdFormatException.class, () -> decode(z)).getMessage();
    }

    /** A compressed block of raw literals and {@code sequences} as the sequences section. */
    private static byte[] literalsThen(String literals, byte... sequences) {
        ByteArrayOutputStream f = frame(10);
        byte[] lit = literals.getBytes(StandardCharsets.US_ASCII);
        block(f, true, 2, 1 + lit.length + sequences.length);
        f.write(lit.length << 3);
        f.writeBytes(lit);
        f.writeBytes(sequences);
        return f.toByteArray();
    }

    @Test
    void noSequencesInTheOneAndTheTwoByteEncodings() throws ZstdFormatException {
        assertEquals("hello", new String(decode(literalsThen("hello", (byte) 0)), StandardCharsets.US_ASCII));
        assertEquals("hello", new String(decode(literalsThen("hello", (byte) 0x80, (byte) 0)), StandardCharsets.US_ASCII));
    }

    @Test
    void bytesAfterAnEmptySequencesSectionAreAnError() {
        assertTrue(error(literalsThen("hello", (byte) 0x80, (byte) 0, (byte) 7)).contains("no sequences, yet 1 byte(s) follow"));
    }

    @Test
    void aCompressedBlockOfExactly128KiBIsLegal() throws ZstdFormatException {
        ByteArrayOutputStream f = frame(17);
        int literals = BlockDecoder.MAX_BLOCK - 3 - 1;
        block(f, true, 2, BlockDecoder.MAX_BLOCK);
        int h = 0 | 3 << 2 | literals << 4;
        f.writeBytes(new byte[] {(byte) h, (byte) (h >>> 8), (byte) (h >>> 16)});
        byte[] content = TestData.random(literals, 9);
        f.writeBytes(content);
        f.write(0);
        assertArrayEquals(content, decode(f.toByteArray()));
    }

    @Test
    void aBlockLargerThan128KiBIsAnError() {
        ByteArrayOutputStream f = frame(20);
        block(f, true, 0, BlockDecoder.MAX_BLOCK + 1);
        f.writeBytes(new byte[BlockDecoder.MAX_BLOCK + 1]);
        assertTrue(error(f.toByteArray()).contains("exceeds the block maximum"));
    }

    @Test
    void anRleFirstBlockAndAnEmptyRawBlock() throws ZstdFormatException {
        ByteArrayOutputStream f = frame(10);
        block(f, false, 1, 300);
        f.write('x');
        block(f, false, 0, 0);
        block(f, true, 0, 2);
        f.writeBytes(new byte[] {'y', 'z'});
        byte[] expected = new byte[302];
        Arrays.fill(expected, 0, 300, (byte) 'x');
        expected[300] = 'y';
        expected[301] = 'z';
        assertArrayEquals(expected, decode(f.toByteArray()));
    }

    /**
     * One sequence, every table in RLE mode: literals length code 0, offset code 1 (value 2 + 1
     * extra bit), match length code 0 (3 bytes). The bitstream's last byte holds the marker, the
     * bits below it are read first.
     */
    private static byte[] oneSequence(String literals, int offsetCode, int bitstream) {
        return literalsThen(literals, (byte) 1, (byte) 0x54, (byte) 0, (byte) offsetCode, (byte) 0, (byte) bitstream);
    }

    @Test
    void repeatOffsetsFollowTheirRules() throws ZstdFormatException {
        // offset code 0: value 1; with 1 literal it is repeat offset 1, initially 1: "a" then 3 x "a"
        assertEquals("aaaa", new String(decode(oneSequenceWithLiteral(0, 0x01)), StandardCharsets.US_ASCII));
    }

    private static byte[] oneSequenceWithLiteral(int offsetCode, int bitstream) {
        return literalsThen("a", (byte) 1, (byte) 0x54, (byte) 1, (byte) offsetCode, (byte) 0, (byte) bitstream);
    }

    @Test
    void offsetZeroIsAnError() {
        // no literal and offset value 3: repeat offset 1 minus 1, that is 0
        assertTrue(error(oneSequence("", 1, 0x03)).contains("offset 0 is invalid"));
    }

    @Test
    void offsetCode31IsBeyondAnyWindow() {
        // offset code 31 in RLE mode (31 extra bits): one sequence, and 40 (the decoder's fast loop)
        for (int n : new int[] {1, 40}) {
            byte[] sequences = new byte[5 + (n * 31 + 7) / 8 + 1];
            sequences[0] = (byte) n;
            sequences[1] = 0x54;
            sequences[3] = 31;
            sequences[sequences.length - 1] = 1;
            String m = error(literalsThen("a", sequences));
            assertTrue(m.contains("sequence 0: offset code 31 needs a window of 2 GiB"), n + ": " + m);
        }
    }

    /** Into an array sized from the header, content past the declared size is the frame's fault, not the caller's. */
    @Test
    void contentPastTheDeclaredSizeIsAFormatError() {
        byte[] text = TestData.text(300, 9);
        // a 1 KiB window and a 2-byte content size of 256 (the field holds size - 256), then 300 bytes
        ByteArrayOutputStream raw = new ByteArrayOutputStream();
        raw.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x40, 0x00, 0x00, 0x00});
        block(raw, true, 0, text.length);
        raw.writeBytes(text);
        String m = error(raw.toByteArray());
        assertTrue(m.contains("more than the content size its header declares"), m);
        // the same with a compressed block: 300 raw literals (a 2-byte header), no sequences
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        compressed.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x40, 0x00, 0x00, 0x00});
        block(compressed, true, 2, 2 + text.length + 1);
        compressed.writeBytes(new byte[] {(byte) (text.length << 4 | 0b0100), (byte) (text.length >>> 4)});
        compressed.writeBytes(text);
        compressed.write(0);
        m = error(compressed.toByteArray());
        assertTrue(m.contains("more than the content size its header declares"), m);
    }

    @Test
    void bitsLeftAfterTheLastSequenceAreAnError() {
        assertTrue(error(oneSequenceWithLiteral(0, 0x03)).contains("bits are left in the sequences bitstream"));
    }

    @Test
    void aBitstreamTooShortForItsInitialStatesIsAnError() {
        // predefined tables need 6 + 5 + 6 bits of initial states; the stream has none
        assertTrue(error(literalsThen("a", (byte) 1, (byte) 0, (byte) 0x01)).contains("too short for its initial states"));
    }

    @Test
    void aMatchReachingBeforeTheFrameIsAnError() {
        // offset code 3 (value 8 + 3 bits = 8): offset 5, with only 1 byte decoded
        String m = error(literalsThen("a", (byte) 1, (byte) 0x54, (byte) 1, (byte) 3, (byte) 0, (byte) 0x08));
        assertTrue(m.contains("reaches before the start of the frame"), m);
    }

    @Test
    void reservedFieldsAndBadHeadersAreErrors() {
        byte[] good = literalsThen("hello", (byte) 0);
        byte[] reservedBit = good.clone();
        reservedBit[4] |= 0x08;
        assertTrue(error(reservedBit).contains("reserved bit"));
        ByteArrayOutputStream f = frame(10);
        block(f, true, 3, 0);
        assertTrue(error(f.toByteArray()).contains("block type 3 is reserved"));
        byte[] modes = literalsThen("a", (byte) 1, (byte) 0x55, (byte) 1, (byte) 0, (byte) 0, (byte) 1);
        assertTrue(error(modes).contains("reserved bits"));
        assertTrue(error(new byte[] {1, 2, 3, 4, 5}).contains("is not a Zstandard frame"));
        assertTrue(error(new byte[0]).contains("empty"));
        ByteArrayOutputStream wide = new ByteArrayOutputStream();
        wide.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x00, (byte) (31 << 3)});
        assertTrue(error(wide.toByteArray()).contains("exceeds this decoder's cap"));
    }

    @Test
    void aChecksumMismatchIsAnError() {
        ByteArrayOutputStream f = new ByteArrayOutputStream();
        f.writeBytes(new byte[] {0x28, (byte) 0xB5, 0x2F, (byte) 0xFD, 0x04, 0x00});
        block(f, true, 0, 3);
        f.writeBytes(new byte[] {'a', 'b', 'c', 1, 2, 3, 4});
        assertTrue(error(f.toByteArray()).contains("content checksum mismatch"));
        byte[] ok = f.toByteArray();
        int h = (int) Xxh64.hash(new byte[] {'a', 'b', 'c'}, 0, 3, 0);
        for (int i = 0; i < 4; i++) {
            ok[ok.length - 4 + i] = (byte) (h >>> (8 * i));
        }
        assertThrows(AssertionError.class, () -> error(ok));
    }
}
