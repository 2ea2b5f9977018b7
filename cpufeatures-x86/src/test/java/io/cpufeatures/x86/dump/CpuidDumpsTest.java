package io.cpufeatures.x86.dump;

import io.cpufeatures.core.kit.SnapshotDump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import org.junit.jupiter.api.Test;

/** The dump readers on small hand-written inputs: every format variant and every refusal. */
class CpuidDumpsTest {

    private static final String CPUID_R = """
            CPU 0:
               0x00000000 0x00: eax=0x0000000d ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69
               0x00000001 0x00: eax=0x000206a7 ebx=0x00100800 ecx=0x1fbae3ff edx=0xbfebfbff
               0x0000000d 0x00: eax=0x00000007 ebx=0x00000240 ecx=0x00000340 edx=0x00000000
               0x0000000e 0x00: eax=0x11111111 ebx=0x00000000 ecx=0x00000000 edx=0x00000000
               0x80000000 0x00: eax=0x80000001 ebx=0x00000000 ecx=0x00000000 edx=0x00000000
               0x80000001 0x00: eax=0x00000000 ebx=0x00000000 ecx=0x00000001 edx=0x28100000
               0x80000002 0x00: eax=0x22222222 ebx=0x00000000 ecx=0x00000000 edx=0x00000000
            CPU 1:
               0x00000000 0x00: eax=0x0000000d ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69
               0x00000001 0x00: eax=0x000206a7 ebx=0x01100800 ecx=0x1fbae3ff edx=0xbfebfbff
               0x0000000d 0x00: eax=0x00000007 ebx=0x00000240 ecx=0x00000340 edx=0x00000000
               0x80000000 0x00: eax=0x80000001 ebx=0x00000000 ecx=0x00000000 edx=0x00000000
               0x80000001 0x00: eax=0x00000000 ebx=0x00000000 ecx=0x00000001 edx=0x28100000
            """;

    @Test
    void cpuidRIsReadDroppingLeavesAboveTheHighestAndCollapsingIdenticalCpus() throws Exception {
        SnapshotDump<CpuidSnapshot> dump = CpuidDumps.parse("me.txt", CPUID_R);
        assertEquals(DumpFormat.CPUID_R.id(), dump.format());
        assertEquals(2, dump.logicalCpus());
        assertEquals(1, dump.kinds().size(), "CPU 1 differs only in its APIC ID");
        CpuidSnapshot s = dump.kinds().get(0).cpu();
        assertEquals(2, dump.kinds().get(0).logicalCpus());
        assertFalse(s.contains(0xE, 0), "above the highest basic leaf 0xD");
        assertFalse(s.contains(0x8000_0002, 0), "above the highest extended leaf");
        assertEquals(CpuidRegisters.ZERO, s.read(0xE, 0));
        assertEquals(0x000206a7, s.read(1).eax());
        assertTrue(s.source().detail().contains("me.txt"));
    }

    @Test
    void aDumpOfMoreThan64KindsIsRefusedOnTheLineWhereThe65thBegins() {
        StringBuilder sb = new StringBuilder();
        for (int cpu = 0; cpu < 70; cpu++) {
            sb.append("CPU ").append(cpu).append(":\n   0x00000000 0x00: eax=0x00000001 ebx=0x756e6547 ecx=0x6c65746e"
                    + " edx=0x49656e69\n").append(String.format("   0x00000001 0x00: eax=0x%08x ebx=0x00000000"
                    + " ecx=0x00000000 edx=0x00000000%n", 0x600 + cpu));
        }
        CpuidFormatException e = assertThrows(CpuidFormatException.class, () -> CpuidDumps.parse("many.txt", sb.toString()));
        assertEquals("many.txt:193: the CPU of this line is one of more than 64 distinct kinds of logical CPU; a dump of"
                + " one machine holds a few, and at most 64 are read (identical CPUs are one kind, however many)",
                e.getMessage());
    }

    @Test
    void cpuidROfASingleCpuHasAHeaderWithoutNumber() throws Exception {
        SnapshotDump<CpuidSnapshot> dump = CpuidDumps.parse("one.txt", "CPU:\n   0x00000000 0x00: eax=0x00000001 ebx=0x756e6547"
                + " ecx=0x6c65746e edx=0x49656e69\n   0x00000001 0x00: eax=0x00000633 ebx=0 ecx=0 edx=0\n"
                .replace("ebx=0 ecx=0 edx=0", "ebx=0x00000000 ecx=0x00000000 edx=0x00000000"));
        assertEquals(1, dump.logicalCpus());
        assertEquals(0x633, dump.kinds().get(0).cpu().read(1).eax());
    }

