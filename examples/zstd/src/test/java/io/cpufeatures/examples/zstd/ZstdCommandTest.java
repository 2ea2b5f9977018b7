package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZstdCommandTest {

    @TempDir
    Path dir;

    private record Run(int exit, String out, String err) {
    }

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int exit = ZstdCommand.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(exit, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void decompressesTestsAndReportsEachFailedFileOnOneLine() throws Exception {
        ZstdCli.require();
        byte[] data = TestData.text(200_000, 21);
        Path good = dir.resolve("good.zst");
        Files.write(good, ZstdCli.compress(dir, data, "-3"));
        Path out = dir.resolve("good.out");
        assertEquals(0, run("-d", good.toString(), "-o", out.toString()).exit());
        assertArrayEquals(data, Files.readAllBytes(out));

        Path cut = dir.resolve("cut.zst");
        Files.write(cut, Arrays.copyOf(Files.readAllBytes(good), 1000));
        Run t = run("-t", good.toString(), cut.toString(), dir.resolve("missing.zst").toString());
        assertEquals(1, t.exit());
        assertEquals(good + ": OK (200000 bytes)", t.out().strip());
        String[] errors = t.err().strip().split("\n");
        assertEquals(2, errors.length, t.err());
        assertTrue(errors[0].startsWith("zstd-java: " + cut + ": offset "), errors[0]);
        assertEquals("zstd-java: " + dir.resolve("missing.zst") + ": no such file", errors[1]);
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, run().exit());
        assertEquals(2, run("-d", "a.zst").exit());
        assertEquals(2, run("-q", "a.zst").exit());
        assertTrue(run("-D").err().contains("-D needs a file name"));
    }
}
