package io.cpufeatures.examples.zstd;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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

    /** A valid 2 MiB frame (RLE blocks) and its first 40 bytes: 8 blocks, then a cut block header. */
    private Path[] validAndTruncated() throws Exception {
        byte[] z = HostileFrames.rleBomb(2 << 20, 20);
        Path good = dir.resolve("good.zst");
        Files.write(good, z);
        Path cut = dir.resolve("cut.zst");
        Files.write(cut, Arrays.copyOf(z, 40));
        return new Path[] {good, cut};
    }

    /** The names in {@link #dir}: no temporary file may be left behind. */
    private java.util.Set<String> names() throws Exception {
        try (var s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).collect(java.util.stream.Collectors.toSet());
        }
    }

    @Test
    void decompressingAFileOntoItselfIsRefusedAndLeavesItUnchanged() throws Exception {
        Path good = validAndTruncated()[0];
        byte[] before = Files.readAllBytes(good);
        Run r = run("-d", good.toString(), "-o", good.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("zstd-java: " + good + ": is the input file; refusing to overwrite it", r.err().strip());
        assertArrayEquals(before, Files.readAllBytes(good));
        // under another name for the same file, too
        Path other = dir.resolve(".").resolve("good.zst");
        r = run("-d", good.toString(), "-o", other.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("zstd-java: " + other + ": is the input file; refusing to overwrite it", r.err().strip());
        assertArrayEquals(before, Files.readAllBytes(good));
        assertEquals(java.util.Set.of("good.zst", "cut.zst"), names());
    }

    @Test
    void aFailedDecodeLeavesNoOutputAndAnExistingOutputIntact() throws Exception {
        Path cut = validAndTruncated()[1];
        Path out = dir.resolve("out");
        Run r = run("-d", cut.toString(), "-o", out.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals(1, r.err().strip().split("\n").length, r.err());
        assertTrue(r.err().startsWith("zstd-java: " + cut + ": offset 40: the input ends inside a block header"), r.err());
        assertFalse(Files.exists(out), "a partial output was left");
        byte[] precious = "an earlier output\n".getBytes(StandardCharsets.UTF_8);
        Files.write(out, precious);
        r = run("-d", cut.toString(), "-o", out.toString());
        assertEquals(1, r.exit(), r.err());
        assertArrayEquals(precious, Files.readAllBytes(out), "a failed decode changed the existing output");
        assertEquals(java.util.Set.of("good.zst", "cut.zst", "out"), names());
    }

    @Test
    void aDecodeReplacesAnExistingOutputOnlyOnSuccessKeepingItsPermissions() throws Exception {
        Path good = validAndTruncated()[0];
        Path out = dir.resolve("out");
        Files.write(out, new byte[] {1, 2, 3});
        boolean posix = Files.getFileStore(out).supportsFileAttributeView(java.nio.file.attribute.PosixFileAttributeView.class);
        var perms = java.nio.file.attribute.PosixFilePermissions.fromString("rw-r-----");
        if (posix) {
            Files.setPosixFilePermissions(out, perms);
        }
        Run r = run("-d", good.toString(), "-o", out.toString());
        assertEquals(0, r.exit(), r.err());
        byte[] expected = new byte[2 << 20];
        Arrays.fill(expected, (byte) 'z');
        assertArrayEquals(expected, Files.readAllBytes(out));
        if (posix) {
            assertEquals(perms, Files.getPosixFilePermissions(out));
        }
        assertEquals(java.util.Set.of("good.zst", "cut.zst", "out"), names());
        Path sub = Files.createDirectory(dir.resolve("sub"));
        r = run("-d", good.toString(), "-o", sub.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("zstd-java: " + sub + ": is a directory", r.err().strip());
    }

    @Test
    void usageErrorsExitWith2() {
        assertEquals(2, run().exit());
        assertEquals(2, run("-d", "a.zst").exit());
        assertEquals(2, run("-q", "a.zst").exit());
        assertTrue(run("-D").err().contains("-D needs a file name"));
    }

    /** A bad cpufeatures.* property is one line and exit code 2, never a stack trace. */
    @Test
    void aBadLibraryPropertyIsOneLine() throws Exception {
        Path frame = Files.write(dir.resolve("x.zst"), new byte[] {0x28, (byte) 0xb5, 0x2f, (byte) 0xfd});
        ChildJvm.Result r = ChildJvm.run(dir, List.of("-Dcpufeatures.dispatch.unsafe=yes"), ZstdCommand.class, "-t",
                frame.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("zstd-java: -Dcpufeatures.dispatch.unsafe: 'yes' is not a boolean; accepted: true, false",
                r.err().strip(), r.toString());
    }

    /**
     * Forcing the vector copy kernel in a JVM without the vector module: one line that names the
     * gate and the flag that fixes it (the JVM refuses it here, not the CPU), and exit code 2; an
     * unknown kernel name lists the valid ones.
     */
    @Test
    void forcingAKernelThisJvmCannotRunSaysWhyInOneLine() throws Exception {
        Path frame = Files.write(dir.resolve("y.zst"), ZstdCli.compress(dir, TestData.text(1000, 3), "-1"));
        ChildJvm.Result r = ChildJvm.run(dir, List.of("-Dcpufeatures.dispatch.zstd.copy=vector128"), ZstdCommand.class,
                "-t", frame.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("zstd-java: -Dcpufeatures.dispatch.zstd.copy: candidate vector128 cannot run here (jvm.vector128:"
                + " jvm: module jdk.incubator.vector is not readable: start the JVM with --add-modules"
                + " jdk.incubator.vector); set -Dcpufeatures.dispatch.unsafe=true to override anyway", r.err().strip(),
                r.toString());
        r = ChildJvm.run(dir, List.of("-Dcpufeatures.dispatch.zstd.copy=vector256"), ZstdCommand.class, "-t",
                frame.toString());
        assertEquals(2, r.exit(), r.toString());
        assertEquals("zstd-java: -Dcpufeatures.dispatch.zstd.copy: unknown candidate 'vector256' for dispatch point"
                + " zstd.copy; valid: generic, vector128", r.err().strip(), r.toString());
    }
}
