package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Bad dictionaries and bad options are refused with what was wrong. */
class ZstdDictionaryTest {

    @TempDir
    Path dir;

    private byte[] trained() throws IOException {
        ZstdCli.require();
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            samples.add(TestData.text(500 + i, 300 + i));
        }
        return ZstdCli.train(dir, samples, 8192);
    }

    @Test
    void aTruncatedFormattedDictionaryIsAFormatError() throws IOException {
        byte[] dict = trained();
        int content = ZstdDictionary.parse(dict).contentSize();
        int tablesEnd = dict.length - content - 12;
        for (int n = 8; n < tablesEnd + 12; n++) {
            byte[] cut = Arrays.copyOf(dict, n);
            assertThrows(ZstdFormatException.class, () -> ZstdDictionary.parse(cut), "first " + n + " bytes");
        }
    }

    @Test
    void repeatOffsetsMustLieInTheContent() throws IOException {
        byte[] dict = trained();
        int content = ZstdDictionary.parse(dict).contentSize();
        int reps = dict.length - content - 12;
        byte[] zero = dict.clone();
        Arrays.fill(zero, reps + 4, reps + 8, (byte) 0);
        ZstdFormatException e = assertThrows(ZstdFormatException.class, () -> ZstdDictionary.parse(zero));
        assertEquals(reps + 4, e.offset());
        assertTrue(e.getMessage().contains("repeat offset 2 is 0; it must be between 1 and the content size, " + content),
                e.getMessage());
        byte[] beyond = dict.clone();
        int big = content + 1;
        for (int i = 0; i < 4; i++) {
            beyond[reps + i] = (byte) (big >>> (8 * i));
        }
        assertThrows(ZstdFormatException.class, () -> ZstdDictionary.parse(beyond));
    }

    @Test
    void bytesWithoutTheMagicAreRawContent() throws ZstdFormatException {
        ZstdDictionary raw = ZstdDictionary.parse(new byte[] {1, 2, 3});
        assertEquals(0, raw.id());
        assertEquals(3, raw.contentSize());
        assertFalse(raw.hasEntropy());
    }

    @Test
    void windowCapsOutsideTheirRangeAreRefused() {
        IllegalArgumentException small = assertThrows(IllegalArgumentException.class,
                () -> ZstdDecompressor.builder().windowCap(512).build());
        assertEquals("window cap 512 is outside [1024, " + ZstdDecompressor.MAX_WINDOW_CAP + "]", small.getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> ZstdDecompressor.builder().windowCap(ZstdDecompressor.MAX_WINDOW_CAP + 1).build());
        assertThrows(IllegalArgumentException.class,
                () -> new ZstdInputStream(new ByteArrayInputStream(new byte[0]), 100, null));
    }
}
