package io.cpufeatures.aarch64.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.trace.FeatureTrace;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The macOS sysctl listing: read through the public dump path, refused clearly when malformed. */
class MacSysctlListingTest {

    private static final String SMALL = String.join("\n",
            "# a hand-made listing for the reader's rules (not a machine)",
            "hw.cpufamily: 458787763",
            "hw.logicalcpu: 8",
            "hw.optional.floatingpoint: 1",
            "hw.optional.neon: 1",
            "hw.optional.arm.FEAT_AES: 1",
            "hw.optional.arm.FEAT_LSE: 1",
            "hw.optional.arm.FEAT_BF16: 0",
            "hw.optional.arm.FEAT_SOMETHING_NEW: 1",
            "");

    @Test
    void aListingIsReadAsTheKernelsWordOnAnyMachine() throws Exception {
        CpuDump dump = CpuDumps.parse("m1.txt", SMALL, Map.of());
        assertEquals(MacSysctlListing.FORMAT, dump.format());
        assertEquals(8, dump.logicalCpus());
        CpuFeatures cpu = dump.machine();
        assertEquals("aarch64", cpu.architecture());
        assertEquals(SourceKind.FILE, cpu.source().kind());
        assertTrue(cpu.source().detail().contains("Apple M1"), cpu.source().detail());
        for (String f : new String[] {"fp", "asimd", "aes", "atomics"}) {
            assertTrue(cpu.has(f), f + " " + cpu.usable());
        }
        assertFalse(cpu.has("bf16"), "FEAT_BF16: 0");
        assertFalse(cpu.has("sve"), "no key grants it");
    }

    /** A recorded listing of a real Mac (src/test/resources/.../macos; each file names its source). */
    private static CpuDump recorded(String name) throws Exception {
        try (InputStream in = MacSysctlListingTest.class.getResourceAsStream("/io/cpufeatures/aarch64/macos/" + name)) {
            return CpuDumps.parse(name, new String(in.readAllBytes(), StandardCharsets.UTF_8), Map.of());
        }
    }

    private static void has(CpuFeatures cpu, String name, String... features) {
        for (String f : features) {
            assertTrue(cpu.has(f), name + ": " + f + " " + cpu.usable());
        }
    }

    private static void lacks(CpuFeatures cpu, String name, String... features) {
        for (String f : features) {
            assertFalse(cpu.has(f), name + ": " + f + " " + cpu.usable());
        }
    }

    /**
     * Four generations of real Macs, each decoded to what its source says: Armv8.5-A's features on the M1 without
     * BF16, I8MM and BTI; the M2 adding those three (the M1/M2 article's diff: FEAT_BF16, FEAT_I8MM, FEAT_BTI 0 -> 1);
     * the M3 Max keeping them, no SME; the M4 Pro adding SME, SME2 and WFxT and dropping SSBS (the M3/M4 article's
     * diff); none with SVE, which no Apple core has.
     */
    @Test
    void fourGenerationsOfRealMacsDecodeToWhatTheirSourcesSay() throws Exception {
        String[] common = {"fp", "asimd", "aes", "pmull", "sha1", "sha2", "sha3", "sha512", "crc32", "atomics", "uscat",
            "fphp", "asimdhp", "asimdfhm", "asimddp", "asimdrdm", "jscvt", "fcma", "lrcpc", "ilrcpc", "frint", "flagm",
            "flagm2", "sb", "dcpop", "dcpodp", "paca", "pacg"};
        CpuDump m1 = recorded("apple-m1.txt");
        CpuFeatures cpu = m1.machine();
        has(cpu, "M1", common);
        has(cpu, "M1", "ssbs");
        lacks(cpu, "M1", "bf16", "i8mm", "bti", "sme", "sve");
        assertTrue(cpu.source().detail().contains("Apple M1"), cpu.source().detail());
        assertEquals(8, m1.logicalCpus());

        CpuFeatures m2 = recorded("apple-m2.txt").machine();
        has(m2, "M2", common);
        has(m2, "M2", "bf16", "i8mm", "bti");
        lacks(m2, "M2", "sme", "sve");
        assertTrue(m2.source().detail().contains("Apple M2"), m2.source().detail());

        CpuDump m3 = recorded("apple-m3-max.txt");
        has(m3.machine(), "M3 Max", common);
        has(m3.machine(), "M3 Max", "bf16", "i8mm", "bti");
        lacks(m3.machine(), "M3 Max", "sme", "sve");
        assertTrue(m3.machine().source().detail().contains("Apple M3 Max"), m3.machine().source().detail());
        assertEquals(16, m3.logicalCpus());

        CpuFeatures m4 = recorded("apple-m4-pro.txt").machine();
        has(m4, "M4 Pro", common);
        has(m4, "M4 Pro", "bf16", "i8mm", "bti", "sme", "sme2", "wfxt");
        lacks(m4, "M4 Pro", "ssbs", "sve");
        assertTrue(m4.source().detail().contains("Apple M4 Pro"), m4.source().detail());
    }

