package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.x86.table.X86Feature;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Intel Macs' sysctl listings: three real Macs (each file names its source), the tables, malformed input. */
class MacX86SysctlListingTest {

    private static CpuDump recorded(String name) throws Exception {
        try (InputStream in = MacX86SysctlListingTest.class.getResourceAsStream("/io/cpufeatures/x86/macos/" + name)) {
            return CpuDumps.parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), Map.of());
        }
    }

    private static void has(CpuFeatures cpu, String machine, String... features) {
        for (String f : features) {
            assertTrue(cpu.has(f), machine + ": " + f + " " + cpu.usable());
        }
    }

    private static void lacks(CpuFeatures cpu, String machine, String... features) {
        for (String f : features) {
            assertFalse(cpu.has(f), machine + ": " + f + " " + cpu.usable());
        }
    }

    @Test
    void everyNameTheTablesGiveIsOneOfTheX86Tables() {
        Set<String> names = new HashSet<>();
        for (X86Feature f : X86Feature.values()) {
            names.add(f.canonicalName());
        }
        for (String target : MacX86SysctlListing.APPLE_NAMES.values()) {
            assertTrue(names.contains(target), target);
        }
        MacX86SysctlListing.OPTIONAL.values().forEach(l -> l.forEach(t -> assertTrue(names.contains(t), t)));
    }

    /** A Haswell Mac's full `sysctl hw`: AVX2, FMA, BMI; the kernel's 0 for ADX, TSX and AVX-512. */
    @Test
    void aHaswellMacDecodesToWhatItsKernelSaid() throws Exception {
        CpuDump dump = recorded("maplefu-haswell-2200mhz.txt");
        assertEquals(8, dump.logicalCpus());
        CpuFeatures cpu = dump.machine();
        has(cpu, "Haswell", "sse4_2", "avx", "avx2", "fma", "bmi1", "bmi2", "aes", "f16c", "rdrand", "erms");
        lacks(cpu, "Haswell", "adx", "rtm", "hle", "avx512f");
    }

    /** A MacBook2,1 (Core 2, 2006): SSSE3 and 64-bit, no SSE4 and no AES, as its kernel said. */
    @Test
    void aCore2MacDecodesToWhatItsKernelSaid() throws Exception {
        CpuFeatures cpu = recorded("chef-ohai-macbook2-1.txt").machine();
        has(cpu, "MacBook2,1", "sse", "sse2", "pni", "ssse3", "lm");
        lacks(cpu, "MacBook2,1", "sse4_1", "sse4_2", "aes", "avx");
    }

    /**
     * An Ice Lake MacBook Pro's partial listing (CPUID's leaf 1 features and the AVX-512 keys only): the leaf-1
     * features and the AVX-512 ones the kernel names usable (AVX-512F depends on AVX, as in Linux's cpuid-deps);
     * AVX2, whose leaf-7 line the listing lacks, not.
     */
    @Test
    void aPartialIceLakeListingGivesWhatItHolds() throws Exception {
        CpuFeatures cpu = recorded("golang-go-43089-i5-1038ng7.txt").machine();
        has(cpu, "i5-1038NG7", "sse4_2", "popcnt", "avx", "fma", "aes", "pclmulqdq", "movbe", "f16c", "xsave", "osxsave");
        has(cpu, "i5-1038NG7", "avx512f", "avx512bw", "avx512vl", "avx512ifma", "avx512vbmi");
        lacks(cpu, "i5-1038NG7", "avx2", "bmi2");
    }

    @Test
    void malformedOrForeignListingsAreRefusedClearly() {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("bad.txt",
                "machdep.cpu.vendor: GenuineIntel\nhw.model = MacBook2,1\n", Map.of()));
        assertTrue(e.getMessage().startsWith("bad.txt:2: not a 'key: value' line of a sysctl listing"), e.getMessage());
        DumpFormatException value = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("v.txt",
                "hw.optional.x86_64: 1\nhw.optional.avx2_0: yes\n", Map.of()));
        assertTrue(value.getMessage().startsWith("v.txt:2: hw.optional.avx2_0 is 'yes'; accepted: 0 or 1"), value.getMessage());
        assertFalse(MacX86SysctlListing.recognises(String.join("\n", List.of("hw.optional.arm.FEAT_AES: 1",
                "hw.optional.neon: 1"))), "an Apple-silicon listing is not an Intel Mac's");
    }

    /**
     * The family, model and stepping are CPUID's display values: one out of their range (or no number) is refused on
     * its line, not folded into the signature's bits.
     */
    @Test
    void aFamilyModelOrSteppingOutOfRangeIsRefusedOnItsLine() throws Exception {
        String listing = "machdep.cpu.vendor: GenuineIntel\nmachdep.cpu.family: 6\nmachdep.cpu.model: 60\n"
                + "machdep.cpu.stepping: 3\nhw.optional.x86_64: 1\n";
        assertEquals("Haswell", CpuDumps.parse("ok.txt", listing, Map.of()).machine().identity()
                .get("microarchitecture"), "family 6, model 60 (0x3c) is a Haswell");
        String[][] bad = {{"machdep.cpu.family: 6", "machdep.cpu.family: 99999", "2", "machdep.cpu.family", "99999", "270"},
            {"machdep.cpu.family: 6", "machdep.cpu.family: 271", "2", "machdep.cpu.family", "271", "270"},
            {"machdep.cpu.family: 6", "machdep.cpu.family: six", "2", "machdep.cpu.family", "six", "270"},
            {"machdep.cpu.model: 60", "machdep.cpu.model: 256", "3", "machdep.cpu.model", "256", "255"},
            {"machdep.cpu.stepping: 3", "machdep.cpu.stepping: 16", "4", "machdep.cpu.stepping", "16", "15"},
            {"machdep.cpu.stepping: 3", "machdep.cpu.stepping: -1", "4", "machdep.cpu.stepping", "-1", "15"}};
        for (String[] b : bad) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("r.txt",
                    listing.replace(b[0], b[1]), Map.of()), b[1]);
            assertEquals("r.txt:" + b[2] + ": " + b[3] + " is '" + b[4] + "'; accepted: 0 to " + b[5], e.getMessage());
        }
    }

    /** hw.logicalcpu is a positive count: 0, a word or a sign is refused on its line, not taken for 1 or thrown past. */
    @Test
    void aLogicalCpuCountThatIsNotPositiveIsRefusedOnItsLine() {
        for (String v : new String[] {"0", "eight", "-1", "100000"}) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("c.txt",
                    "machdep.cpu.vendor: GenuineIntel\nhw.optional.x86_64: 1\nhw.logicalcpu: " + v + "\n",
                    Map.of()), v);
            assertEquals("c.txt:3: hw.logicalcpu is '" + v + "'; accepted: a positive count, 1 to 99999", e.getMessage());
        }
    }

    /** The text of a recorded listing. */
    private static String text(String name) throws Exception {
        try (InputStream in = MacX86SysctlListingTest.class.getResourceAsStream("/io/cpufeatures/x86/macos/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * Every word of xnu's leaf-7 and extended maps the table has a feature for is read (IBRS, STIBP and SSBD are the
     * x86 table's spec_ctrl, intel_stibp and spec_ctrl_ssbd; SGXLC sgx_lc); the words it has none for are named in
     * the source, never dropped silently (an i7-8750H's full machdep.cpu, from luci-py's test data).
     */
    @Test
    void machdepWordsNotInTheTableAreNamedAndTheOthersRead() throws Exception {
        CpuFeatures cpu = recorded("luci-py-i7-8750h-machdep-cpu.txt").machine();
        for (String f : List.of("spec_ctrl", "intel_stibp", "spec_ctrl_ssbd", "sgx_lc", "md_clear", "flush_l1d", "avx2",
                "rdtscp", "abm")) {
            assertTrue(cpu.isPresent(f), f);
        }
        String detail = cpu.source().detail();
        assertTrue(detail.contains("words not read: SEGLIM64, FPU_CSDS, TSXFA, TSCI"), detail);
    }

    /**
     * Partial listings are recognised and read: one holding only the leaf-7 line, one holding only the AVX-512 keys;
     * hw.optional.avx512f: 1 is the kernel's word that AVX-512's state is enabled (macOS enables it on first use), so
     * AVX-512F is usable, not refused for "OSXSAVE=0". Built from real files' lines (each test says which were kept).
     */
    @Test
    void partialListingsAreRecognisedAndTheAvx512KeysAreTheKernelsWord() throws Exception {
        // the leaf-7 line of luci-py-i7-8750h-machdep-cpu.txt, alone
        String leaf7 = text("luci-py-i7-8750h-machdep-cpu.txt").lines().filter(l -> l.startsWith("machdep.cpu.leaf7_features:"))
                .findFirst().orElseThrow() + "\n";
        CpuFeatures only7 = CpuDumps.parse("leaf7.txt", leaf7, Map.of()).machine();
        assertTrue(only7.isPresent("bmi2") && only7.isPresent("spec_ctrl") && only7.isPresent("adx"), only7.present().toString());
        // the seven hw.optional.avx512* lines of golang-go-43089-i5-1038ng7.txt, alone
        String avx512 = text("golang-go-43089-i5-1038ng7.txt").lines().filter(l -> l.startsWith("hw.optional.avx512"))
                .reduce("", (a, l) -> a + l + "\n");
        assertEquals(7, avx512.lines().count());
        CpuFeatures only512 = CpuDumps.parse("avx512.txt", avx512, Map.of()).machine();
        has(only512, "avx512 keys", "avx512f", "avx512cd", "avx512dq", "avx512bw", "avx512vl", "avx512ifma", "avx512vbmi");
    }

    /**
     * xnu's leaf-7 words PQM and PQE are CPUID.(7,0):EBX[12] and [15] (xnu osfmk/i386/cpuid.h:
     * CPUID_LEAF7_FEATURE_PQM _Bit(12) "Platform Qos Monitoring", CPUID_LEAF7_FEATURE_PQE _Bit(15) "Platform Qos
     * Enforcement"; osfmk/i386/cpuid.c's leaf7_feature_map spells them "PQM" and "PQE"), the bits Linux names cqm and
     * rdt_a (arch/x86/include/asm/cpufeatures.h: X86_FEATURE_CQM 9*32+12, X86_FEATURE_RDT_A 9*32+15). The line is
     * written here, in xnu's spelling and the map's order.
     */
    @Test
    void xnusPqmAndPqeAreReadAsCqmAndRdtA() throws Exception {
        String line = "machdep.cpu.leaf7_features: RDWRFSGS TSC_THREAD_OFFSET BMI1 HLE AVX2 SMEP BMI2 ERMS INVPCID RTM PQM"
                + " FPU_CSDS MPX PQE AVX512F AVX512DQ RDSEED ADX SMAP CLFSOPT CLWB IPT AVX512CD AVX512BW AVX512VL\n";
        CpuFeatures cpu = CpuDumps.parse("pq.txt", line, Map.of()).machine();
        assertTrue(cpu.isPresent("cqm"), cpu.present().toString());
        assertTrue(cpu.isPresent("rdt_a"), cpu.present().toString());
        String detail = cpu.source().detail();
        assertTrue(detail.contains("words not read: FPU_CSDS") && !detail.contains("PQM") && !detail.contains("PQE"), detail);
    }

    /**
     * A listing that states only some of xnu's words says nothing of the others: a bit of a word it does not state is
     * unknown, not 0. The i7-8750H's leaf-7 line alone (luci-py's test data) states neither CPUID.1 (machdep.cpu.features:
     * XSAVE, OSXSAVE, AVX) nor 0x80000001: OSXSAVE is not read as 0, so AVX2 is not refused for its state; no dependency
     * row (avx2 <- avx <- xsave) fires on an AVX it does not state; and BMI1 and BMI2 get no SKL052, an erratum of the
     * parts Intel made without AVX (6th Generation Core Specification Update), which needs AVX known absent. Where the
     * text states AVX absent (hw.optional.avx1_0: 0, xnu bsd/kern/kern_mib.c) the erratum stands.
     */
    @Test
    void aWordTheListingDoesNotStateIsUnknownNotZero() throws Exception {
        String leaf7 = text("luci-py-i7-8750h-machdep-cpu.txt").lines().filter(l -> l.startsWith("machdep.cpu.leaf7_features:"))
                .findFirst().orElseThrow() + "\n";
        CpuFeatures only7 = CpuDumps.parse("leaf7.txt", leaf7, Map.of()).machine();
        has(only7, "leaf-7 line alone", "avx2", "bmi1", "bmi2", "adx", "rdseed");
        assertFalse(only7.isPresent("avx") || only7.isPresent("osxsave") || only7.isPresent("xsave"),
                "what the text does not state is not counted present: " + only7.present());
        String avx = only7.reasons("avx").get(0).detail();
        assertTrue(avx.startsWith("unknown: ") && avx.contains("machdep.cpu.features"), avx);
        assertTrue(only7.reasons("lahf_lm").get(0).detail().contains("machdep.cpu.extfeatures"),
                only7.reasons("lahf_lm").toString());
        String unstated = only7.describe(1).identity().get("unstated");
        assertTrue(unstated.contains("machdep.cpu.features") && unstated.contains("machdep.cpu.extfeatures")
                && !unstated.contains("leaf7_features"), unstated);
        // a word the text states keeps its zeros: the whole listing has no AVX-512, and says so
        CpuFeatures whole = recorded("luci-py-i7-8750h-machdep-cpu.txt").machine();
        assertTrue(whole.reasons("avx512f").get(0).detail().startsWith("the kernel does not name it"),
                whole.reasons("avx512f").toString());
        // AVX stated absent by the kernel's key: SKL052 applies to BMI1
        CpuFeatures noAvx = CpuDumps.parse("noavx.txt", "hw.optional.x86_64: 1\nhw.optional.avx1_0: 0\n"
                + "hw.optional.bmi1: 1\n", Map.of()).machine();
        assertTrue(noAvx.isPresent("bmi1"));
        assertFalse(noAvx.has("bmi1"), noAvx.usable().toString());
        assertTrue(noAvx.reasons("bmi1").toString().contains("SKL052"), noAvx.reasons("bmi1").toString());
    }

    /**
     * A listing with machdep.cpu.model and no machdep.cpu.family keeps the model it states (display model 158, as xnu
     * prints cpuid_model with the extended model added, osfmk/i386/cpuid.c) and its stepping; only the family, and so
     * the signature, which needs it, are unknown. The i7-8750H's listing without its family line.
     */
    @Test
    void aListingWithoutTheFamilyKeepsTheModelItStates() throws Exception {
        String noFamily = text("luci-py-i7-8750h-machdep-cpu.txt").replace("machdep.cpu.family: 6\n", "");
        CpuFeatures cpu = CpuDumps.parse("nofamily.txt", noFamily, Map.of()).machine();
        assertTrue(cpu.isPresent("avx2"));
        assertTrue(cpu.source().detail().contains("family unknown"), cpu.source().detail());
        Map<String, String> id = cpu.describe(1).identity();
        assertEquals("158", id.get("model"), id.toString());
        assertEquals("10", id.get("stepping"), id.toString());
        assertFalse(id.containsKey("family") || id.containsKey("signature"), id.toString());
        assertTrue(id.get("unstated").contains("family") && id.get("unstated").contains("signature")
                && !id.get("unstated").contains("model"), id.get("unstated"));
        String identity = cpu.describe(1).lines().stream().filter(l -> l.label().equals("identity")).findFirst()
                .orElseThrow().text();
        assertEquals("GenuineIntel, family unknown (not in the text), model 0x9e stepping 10, signature unknown,"
                + " 1 logical CPU", identity);
        assertEquals("unknown", cpu.describe(1).lines().stream().filter(l -> l.label().equals("uarch")).findFirst()
                .orElseThrow().text(), "a model without its family names no microarchitecture");
        assertEquals("158", recorded("luci-py-i7-8750h-machdep-cpu.txt").machine().describe(1).identity().get("model"));
        // no model either: nothing of the three is given
        String neither = noFamily.replace("machdep.cpu.model: 158\n", "").replace("machdep.cpu.stepping: 10\n", "");
        CpuFeatures none = CpuDumps.parse("neither.txt", neither, Map.of()).machine();
        Map<String, String> noneId = none.describe(1).identity();
        assertFalse(noneId.containsKey("model") || noneId.containsKey("stepping"), noneId.toString());
        assertTrue(noneId.get("unstated").contains("model") && noneId.get("unstated").contains("stepping"), noneId.toString());
        assertEquals("GenuineIntel, family, model and stepping unknown (not in the text), signature unknown, 1 logical CPU",
                none.describe(1).lines().stream().filter(l -> l.label().equals("identity")).findFirst().orElseThrow().text());
    }
}