    @Test
    void aidaVariantsAllParse() throws Exception {
        String tagged = """
                ------[ Versions ]------
                Program Version : AIDA64 v7.00
                ------[ Logical CPU #0 ]------
                CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69 [GenuineIntel]
                CPUID 00000001: 000306A9-00100800-7FBAE3FF-BFEBFBFF
                CPUID 0000000B: 00000001-00000002-00000100-00000000 [SL 00]
                CPUID 0000000B: 00000004-00000008-00000201-00000000 [SL 0B] [Core]
                MSR 00000017: 0000-0000-0000-0000
                """;
        CpuidSnapshot s = CpuidDumps.parse("a.txt", tagged).kinds().get(0).cpu();
        assertTrue(s.contains(0xB, 0x0B), "[SL 0B] is hexadecimal: subleaf 11");
        String oldStyle = "CPUID 00000000  \t00000001-756E6547-6C65746E-49656E69\n"
                + "CPUID 00000001 : 00000633 00000000 00000000 0183F9FF\n"
                + "CPUID 00000000  \t00000001-756E6547-6C65746E-49656E69\n"
                + "CPUID 00000001 : 00000634 00000000 00000000 0183F9FF\n";
        SnapshotDump<CpuidSnapshot> noHeaders = CpuidDumps.parse("old.txt", oldStyle);
        assertEquals(DumpFormat.AIDA64.id(), noHeaders.format());
        assertEquals(2, noHeaders.logicalCpus(), "a repeated leaf 0 starts the next CPU");
        assertEquals(2, noHeaders.kinds().size(), "different steppings are different CPUs");
    }

    @Test
    void untaggedRepeatedLinesAreSubleavesAndOldLeaf0xdListingsAreRenumbered() throws Exception {
        String text = """
                CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69
                CPUID 00000004: 1C004121-01C0003F-0000003F-00000000
                CPUID 00000004: 1C004122-01C0003F-0000003F-00000000
                CPUID 0000000D: 00000007-00000340-00000340-00000000
                CPUID 0000000D: 00000100-00000240-00000000-00000000
                """;
        CpuidSnapshot s = CpuidDumps.parse("sandy.txt", text).kinds().get(0).cpu();
        assertEquals(0x1C004122, s.read(4, 1).eax());
        assertTrue(s.contains(0xD, 2), "the second 0xD line is component 2, not subleaf 1");
        assertFalse(s.contains(0xD, 1));
        String withSubleaf1 = text.replace("CPUID 0000000D: 00000100", "CPUID 0000000D: 00000001-00000340-00000000-00000000\n"
                + "CPUID 0000000D: 00000100");
        CpuidSnapshot t = CpuidDumps.parse("ivy.txt", withSubleaf1).kinds().get(0).cpu();
        assertEquals(1, t.read(0xD, 1).eax());
        assertEquals(0x100, t.read(0xD, 2).eax());
    }

    @Test
    void libcpuidRawAndTestFilesParseAndClipTheUnusedSlots() throws Exception {
        String text = """
                _________________ Logical CPU #0 _________________
                basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69
                basic_cpuid[1]=00000f29 00010800 00004400 bfebfbff
                basic_cpuid[2]=00000001 00000001 00000100 00000000
                ext_cpuid[0]=80000004 00000000 00000000 00000000
                ext_cpuid[5]=00000001 00000001 00000100 00000000
                intel_fn4[0]=00000001 00000001 00000100 00000000
                intel_fn4[1]=00000002 00000001 00000100 00000000
                --------------------------------------------------------------------------------
                x86
                x86-64-v1
                """;
        SnapshotDump<CpuidSnapshot> dump = CpuidDumps.parse("p4.test", text);
        assertEquals(DumpFormat.LIBCPUID_RAW.id(), dump.format());
        CpuidSnapshot s = dump.kinds().get(0).cpu();
        assertFalse(s.contains(2, 0), "slot above the highest basic leaf");
        assertFalse(s.contains(0x8000_0005, 0), "slot above the highest extended leaf");
        assertFalse(s.contains(4, 1), "leaf 4 is above the highest basic leaf 1 too");
    }

