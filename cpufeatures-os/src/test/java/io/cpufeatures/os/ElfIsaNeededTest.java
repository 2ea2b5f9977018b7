package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The x86 ISA-needed property of shared libraries Debian's GCC builds here (with and without {@code -mneeded}),
 * and files whose headers do not hold together.
 */
class ElfIsaNeededTest {

    @TempDir
    Path dir;

    /** The x86-64 compiler by its target triplet: the host's gcc on x86-64, Debian's cross compiler elsewhere. */
    private static String gcc() {
        return HostTools.command("x86_64-linux-gnu-gcc", "gcc on x86-64, gcc-x86-64-linux-gnu elsewhere").toString();
    }

    private Path build(String name, String... flags) throws Exception {
        Path c = Files.writeString(dir.resolve("x.c"), "int xor(unsigned char *d, const unsigned char *a, int n)"
                + " { for (int i = 0; i < n; i++) d[i] ^= a[i]; return n; }\n");
        Path so = dir.resolve(name);
        List<String> cmd = new java.util.ArrayList<>(List.of(gcc(), "-O2", "-shared", "-fPIC"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-o", so.toString(), c.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes()));
        return so;
    }

    @Test
    void gccWritesTheLevelsWithMneededOnly() throws Exception {
        assertEquals(OptionalInt.empty(), read(build("plain.so")));
        assertEquals(OptionalInt.empty(), read(build("v3.so", "-march=x86-64-v3")),
                "Debian's GCC 12 writes no property for -march alone");
        OptionalInt v3 = read(build("v3n.so", "-march=x86-64-v3", "-mneeded"));
        assertEquals(List.of("x86-64-v1", "x86-64-v2", "x86-64-v3"), ElfIsaNeeded.levels(v3.orElseThrow()));
        Path v3so = dir.resolve("v3n.so");
        assertEquals(v3, ElfIsaNeeded.read(ByteBuffer.wrap(Files.readAllBytes(v3so)), "v3n.so"), "the same bits from memory");
        assertEquals(v3, ElfIsaNeeded.read(ByteBuffer.wrap(Arrays.copyOf(Files.readAllBytes(v3so), 4096)), "v3n.so"),
                "the linker places the property note in the first page");
        OptionalInt v4 = read(build("v4n.so", "-march=x86-64-v4", "-mneeded"));
        assertEquals(List.of("x86-64-v1", "x86-64-v2", "x86-64-v3", "x86-64-v4"), ElfIsaNeeded.levels(v4.orElseThrow()));
        assertEquals(List.of("x86-64-v2", "x86-64-v3", "x86-64-v4"), ElfIsaNeeded.levelsAboveBaseline(v4.orElseThrow()));
        OptionalInt baseline = read(build("v1n.so", "-march=x86-64", "-mneeded"));
        assertEquals(List.of("x86-64-v1"), ElfIsaNeeded.levels(baseline.orElseThrow()));
        assertEquals(List.of(), ElfIsaNeeded.levelsAboveBaseline(baseline.orElseThrow()), "the baseline asks nothing");
    }

    /** The bits {@code file} says it needs, read whole, as a library is read before it is written to disk. */
    private static OptionalInt read(Path file) throws IOException {
        return ElfIsaNeeded.read(ByteBuffer.wrap(Files.readAllBytes(file)), file.toString());
    }

    private Path bytes(String name, byte[] b) throws IOException {
        return Files.write(dir.resolve(name), b);
    }

    /** A 64-bit little-endian ELF header with {@code phnum} program headers of 56 bytes at 64. */
    private static ByteBuffer header(int phnum, int size) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        b.put(0, (byte) 0x7f).put(1, (byte) 'E').put(2, (byte) 'L').put(3, (byte) 'F').put(4, (byte) 2).put(5, (byte) 1);
        b.putLong(32, 64).putShort(54, (short) 56).putShort(56, (short) phnum);
        return b;
    }

    @Test
    void filesWhoseHeadersDoNotHoldTogetherAreRefusedWithWhatWasWrong() throws Exception {
        String m = assertThrows(IOException.class, () -> read(bytes("short", new byte[10]))).getMessage();
        assertTrue(m.endsWith("the ELF header (64 bytes at 0) runs past the end of the file (10 bytes)"), m);
        m = assertThrows(IOException.class, () -> read(bytes("text", new byte[100]))).getMessage();
        assertTrue(m.endsWith("not an ELF file (its first bytes are not 0x7f 'ELF')"), m);
        m = assertThrows(IOException.class, () -> read(bytes("many", header(60000, 128).array()))).getMessage();
        assertTrue(m.endsWith("60000 program headers of 56 bytes; at most 256 of at least 56 are read"), m);
        m = assertThrows(IOException.class, () -> read(bytes("past", header(4, 128).array()))).getMessage();
        assertTrue(m.endsWith("the program headers (224 bytes at 64) runs past the end of the file (128 bytes)"), m);
        // a PT_GNU_PROPERTY header claiming 1 GiB of notes
        ByteBuffer huge = header(1, 200);
        huge.putInt(64, ElfIsaNeeded.PT_GNU_PROPERTY).putLong(64 + 8, 120).putLong(64 + 32, 1L << 30);
        m = assertThrows(IOException.class, () -> read(bytes("huge", huge.array()))).getMessage();
        assertTrue(m.endsWith("a note segment of 1073741824 bytes; at most 65536 are read"), m);
        // a note whose descriptor runs past its segment
        ByteBuffer note = header(1, 200);
        note.putInt(64, ElfIsaNeeded.PT_NOTE).putLong(64 + 8, 120).putLong(64 + 32, 16);
        note.putInt(120, 4).putInt(124, 1000).putInt(128, 5);
        m = assertThrows(IOException.class, () -> read(bytes("note", note.array()))).getMessage();
        assertTrue(m.endsWith("a note of 1000 bytes runs past its segment"), m);
        m = assertThrows(IOException.class, () -> ElfIsaNeeded.read(ByteBuffer.wrap(note.array(), 0, 130), "resource x"))
                .getMessage();
        assertEquals("resource x: a note segment (16 bytes at 120) runs past the end of the file (130 bytes)", m);
        m = assertThrows(IOException.class, () -> ElfIsaNeeded.read(ByteBuffer.wrap(huge.array()), "resource y")).getMessage();
        assertEquals("resource y: a note segment of 1073741824 bytes; at most 65536 are read", m);
    }
}
