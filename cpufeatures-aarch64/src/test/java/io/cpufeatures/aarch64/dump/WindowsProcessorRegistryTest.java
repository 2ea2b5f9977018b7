package io.cpufeatures.aarch64.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Windows on Arm's processor registry keys: a real machine's listing, the value names, and malformed input. */
class WindowsProcessorRegistryTest {

    @Test
    void theValueNamesAreTheRegistersEncodings() {
        // The table zig's windows.zig and cpufetch#226 give: 4000 MIDR, 4020/4021 PFR0/1, 4030/4031 ISAR0/1,
        // 4038/4039/403A MMFR0/1/2.
        assertEquals("CP 4000", WindowsProcessorRegistry.valueName(IdRegister.MIDR_EL1));
        assertEquals("CP 4020", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64PFR0_EL1));
        assertEquals("CP 4021", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64PFR1_EL1));
        assertEquals("CP 4030", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64ISAR0_EL1));
        assertEquals("CP 4031", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64ISAR1_EL1));
        assertEquals("CP 4038", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64MMFR0_EL1));
        assertEquals("CP 403A", WindowsProcessorRegistry.valueName(IdRegister.ID_AA64MMFR2_EL1));
    }

    /**
     * A Lenovo ThinkPad X13s (Snapdragon 8cx Gen 3), as its owner pasted it: two processors of different MIDRs, and
     * the features the same owner listed for the machine ("FP ASIMD AES PMULL SHA1 SHA256 CRC32 LSE LRCPC DotProd").
     */
    @Test
    void aRealSnapdragonDecodesToWhatItsOwnerListed() throws Exception {
        CpuDump dump;
        try (InputStream in = getClass().getResourceAsStream("/io/cpufeatures/aarch64/windows/thinkpad-x13s-snapdragon-8cx-gen3.txt")) {
            dump = CpuDumps.parse("x13s.txt", new String(in.readAllBytes(), StandardCharsets.UTF_8), Map.of());
        }
        assertEquals(WindowsProcessorRegistry.FORMAT, dump.format());
        assertEquals(2, dump.logicalCpus());
        assertEquals(2, dump.kinds().size(), "CentralProcessor\\0 and \\4 differ in MIDR");
        for (var kind : dump.kinds()) {
            CpuFeatures cpu = kind.cpu();
            for (String f : new String[] {"fp", "asimd", "aes", "pmull", "sha1", "sha2", "crc32", "atomics", "lrcpc",
                "asimddp"}) {
                assertTrue(cpu.has(f), f + " " + cpu.usable());
            }
            assertFalse(cpu.has("sve"), "no SVE on these cores");
            assertTrue(cpu.source().detail().contains("Windows registry"), cpu.source().detail());
        }
        String first = String.valueOf(dump.kinds().get(0).cpu().identity());
        String second = String.valueOf(dump.kinds().get(1).cpu().identity());
        assertTrue(first.contains("A78C") && second.contains("X1C"), first + " / " + second);
    }

    @Test
    void whatReportRawWritesThereReadsBack() throws Exception {
        CpuDump dump;
        try (InputStream in = getClass().getResourceAsStream("/io/cpufeatures/aarch64/windows/thinkpad-x13s-snapdragon-8cx-gen3.txt")) {
            dump = CpuDumps.parse("x13s.txt", new String(in.readAllBytes(), StandardCharsets.UTF_8), Map.of());
        }
        CpuFeatures cpu = dump.kinds().get(0).cpu();
        String raw = CpuDumps.write(java.util.List.of(cpu));
        assertTrue(raw.contains("id_registers registry"), raw);
        CpuFeatures back = CpuDumps.parse("raw.txt", raw, Map.of()).machine();
        assertEquals(cpu.usable(), back.usable());
        assertEquals(cpu.snapshot().map(s -> ((io.cpufeatures.aarch64.AArch64Snapshot) s).registers()),
                back.snapshot().map(s -> ((io.cpufeatures.aarch64.AArch64Snapshot) s).registers()));
    }

    @Test
    void regQueryOutputIsReadToo() throws Exception {
        // A hand-made 'reg query' listing (the rules, not a machine): hex values, a key per processor.
        String text = String.join("\n",
                "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                "    CP 4000    REG_QWORD    0x410fd4b0",
                "    CP 4020    REG_QWORD    0x1100000011111112",
                "    CP 4030    REG_QWORD    0x10100010211120",
                "");
        CpuFeatures cpu = CpuDumps.parse("reg.txt", text, Map.of()).machine();
        assertTrue(cpu.has("aes") && cpu.has("asimddp"), cpu.usable().toString());
    }

    @Test
    void aValueThatIsNoNumberIsAnErrorNamingTheLine() {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("bad.txt",
                "Hive: HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\n0    CP 4000 : ten\n",
                Map.of()));
        assertTrue(e.getMessage().startsWith("bad.txt:2: CP 4000 is 'ten'; accepted: a decimal number"), e.getMessage());
        DumpFormatException noMidr = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("m.txt", String.join("\n",
                "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                "    CP 4000    REG_QWORD    0x410fd4b0",
                "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\1",
                "    CP 4020    REG_QWORD    0x11"), Map.of()));
        assertTrue(noMidr.getMessage().contains("processor 1 has no CP 4000 (MIDR_EL1)"), noMidr.getMessage());
        DumpFormatException orphan = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("o.txt",
                "    Hive: HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\n    CP 4000 : 1091556528\n",
                Map.of()));
        assertTrue(orphan.getMessage().startsWith("o.txt:2: CP 4000 is under no processor's key"), orphan.getMessage());
        DumpFormatException none = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("n.txt",
                "# CentralProcessor listing without its CP 4000 values\n", Map.of()));
        assertTrue(none.getMessage().contains("no processor with CP values"), none.getMessage());
        DumpFormatException stray = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("s.txt",
                "CentralProcessor listing\n0    CP 4000 : 1091556528\n", Map.of()));
        assertTrue(stray.getMessage().startsWith("s.txt:1: not a processor's line: 'CentralProcessor listing'"),
                stray.getMessage());
    }

    /** The listing of {@code processors} processors as reg query prints them, each its own kind (its MIDR's revision). */
    private static String distinctProcessors(int processors) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < processors; i++) {
            sb.append("HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\").append(i).append('\n')
                    .append("    CP 4000    REG_QWORD    0x").append(Integer.toHexString(0x410fd4b0 + (i & 0xf) + (i >> 4 << 24)))
                    .append('\n');
        }
        return sb.toString();
    }

    /** The 65th kind is refused on the line of the processor that is it, before the processors after it are read. */
    @Test
    void theSixtyFifthKindIsRefusedOnItsLine() throws Exception {
        assertEquals(64, CpuDumps.parse("k.txt", distinctProcessors(64), Map.of()).kinds().size());
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("k.txt",
                distinctProcessors(100), Map.of()));
        // processor 64's key is line 129: two lines a processor
        assertTrue(e.getMessage().startsWith("k.txt:129: the CPU of this line is one of more than 64 distinct kinds of"
                + " logical CPU"), e.getMessage());
    }

    /** Processors are numbered as Windows numbers them (at most four digits), each listed once. */
    @Test
    void aProcessorIsListedOnceAndNumbered() {
        String twice = "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0\n"
                + "    CP 4000    REG_QWORD    0x410fd4b0\n"
                + "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\1\n"
                + "    CP 4000    REG_QWORD    0x410fd4b0\n"
                + "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0\n"
                + "    CP 4000    REG_QWORD    0x410fd4b0\n";
        DumpFormatException again = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("t.txt", twice,
                Map.of()));
        assertTrue(again.getMessage().startsWith("t.txt:5: processor 0 is listed twice (first on line 1)"),
                again.getMessage());
        DumpFormatException big = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("b.txt",
                "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\10000\n"
                        + "    CP 4000    REG_QWORD    0x410fd4b0\n", Map.of()));
        assertTrue(big.getMessage().startsWith("b.txt:2: CP 4000 is under no processor's key"), big.getMessage());
    }

    /** A value is ASCII digits: the full-width and Arabic-Indic digits Java's number parsing takes are not. */
    @Test
    void aValueIsAsciiDigitsOnly() {
        for (String v : new String[] {"\uff11\uff10\uff19\uff11\uff15\uff15\uff16\uff15\uff12\uff18",
            "\u0661\u0660\u0669\u0661\u0665\u0665\u0666\u0665\u0662\u0668", "0x\u0664\u0661\u0660fd4b0", "+1091556528",
            "18446744073709551616", "0x"}) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("d.txt",
                    "    Hive: HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\n0    CP 4000 : " + v
                            + "\n", Map.of()), v);
            assertTrue(e.getMessage().startsWith("d.txt:2: CP 4000 is '"), e.getMessage());
            assertTrue(e.getMessage().contains("; accepted: a decimal number (PowerShell) or 0x and hex digits (reg query),"
                    + " in ASCII digits, of 64 bits"), e.getMessage());
        }
    }

    /** A register's value given twice for one processor is refused on the second, not the last one taken. */
    @Test
    void aValueGivenTwiceForOneProcessorIsRefused() {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("t.txt", String.join("\n",
                "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                "    CP 4000    REG_QWORD    0x410fd4b0",
                "    CP 4020    REG_QWORD    0x11",
                "    CP 4000    REG_QWORD    0x410fd4c0", ""), Map.of()));
        assertTrue(e.getMessage().startsWith("t.txt:4: CP 4000 given twice for processor 0 (first on line 2)"),
                e.getMessage());
    }

    /** A control character (NUL) in a value's name is refused, not the value taken for one of another name. */
    @Test
    void aControlCharacterInAValueNameIsRefused() {
        for (String name : new String[] {"CP 40\u000000", "CP 4000\u0000", "CP\u00014000"}) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("z.txt", String.join("\n",
                    "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\0",
                    "    CP 4000    REG_QWORD    0x410fd4b0",
                    "    " + name + "    REG_QWORD    0x11", ""), Map.of()), name);
            assertTrue(e.getMessage().startsWith("z.txt:3: the value name '"), e.getMessage());
            assertTrue(e.getMessage().contains("' holds a control character; accepted: value names of printable"
                    + " characters ('CP 4020')"), e.getMessage());
            assertFalse(e.getMessage().chars().anyMatch(c -> c < 0x20), "the name is shown escaped: " + e.getMessage());
        }
    }
}
