package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The kernels on a real 4-stream literals section cut out of its frame, so that the last stream
 * ends where the array ends: the fast loops must not read a word past it, the decoded literals are
 * the same for every kernel, and every shorter cut is a format error.
 */
class HuffmanKernelTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    /** The literals section of the frame's first block: {Huffman description start, streams end, regenerated size}. */
    private static int[] literalsSection(byte[] frame) throws ZstdFormatException {
        FrameHeader h = FrameHeader.parse(frame, 0, frame.length, 0, ZstdDecompressor.DEFAULT_WINDOW_CAP);
        int p = h.headerSize() + 3;
        int h0 = frame[p] & 0xFF;
        assertEquals(2, h0 & 3, "a compressed literals section");
        int format = (h0 >>> 2) & 3;
        assertTrue(format != 0, "4 streams");
        int header = format < 2 ? 3 : format + 2;
        int regenerated;
        int compressed;
        if (header == 3) {
            regenerated = (Bytes.read24(frame, p) >>> 4) & 0x3FF;
            compressed = (Bytes.read24(frame, p) >>> 14) & 0x3FF;
        } else if (header == 4) {
            regenerated = (Bytes.readInt(frame, p) >>> 4) & 0x3FFF;
            compressed = Bytes.readInt(frame, p) >>> 18;
        } else {
            regenerated = (Bytes.readInt(frame, p) >>> 4) & 0x3FFFF;
            compressed = (Bytes.readInt(frame, p) >>> 22) + ((frame[p + 4] & 0xFF) << 10);
        }
        return new int[] {p + header, p + header + compressed, regenerated};
    }

    @Test
    void everyKernelDecodesALiteralsSectionEndingAtTheArraysEnd() throws Exception {
        for (int size : new int[] {2000, 4096, 100_000}) {
            byte[] frame = ZstdCli.compress(dir, TestData.text(size, size), "-1");
            int[] at = literalsSection(frame);
            byte[] cut = Arrays.copyOf(frame, at[1]);
            byte[] first = null;
            for (HuffmanKernel k : AllKernels.HUFFMAN) {
                HuffmanTable table = new HuffmanTable();
                int streams = at[0] + table.read(cut, at[0], at[1], 0, new BackwardBits(), new FseWorkspace());
                byte[] out = new byte[at[2]];
                k.decode4(table, new HuffmanStreams(), cut, streams, at[1], 0, out, 0, at[2]);
                if (first != null) {
                    assertArrayEquals(first, out, k.getClass().getSimpleName() + " at " + size);
                }
                first = out;
            }
        }
    }

    @Test
    void aStreamCutShortIsAFormatErrorForEveryKernel() throws Exception {
        byte[] frame = ZstdCli.compress(dir, TestData.text(4096, 7), "-1");
        int[] at = literalsSection(frame);
        for (HuffmanKernel k : AllKernels.HUFFMAN) {
            HuffmanTable table = new HuffmanTable();
            int streams = at[0] + table.read(frame, at[0], at[1], 0, new BackwardBits(), new FseWorkspace());
            for (int end = streams + 1; end < at[1]; end++) {
                byte[] cut = Arrays.copyOf(frame, end);
                int e = end;
                assertThrows(ZstdFormatException.class,
                        () -> k.decode4(table, new HuffmanStreams(), cut, streams, e, 0, new byte[at[2]], 0, at[2]),
                        k.getClass().getSimpleName() + " cut at " + end);
            }
        }
    }
}
