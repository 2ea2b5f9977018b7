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

    /** The 2 MiB of 'z' the valid frame of {@link #validAndTruncated()} holds. */
    private static byte[] twoMiB() {
        byte[] expected = new byte[2 << 20];
        Arrays.fill(expected, (byte) 'z');
        return expected;
    }

    @Test
    void aSymbolicLinkIsFollowedAndStaysALink() throws Exception {
        Path good = validAndTruncated()[0];
        Path target = Files.write(dir.resolve("target"), new byte[] {1});
        Path link = Files.createSymbolicLink(dir.resolve("link"), Path.of("target"));
        Run r = run("-d", good.toString(), "-o", link.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isSymbolicLink(link), "the link was replaced");
        assertArrayEquals(twoMiB(), Files.readAllBytes(target));
        // a dangling link: its target is made, as zstd's open(O_CREAT) makes it
        Path dangling = Files.createSymbolicLink(dir.resolve("dangling"), Path.of("made"));
        r = run("-d", good.toString(), "-o", dangling.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(Files.isSymbolicLink(dangling));
        assertArrayEquals(twoMiB(), Files.readAllBytes(dir.resolve("made")));
        // a link to a directory, a loop of links: refused, nothing changed
        Path toDir = Files.createSymbolicLink(dir.resolve("todir"), Files.createDirectory(dir.resolve("d")));
        r = run("-d", good.toString(), "-o", toDir.toString());
        assertEquals("zstd-java: " + toDir + ": is a directory", r.err().strip());
        Files.createSymbolicLink(dir.resolve("loop1"), Path.of("loop2"));
        Path loop = Files.createSymbolicLink(dir.resolve("loop2"), Path.of("loop1"));
        r = run("-d", good.toString(), "-o", loop.toString());
        assertEquals(1, r.exit());
        assertEquals("zstd-java: " + loop + ": too many levels of symbolic links (more than 40)", r.err().strip());
        // the input under a link's name is still the input
        Path toInput = Files.createSymbolicLink(dir.resolve("toinput"), good);
        r = run("-d", good.toString(), "-o", toInput.toString());
        assertEquals("zstd-java: " + toInput + ": is the input file; refusing to overwrite it", r.err().strip());
        assertEquals(java.util.Set.of("good.zst", "cut.zst", "target", "link", "dangling", "made", "todir", "d",
                "loop1", "loop2", "toinput"), names(), "no temporary file left");
    }

    @Test
    void aFifoIsWrittenIntoAndStaysAFifo() throws Exception {
        Path good = validAndTruncated()[0];
        Path fifo = dir.resolve("fifo");
        Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
        assertEquals(0, mkfifo.waitFor());
        java.util.concurrent.CompletableFuture<byte[]> read = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
                return Files.readAllBytes(fifo);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        Run r = run("-d", good.toString(), "-o", fifo.toString());
        assertEquals(0, r.exit(), r.err());
        assertArrayEquals(twoMiB(), read.get(60, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(010000, mode(fifo) & 0170000, "still a FIFO");
        assertEquals(java.util.Set.of("good.zst", "cut.zst", "fifo"), names(), "no temporary file beside it");
    }

    @Test
    void devNullIsWrittenIntoAndNeverReplaced() throws Exception {
        Path good = validAndTruncated()[0];
        Path devNull = Path.of("/dev/null");
        Object before = Files.getAttribute(devNull, "unix:ino");
        Run r = run("-d", good.toString(), "-o", devNull.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals(020000, mode(devNull) & 0170000, "still a character device");
        assertEquals(before, Files.getAttribute(devNull, "unix:ino"), "the same /dev/null");
        // through a link too
        Path link = Files.createSymbolicLink(dir.resolve("null"), devNull);
        assertEquals(0, run("-d", good.toString(), "-o", link.toString()).exit());
        assertTrue(Files.isSymbolicLink(link));
    }

    @Test
    void aSocketIsRefused() throws Exception {
        Path good = validAndTruncated()[0];
        Path socket = dir.resolve("sock");
        try (var ch = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            ch.bind(java.net.UnixDomainSocketAddress.of(socket));
            Run r = run("-d", good.toString(), "-o", socket.toString());
            assertEquals(1, r.exit());
            assertEquals("zstd-java: " + socket + ": is a socket; zstd-java writes a regular file, a FIFO or a"
                    + " character device", r.err().strip());
            assertEquals(0140000, mode(socket) & 0170000, "still a socket");
        }
    }

    private static int mode(Path p) throws java.io.IOException {
        return (Integer) Files.getAttribute(p, "unix:mode", java.nio.file.LinkOption.NOFOLLOW_LINKS);
    }

    @Test
    void aFirstContextThatRunsOutOfStackFailsThatCallNotTheClasses() throws Exception {
        ChildJvm.Result r = ChildJvm.run(dir, List.of(), FirstContextOnTheBrinkMain.class);
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("overflows>0=true others=[]\n"), "only StackOverflowErrors, never a"
                + " NoClassDefFoundError, while the stack was short: " + r);
        String healthy = r.out().lines().filter(l -> l.startsWith("healthy=")).findFirst().orElseThrow();
        assertTrue(healthy.startsWith("healthy=2097152 bytes with "), r.toString());
        assertTrue(r.out().contains("brink=" + healthy.substring("healthy=".length())), r.toString());
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