    @Test
    void malformedInputIsRefusedWithFileLineAndWhatIsAccepted() {
        assertRefused("x.txt", "hello\nworld\n", 0, "no CPUID register line");
        assertRefused("x.txt", "CPU 0:\n   0x00000000 0x00: eax=0x00000001 ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n"
                + "   0x00000001 0x00: eax=0x0000 ebx=0x0 ecx=0x0 edx=0x0\n", 3, "expected 'CPU n:'");
        assertRefused("x.txt", "   0x00000000 0x00: eax=0x00000001 ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n",
                1, "before any 'CPU n:' header");
        assertRefused("a.txt", "CPUID 00000000: 00000001-756E6547-6C65746E-49656E69\nCPUID 00000001: 00000633-0000000-0-0\n",
                2, "malformed CPUID line");
        assertRefused("a.txt", "CPUID 00000001: 00000633-00000000-00000000-00000000\n", 1, "no leaf 0x0");
        assertRefused("a.txt", "CPUID 00000000: 00000001-756E6547-6C65746E-49656E69\n"
                + "CPUID 00000001: 00000633-00000000-00000000-00000000 [SL 00]\n"
                + "CPUID 00000001: 00000634-00000000-00000000-00000000 [SL 00]\n", 3, "already given on line 2");
        assertRefused("n.txt", "basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\nintel_fn99[0]=00000000 00000000 00000000 00000000\n",
                2, "unknown libcpuid array 'intel_fn99'");
        assertRefused("n.txt", "basic_cpuid[0]=00000001 756e6547 6c65746e\n", 1, "four 8-digit hex numbers");
        assertRefused("n.txt", "basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\narm_midr=0000000041\n", 2,
                "unrecognised line");
        assertRefused("m.txt", "basic_cpuid[0]=00000001 756e6547 6c65746e 49656e69\n"
                + "CPUID 00000001: 00000633-00000000-00000000-00000000\n", 2, "unrecognised line");
        assertRefused("h.txt", "------[ Logical CPU #0 ]------\n------[ Logical CPU #1 ]------\n"
                + "CPUID 00000000: 00000001-756E6547-6C65746E-49656E69\n", 1, "no register lines");
        assertRefused("d.txt", "CPUID 00000000: 0000000D-756E6547-6C65746E-49656E69\n"
                + "CPUID 0000000D: 00000007-00000340-00000340-00000000\n"
                + "CPUID 0000000D: 00000100-00000240-00000000-00000000\n"
                + "CPUID 0000000D: 00000040-00000400-00000000-00000000\n", 4, "cannot tell which XSAVE state component");
    }

    /**
     * A logical CPU of more register lines than any real one (a real CPU has a few hundred) is refused on the first
     * line past the bound, in each syntax, before its lines are all held: a 16 MiB dump of one CPU's subleaves would
     * otherwise be a snapshot of 200,000 leaves.
     */
    @Test
    void aLogicalCpuOfMoreThan4096RegisterLinesIsRefused() {
        StringBuilder cpuidR = new StringBuilder("CPU 0:\n   0x00000000 0x00: eax=0x00000012 ebx=0x756e6547 ecx=0x6c65746e"
                + " edx=0x49656e69\n");
        StringBuilder aida = new StringBuilder("CPUID 00000000: 00000012-756E6547-6C65746E-49656E69\n");
        StringBuilder raw = new StringBuilder("basic_cpuid[0]=00000012 756e6547 6c65746e 49656e69\n");
        for (int i = 0; i < 5000; i++) {
            cpuidR.append(String.format("   0x00000012 0x%x: eax=0x00000000 ebx=0x00000000 ecx=0x00000000 edx=0x00000000%n",
                    i + 2));
            aida.append(String.format("CPUID 00000012: 00000000-00000000-00000000-00000000 [SL %X]%n", i + 2));
            raw.append("intel_fn12h[").append(i + 2).append("]=00000000 00000000 00000000 00000000\n");
        }
        String fragment = "the logical CPU of line 1 has more than 4096 register lines; a CPU lists each leaf and"
                + " subleaf once, a few hundred lines at most";
        assertRefused("r.txt", cpuidR.toString(), 4098, fragment);
        assertRefused("a.txt", aida.toString(), 4097, fragment);
        assertRefused("l.txt", raw.toString(), 4097, fragment);
    }

    private static void assertRefused(String file, String text, int line, String fragment) {
        CpuidFormatException e = assertThrows(CpuidFormatException.class, () -> CpuidDumps.parse(file, text));
        assertEquals(file, e.file());
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + (line > 0 ? ":" + line : "") + ": "), e.getMessage());
    }
}
