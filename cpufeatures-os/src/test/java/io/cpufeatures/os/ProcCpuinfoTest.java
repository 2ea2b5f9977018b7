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
    void eachBlockIsItsFieldsInOrder() {
        List<Map<String, String>> blocks = ProcCpuinfo.blocks(POWER9);
        assertEquals(3, blocks.size());
        assertEquals("POWER9, altivec supported", blocks.get(0).get("cpu"));
        assertEquals("2.2 (pvr 004e 1202)", blocks.get(1).get("revision"));
        assertEquals("PowerNV", blocks.get(2).get("platform"));
        assertEquals(List.of("processor", "cpu", "clock", "revision"), List.copyOf(blocks.get(0).keySet()));
        assertEquals(Optional.of(blocks.get(2)), ProcCpuinfo.firstWith(POWER9, "timebase"));
        assertEquals(Optional.empty(), ProcCpuinfo.firstWith(POWER9, "Features"));
        assertEquals(List.of(), ProcCpuinfo.blocks(""));
        assertEquals(List.of(Map.of("a", "1")), ProcCpuinfo.blocks("a : 1\r\na : 2\r\nno colon here\r\n"),
                "CRLF lines; the first of a repeated name; a line without a colon is no field");
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
