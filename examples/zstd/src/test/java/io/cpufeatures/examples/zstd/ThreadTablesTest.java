package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thread's tables are lent to one call at a time and carry nothing from one call to the next:
 * contexts that share a thread, with and without a dictionary, decode as if each had its own; a
 * call that fails gives them back; a second taker gets a decoder of its own.
 */
class ThreadTablesTest {

    @TempDir
    static Path dir;

    @BeforeAll
    static void zstdIsThere() {
        ZstdCli.require();
    }

    @Test
    void contextsTakingTurnsOnOneThreadDecodeAsIfAlone() throws Exception {
        List<byte[]> samples = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            samples.add(TestData.text(700 + i * 3, 300 + i));
        }
        Path dictFile = dir.resolve("turns.dict");
        Files.write(dictFile, ZstdCli.train(dir, samples, 16_384));
        ZstdDictionary dict = ZstdDictionary.parse(Files.readAllBytes(dictFile));
        ZstdDecompressor withDict = new ZstdDecompressor(dict);
        ZstdDecompressor plain = new ZstdDecompressor();
        for (int i = 0; i < 6; i++) {
            byte[] a = TestData.text(3000 + 500 * i, 40 + i);
            byte[] b = i % 2 == 0 ? TestData.text(200_000, 60 + i) : TestData.binary(200_000, 60 + i);
            byte[] za = ZstdCli.compress(dir, a, "-3", "-D", dictFile.toString());
            byte[] zb = ZstdCli.compress(dir, b, i % 2 == 0 ? "-1" : "-19");
            assertArrayEquals(a, withDict.decompress(za), "dictionary frame " + i);
            assertArrayEquals(b, plain.decompress(zb), "plain frame " + i);
            // a new context between them, on the same thread's tables
            assertArrayEquals(a, new ZstdDecompressor(dict).decompress(za), "new context " + i);
        }
    }

    @Test
    void aCallThatFailsGivesTheTablesBack() throws Exception {
        byte[] data = TestData.text(300_000, 7);
        byte[] z = ZstdCli.compress(dir, data, "-3");
        // three blocks, cut in the third: two decode, then the error
        byte[] cut = Arrays.copyOf(z, z.length * 9 / 10);
        ZstdDecompressor d = new ZstdDecompressor();
        d.decompress(z);
        BlockDecoder before = ThreadTables.take(Kernels.selected());
        ThreadTables.giveBack(before);
        assertThrows(ZstdFormatException.class, () -> d.decompress(cut));
        BlockDecoder after = ThreadTables.take(Kernels.selected());
        try {
            assertSame(before, after, "the failed call gave the thread's decoder back");
        } finally {
            ThreadTables.giveBack(after);
        }
        assertArrayEquals(data, d.decompress(z));
    }

    @Test
    void aDecoderIsLentToOneTakerAtATimeAndEachThreadHasItsOwn() throws Exception {
        Kernels k = Kernels.selected();
        BlockDecoder first = ThreadTables.take(k);
        BlockDecoder second = ThreadTables.take(k);
        assertNotSame(first, second, "a lent decoder is not lent again");
        ThreadTables.giveBack(first);
        BlockDecoder other = CompletableFuture.supplyAsync(() -> {
            BlockDecoder b = ThreadTables.take(k);
            ThreadTables.giveBack(b);
            return b;
        }).get();
        assertNotSame(first, other, "another thread's decoder");
        assertSame(first, ThreadTables.take(k));
        ThreadTables.giveBack(first);
    }
}
