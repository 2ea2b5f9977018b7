package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Dump files of any architecture: detected by content, parsed whole or refused with file and reason, bounded. */
class CpuDumpsTest {

    @Test
    void aDumpIsParsedByTheModuleWhoseFormatItIs(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("fake.txt"), "fake CPUs 4\n");
        CpuDump d = CpuDumps.read(f);
        assertEquals("fake", d.format());
        assertEquals(4, d.logicalCpus());
        assertEquals(1, d.kinds().size());
        assertTrue(d.kinds().get(0).cpu().has("beta"));
        assertEquals(SourceKind.FILE, d.kinds().get(0).cpu().source().kind());
        assertEquals(f + " (fake, 4 logical CPUs, 1 distinct)", d.source().detail());
    }

    @Test
    void aFileInNoFormatSaysWhatIsAccepted() {
        DumpFormatException e = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("x.txt", "hello", Map.of()));
        assertEquals("x.txt: not a fake dump; accepted: 'fake CPUs N'", e.getMessage());
        DumpFormatException bad = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("y.txt", "fake CPUs many", Map.of()));
        assertEquals(1, bad.line());
    }

    @Test
    void aKernelsTextForAnArchitectureWithoutItsModuleSaysWhichModuleIsMissing() {
        // a riscv64 machine's /proc/cpuinfo (arch/riscv/kernel/cpu.c): cpufeatures has no module for riscv64
        UnrecognisedDumpException riscv = assertThrows(UnrecognisedDumpException.class, () -> CpuDumps.parse("rv.txt",
                "processor\t: 0\nhart\t\t: 3\nisa\t\t: rv64imafdc_zicntr_zicsr_zifencei_zihpm_zba_zbb\nmmu\t\t: sv39\n",
                Map.of()));
        assertEquals("rv.txt: a Linux kernel's /proc/cpuinfo for riscv64: no riscv64 module is on the class path"
                + " (cpufeatures has none for riscv64)", riscv.getMessage());
        assertEquals(java.util.Optional.of("riscv64"), riscv.architecture());
        // an x86 machine's, read where only this test's module is on the class path: which artifact to add
        UnrecognisedDumpException x86 = assertThrows(UnrecognisedDumpException.class, () -> CpuDumps.parse("x.txt",
                "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\nflags\t\t: fpu\n", Map.of()));
        assertEquals("x.txt: a Linux kernel's /proc/cpuinfo for x86_64: no x86_64 module is on the class path; add"
                + " io.cpufeatures:cpufeatures-x86", x86.getMessage());
        UnrecognisedDumpException none = assertThrows(UnrecognisedDumpException.class, () -> CpuDumps.parse("n.txt",
                "hello", Map.of()));
        assertEquals(java.util.Optional.empty(), none.architecture(), "a file in no format names no architecture");
    }

    @Test
    void aHugeFileIsRefusedWithoutBeingReadWhole(@TempDir Path dir) throws Exception {
        Path big = dir.resolve("big.txt");
        try (RandomAccessFile r = new RandomAccessFile(big.toFile(), "rw")) {
            r.setLength(CpuDumps.MAX_BYTES + 1L);
        }
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.read(big));
        assertTrue(e.getMessage().contains("larger than 16 MiB"), e.getMessage());
    }

    @Test
    void writingNeedsASnapshot() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CpuDumps.write(java.util.List.of(CpuFeatures.probe(io.cpufeatures.core.ProbeSettings.none()))));
        assertTrue(e.getMessage().startsWith("no snapshot to write"), e.getMessage());
    }

    @Test
    void aByteOrderMarkIsReadAsWhatItSays(@TempDir Path dir) throws Exception {
        byte[] text = "fake CPUs 3\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        byte[] utf8 = new byte[text.length + 3];
        utf8[0] = (byte) 0xef;
        utf8[1] = (byte) 0xbb;
        utf8[2] = (byte) 0xbf;
        System.arraycopy(text, 0, utf8, 3, text.length);
        assertEquals(3, CpuDumps.read(Files.write(dir.resolve("utf8.txt"), utf8)).logicalCpus());
        byte[] le = "\ufefffake CPUs 5\r\n".getBytes(java.nio.charset.StandardCharsets.UTF_16LE);
        assertEquals(5, CpuDumps.read(Files.write(dir.resolve("utf16le.txt"), le)).logicalCpus(), "PowerShell's > writes this");
        byte[] be = "\ufefffake CPUs 6\n".getBytes(java.nio.charset.StandardCharsets.UTF_16BE);
        assertEquals(6, CpuDumps.read(Files.write(dir.resolve("utf16be.txt"), be)).logicalCpus());
    }
}
