package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** /proc/cpuinfo as blocks of fields, as every architecture's kernel prints it. */
class ProcCpuinfoTest {

    /** A POWER9 PowerNV machine's file, its per-CPU blocks and its trailer (google/cpu_features' test "w8", abridged). */
    private static final String POWER9 = """
            processor       : 0
            cpu             : POWER9, altivec supported
            clock           : 2300.000000MHz
            revision        : 2.2 (pvr 004e 1202)

            processor       : 1
            cpu             : POWER9, altivec supported
            clock           : 2300.000000MHz
            revision        : 2.2 (pvr 004e 1202)

            timebase        : 512000000
            platform        : PowerNV
            model           : 0000000000000000
            machine         : PowerNV 0000000000000000
            firmware        : OPAL
            MMU             : Radix
            """;

    @Test
    void aListFieldSplitsAtAnyWhiteSpaceAndABlankOneHasNoWords() {
        assertEquals(List.of("fpu", "vme", "avx2"), ProcCpuinfo.words(" fpu\tvme  avx2 "));
        assertEquals(List.of(), ProcCpuinfo.words(""));
        assertEquals(List.of(), ProcCpuinfo.words(" \t "));
        assertThrows(NullPointerException.class, () -> ProcCpuinfo.words(null));
    }

    @Test
    void eachBlockIsItsFieldsInOrder() {
        List<Map<String, String>> blocks = ProcCpuinfo.blocks("p9", POWER9);
        assertEquals(3, blocks.size());
        assertEquals("POWER9, altivec supported", blocks.get(0).get("cpu"));
        assertEquals("2.2 (pvr 004e 1202)", blocks.get(1).get("revision"));
        assertEquals("PowerNV", blocks.get(2).get("platform"));
        assertEquals(List.of("processor", "cpu", "clock", "revision"), List.copyOf(blocks.get(0).keySet()));
        assertEquals(Optional.of(blocks.get(2)), ProcCpuinfo.firstWith("p9", POWER9, "timebase"));
        assertEquals(Optional.empty(), ProcCpuinfo.firstWith("p9", POWER9, "Features"));
        assertEquals(List.of(), ProcCpuinfo.blocks("p9", ""));
        assertEquals(List.of(Map.of("a", "1"), Map.of("a", "2")), ProcCpuinfo.blocks("t",
                "a : 1\r\nno colon here\r\n\r\na : 2\r"), "CRLF and CR lines; a line without a colon is no field");
        // arm64 before 3.19: every processor line in one block, before one set of fields
        assertEquals(List.of(Map.of("processor", "0", "Features", "fp")), ProcCpuinfo.blocks("t",
                "processor\t: 0\nprocessor\t: 1\nFeatures\t: fp\n"));
    }

    /** What no kernel prints is refused on its line, with what is accepted: never read in part. */
    @Test
    void duplicatesOutOfRangeProcessorsAndNulsAreRefusedWithTheirLine() {
        String x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: fpu vme\n\n";
        assertEquals("/proc/cpuinfo:5: processor 0 again (first at line 1); accepted: a logical CPU's number as the"
                + " kernel prints it, 0 to 8191 in decimal, each once", refused(x86 + x86));
        assertEquals("/proc/cpuinfo:4: a second 'flags' line in the block (the first is line 3); accepted: each field"
                + " once per processor's block, as the kernel prints it", refused(x86.strip() + "\nflags\t\t: avx512f\n"));
        assertEquals("/proc/cpuinfo:3: a second 'Features' line in the block (the first is line 2); accepted: each field"
                + " once per processor's block, as the kernel prints it",
                refused("processor\t: 0\nFeatures\t: fp\nFeatures\t: sve\n"));
        for (String number : List.of("-1", "100000000000000000000000", "8192", "0x1", "01", "", "1 2")) {
            assertEquals("/proc/cpuinfo:1: 'processor' is '" + number + "'; accepted: a logical CPU's number as the kernel"
                    + " prints it, 0 to 8191 in decimal, each once", refused("processor\t: " + number + "\nflags : fpu\n"));
        }
        assertEquals(8191, ProcCpuinfo.processorNumber("8191"));
        assertEquals("/proc/cpuinfo:3: a NUL (byte 0) at column 13; accepted: the kernel's text, which has no NUL",
                refused(x86.replace("fpu vme", "fpu\u0000vme")));
        assertEquals("/proc/cpuinfo:2: a NUL (byte 0) at column 1; accepted: the kernel's text, which has no NUL",
                refused("processor\t: 0\n\u0000\n"), "not even on a line that is no field");
    }

    private static String refused(String text) {
        return assertThrows(IllegalArgumentException.class, () -> ProcCpuinfo.blocks("/proc/cpuinfo", text)).getMessage();
    }

    @Test
    void theFileIsReadUpToItsBound(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path big = dir.resolve("cpuinfo");
        try (java.nio.channels.FileChannel c = java.nio.channels.FileChannel.open(big,
                java.nio.file.StandardOpenOption.CREATE_NEW, java.nio.file.StandardOpenOption.WRITE)) {
            c.write(java.nio.ByteBuffer.wrap(new byte[1]), ProcCpuinfo.MAX_BYTES);
        }
        assertEquals(big + ": larger than 32 MiB; accepted: a kernel's text, at most 8192 blocks of a few KiB",
                assertThrows(java.io.IOException.class, () -> ProcCpuinfo.read(big, true)).getMessage());
        assertEquals(dir.resolve("none") + ": No such file or directory",
                assertThrows(java.io.IOException.class, () -> ProcCpuinfo.read(dir.resolve("none"), true)).getMessage());
    }

    @Test
    void numbersAreDecimalOrHexAndAnythingElseIsNamed() {
        Map<String, String> arm = Map.of("CPU implementer", "0x41", "CPU part", "0xd0c", "CPU variant", "3", "bad", "x1");
        assertEquals(0x41, ProcCpuinfo.number(arm, "CPU implementer"));
        assertEquals(3, ProcCpuinfo.number(arm, "CPU variant"));
        assertEquals("/proc/cpuinfo field 'bad' is not a number: 'x1'",
                assertThrows(IllegalArgumentException.class, () -> ProcCpuinfo.number(arm, "bad")).getMessage());
        assertEquals("/proc/cpuinfo has no 'CPU revision' field",
                assertThrows(IllegalArgumentException.class, () -> ProcCpuinfo.number(arm, "CPU revision")).getMessage());
    }
}