    @Test
    void malformedListingsAreOneLineErrorsNamingTheLine() {
        DumpFormatException line = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("bad.txt", "hw.optional.arm.FEAT_AES: 1\nthis is not sysctl\n", Map.of()));
        assertTrue(line.getMessage().startsWith("bad.txt:2: not a 'key: value' line of a sysctl listing"), line.getMessage());
        DumpFormatException value = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("v.txt", "hw.optional.arm.FEAT_AES: yes\n", Map.of()));
        assertTrue(value.getMessage().startsWith("v.txt:1: hw.optional.arm.FEAT_AES is 'yes'; accepted: 0 or 1"),
                value.getMessage());
        assertFalse(value.getMessage().contains("\n"));
    }

    @Test
    void anIntelMacsListingIsNotAnAppleSiliconOne() {
        assertFalse(MacSysctlListing.recognises("hw.optional.avx2_0: 1\nhw.optional.sse4_2: 1\nmachdep.cpu.vendor: GenuineIntel\n"));
        assertTrue(MacSysctlListing.recognises(SMALL));
    }

    @Test
    void theChipIsNamedFromItsFamilyOrItsNumber() {
        assertEquals("Apple M2 / A15 (Avalanche + Blizzard)", AppleChips.name("-634136515"), "sysctl prints it signed");
        assertEquals("Apple M4 (Donan)", AppleChips.name("0x6f5129ac"));
        assertEquals("an Apple-silicon chip (hw.cpufamily 0x12345678)", AppleChips.name("305419896"));
        assertTrue(AppleChips.name("x").contains("is not a number"));
    }

    /** hw.logicalcpu is a positive count: 0, a word or a sign is refused on its line, not taken for 1 or thrown past. */
    @Test
    void aLogicalCpuCountThatIsNotPositiveIsRefusedOnItsLine() {
        for (String v : new String[] {"0", "00", "eight", "-1", "100000", "\uff18"}) {
            DumpFormatException e = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("c.txt",
                    SMALL.replace("hw.logicalcpu: 8", "hw.logicalcpu: " + v), Map.of()), v);
            assertEquals("c.txt:3: hw.logicalcpu is '" + v + "'; accepted: a positive count, 1 to 99999", e.getMessage());
        }
    }

    private static String line(CpuDescription d, String label) {
        return d.lines().stream().filter(l -> l.label().equals(label)).findFirst().orElseThrow().text();
    }

    private static Object field(CpuDescription d, String key) {
        return d.fields().stream().filter(f -> f.key().equals(key)).findFirst().orElseThrow().value();
    }

    /**
     * The chip hw.cpufamily names reaches the report (its uarch line and the JSON's microarchitecture), not only the
     * source's text; and a feature is explained in macOS's words, the sysctl key, never Linux's HWCAP ones.
     */
    @Test
    void theReportNamesTheAppleChipAndSpeaksOfSysctlKeys() throws Exception {
        String[][] macs = {{"apple-m1.txt", "Apple M1"}, {"apple-m2.txt", "Apple M2"}, {"apple-m3-max.txt", "Apple M3 Max"},
            {"apple-m4-pro.txt", "Apple M4 Pro"}};
        for (String[] mac : macs) {
            CpuFeatures cpu = recorded(mac[0]).machine();
            CpuDescription d = cpu.describe(1);
            assertTrue(line(d, "uarch").startsWith(mac[1]), mac[0] + ": " + line(d, "uarch"));
            assertTrue(String.valueOf(field(d, "microarchitecture")).startsWith(mac[1]), mac[0] + ": "
                    + field(d, "microarchitecture"));
            assertFalse(line(d, "ID registers").contains("HWCAP"), line(d, "ID registers"));
            assertTrue(line(d, "cpu").startsWith(mac[1]), mac[0] + ": " + line(d, "cpu"));
        }
        CpuFeatures m1 = recorded("apple-m1.txt").machine();
        String bf16 = m1.reasons("bf16").get(0).detail();
        assertTrue(bf16.contains("hw.optional.arm.FEAT_BF16") && !bf16.contains("HWCAP"), bf16);
        String sve = m1.reasons("sve").get(0).detail();
        assertTrue(sve.contains("macOS") && !sve.contains("HWCAP"), sve);
        FeatureTrace aes = (FeatureTrace) m1.trace("aes").orElseThrow();
        assertTrue(aes.presence().text().contains("hw.optional.arm.FEAT_AES") && !aes.presence().text().contains("HWCAP"),
                aes.presence().text());
    }

    /** The table goes to the newest generation public headers name: M5's Hidra (macOS 26 SDK's mach/machine.h). */
    @Test
    void theNewestGenerationIsInTheTable() {
        assertTrue(AppleChips.name("0x1d5a87e8").startsWith("Apple M5"), AppleChips.name("0x1d5a87e8"));
        assertTrue(AppleChips.name(Long.toString((int) 0x1d5a87e8L)).startsWith("Apple M5"), "signed decimal, as sysctl prints");
    }

    /** A macOS snapshot written as the module's dump ({@code report --raw}) reads back equal, chip and source kept. */
    @Test
    void aMacSnapshotRoundTripsThroughTheDumpFormat() throws Exception {
        io.cpufeatures.aarch64.AArch64Snapshot m4 = MacSysctlListing.read("m4.txt", resource("apple-m4-pro.txt"))
                .kinds().get(0).cpu();
        String text = AArch64DumpFormats.ALL.write(java.util.List.of(m4));
        assertTrue(text.contains("id_registers sysctl") && text.contains("apple_cpufamily 0x17d5b93a"), text);
        assertEquals(m4, AArch64DumpFormats.ALL.parse("back.txt", text).orElseThrow().kinds().get(0).cpu());
        io.cpufeatures.aarch64.AArch64Snapshot bigSur = MacSysctlListing.read("m1.txt",
                resource("apple-m1-macos11-hw-optional.txt")).kinds().get(0).cpu();
        String old = AArch64DumpFormats.ALL.write(java.util.List.of(bigSur));
        assertTrue(old.contains("hwcap_unstated 0x"), old);
        assertEquals(bigSur, AArch64DumpFormats.ALL.parse("back.txt", old).orElseThrow().kinds().get(0).cpu());
    }

    private static String resource(String name) throws Exception {
        try (InputStream in = MacSysctlListingTest.class.getResourceAsStream("/io/cpufeatures/aarch64/macos/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    /**
     * The keys Apple added for the newest chips are read: SME2p1, SME_B16B16 and SME_F16F16 (an M4's real listing says
     * 0 for each, and the report says so by key), MTE2, MTE3 and MTE_STORE_ONLY.
     */
    @Test
    void theNewestChipsKeysAreRead() throws Exception {
        for (String k : new String[] {"FEAT_SME2p1", "FEAT_SME_B16B16", "FEAT_SME_F16F16", "FEAT_MTE2", "FEAT_MTE3",
            "FEAT_MTE_STORE_ONLY"}) {
            assertTrue(MacSysctlListing.keys().contains("hw.optional.arm." + k), k);
        }
        CpuFeatures m4 = recorded("apple-m4-sme-grep.txt").machine();
        has(m4, "M4 sme grep", "sme", "sme2", "smef64f64", "smei16i64", "smef32f32", "smei8i32");
        lacks(m4, "M4 sme grep", "sme2p1", "smeb16b16", "smef16f16");
        for (String[] f : new String[][] {{"sme2p1", "FEAT_SME2p1"}, {"smeb16b16", "FEAT_SME_B16B16"},
            {"smef16f16", "FEAT_SME_F16F16"}}) {
            String why = m4.reasons(f[0]).get(0).detail();
            assertTrue(why.contains("hw.optional.arm." + f[1]), f[0] + ": " + why);
        }
        assertEquals("streaming vector length 512 bits (macOS's longest, hw.optional.arm.sme_max_svl_b)",
                line(m4.describe(1), "SME"));
    }

    /**
     * macOS 11 has no hw.optional.arm.FEAT_* key: SHA-1, SHA-2 and AES are unknown there, not absent, and what the OS
     * does grant (SHA-512 and SHA-3, by armv8_2_sha512 and armv8_2_sha3) stays usable rather than refused over a
     * dependency the OS never mentioned ("sha512 <- sha1: sha1 not present" before).
     */
    @Test
    void aKeyTheOsDoesNotHaveIsUnknownNotAbsent() throws Exception {
        CpuFeatures m1 = recorded("apple-m1-macos11-hw-optional.txt").machine();
        has(m1, "M1 macOS 11", "fp", "asimd", "fphp", "asimdhp", "atomics", "crc32", "asimdfhm", "sha512", "sha3");
        assertFalse(m1.isPresent("sha1"), "no key: not claimed present");
        String why = m1.reasons("sha1").get(0).detail();
        assertTrue(why.startsWith("unknown") && why.contains("hw.optional.arm.FEAT_SHA1"), why);
        assertTrue(m1.reasons("sha512").isEmpty(), m1.reasons("sha512").toString());
        FeatureTrace sha1 = (FeatureTrace) m1.trace("sha1").orElseThrow();
        assertTrue(sha1.presence().text().endsWith("hw.optional.arm.FEAT_SHA1 not in the listing (a macOS older than the"
                + " key): unknown, not counted present"), sha1.presence().text());
        String notStated = line(m1.describe(1), "not stated");
        assertTrue(notStated.contains("sha1") && notStated.contains("aes"), notStated);
        // a key the OS has and says 0 of is absent, in its words
        String bf16 = recorded("apple-m1.txt").machine().reasons("bf16").get(0).detail();
        assertTrue(bf16.startsWith("macOS does not report it") && bf16.contains("FEAT_BF16"), bf16);
    }

    /**
     * A listing pasted as a shell transcript is read past its prompt and the command's own line: an M5's "$ sysctl hw
     * machdep" as pasted, and the M4's "sysctl -a | grep -i sme" with the command line the paste began with.
     */
    @Test
    void aShellTranscriptIsReadPastItsPromptLines() throws Exception {
        CpuDump m5 = recorded("apple-m5-transcript-partial.txt");
        assertEquals(1, m5.logicalCpus(), "no hw.logicalcpu among its lines: counted as 1");
        has(m5.machine(), "M5", "aes", "sha512", "cssc", "hbc", "wfxt", "ebf16", "bf16", "i8mm");
        CpuFeatures m4 = CpuDumps.parse("grep.txt", "sysctl -a | grep -i sme\n" + resource("apple-m4-sme-grep.txt"),
                Map.of()).machine();
        has(m4, "M4 grep with its command", "sme", "sme2");
    }
}
