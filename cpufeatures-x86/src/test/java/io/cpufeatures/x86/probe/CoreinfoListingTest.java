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
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/**
 * Windows x64 machines as Sysinternals Coreinfo described them (seven real listings, v3.31 to v4.02, each file naming
 * its source): every feature Coreinfo marks is present and no feature it marks absent is; XCR0 is not in a listing, so
 * state features wait for {@code --xcr0}; malformed listings are refused with their line.
 */
class CoreinfoListingTest {

    private static final List<String> FILES = List.of("amd-epyc-7452-virtualclient.txt",
            "amd-epyc-7763-milan-virtualclient.txt", "intel-core-ultra7-165u-msdocs.txt", "intel-i5-1155g7-coreinfo402.txt",
            "intel-i7-4700mq-vm-coreinfo35.txt", "intel-i7-6700hq-coreinfo331.txt",
            "intel-xeon-platinum-8370c-virtualclient.txt");

    private static String text(String name) throws Exception {
        try (InputStream in = CoreinfoListingTest.class.getResourceAsStream("/io/cpufeatures/x86/windows/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static CpuDump recorded(String name, Map<String, String> assume) throws Exception {
        return CpuDumps.parse(name, text(name), assume);
    }

    private static CpuFeatures cpu(String name) throws Exception {
        return recorded(name, Map.of()).machine();
    }

    @Test
    void everyNameTheTableGivesIsOneOfTheX86Tables() {
        Set<String> names = new HashSet<>();
        for (X86Feature f : X86Feature.values()) {
            names.add(f.canonicalName());
        }
        CoreinfoListing.NAMES.values().forEach(n -> assertTrue(names.contains(n), n));
    }

    /** Marked lines, read the plain way: the name, then '*' or '-' as the first field after it. */
    @ParameterizedTest
    @ValueSource(strings = {"amd-epyc-7452-virtualclient.txt", "amd-epyc-7763-milan-virtualclient.txt",
        "intel-core-ultra7-165u-msdocs.txt", "intel-i5-1155g7-coreinfo402.txt", "intel-i7-4700mq-vm-coreinfo35.txt",
        "intel-i7-6700hq-coreinfo331.txt", "intel-xeon-platinum-8370c-virtualclient.txt"})
    void everyMarkIsTheDecodedPresence(String file) throws Exception {
        Set<String> marked = new TreeSet<>();
        Set<String> unmarked = new TreeSet<>();
        Pattern line = Pattern.compile("^(\\S+(?: CET)?)\\s+([*-])\\s");
        for (String l : text(file).split("\n")) {
            if (l.endsWith("Map:")) {
                break;
            }
            Matcher m = line.matcher(l);
            if (m.find() && CoreinfoListing.NAMES.containsKey(m.group(1))) {
                (m.group(2).equals("*") ? marked : unmarked).add(CoreinfoListing.NAMES.get(m.group(1)));
            }
        }
        unmarked.removeAll(marked);
        assertTrue(marked.size() >= 40, file + " " + marked);
        CpuFeatures cpu = cpu(file);
        Set<String> present = cpu.present();
        Set<String> missing = new TreeSet<>(marked);
        missing.removeAll(present);
        assertEquals(Set.of(), missing, file + ": marked '*' but not present");
        Set<String> extra = new TreeSet<>(unmarked);
        extra.retainAll(present);
        assertEquals(Set.of(), extra, file + ": marked '-' but present");
    }

    @Test
    void theMachinesAreWhatTheirListingsSay() throws Exception {
        CpuDump xeon = recorded("intel-xeon-platinum-8370c-virtualclient.txt", Map.of());
        assertEquals(4, xeon.logicalCpus());
        CpuFeatures icx = xeon.machine();
        for (String f : List.of("avx512f", "avx512bw", "avx512vl", "avx512dq", "avx512cd", "hypervisor", "adx", "rtm")) {
            assertTrue(icx.isPresent(f), f);
        }
        assertFalse(icx.isPresent("avx512ifma"), "Coreinfo marked AVX-512-IFAMA '-' on this VM");
        assertEquals(128, recorded("amd-epyc-7763-milan-virtualclient.txt", Map.of()).logicalCpus(),
                "two processor groups of 64");
        assertEquals(14, recorded("intel-core-ultra7-165u-msdocs.txt", Map.of()).logicalCpus());
        assertEquals(1, recorded("intel-i5-1155g7-coreinfo402.txt", Map.of()).logicalCpus(),
                "coreinfo -f prints no map");
        CpuFeatures tigerLake = cpu("intel-i5-1155g7-coreinfo402.txt");
        for (String f : List.of("avx512_vp2intersect", "sha_ni", "gfni", "vaes", "vpclmulqdq", "movdir64b", "rdpid")) {
            assertTrue(tigerLake.isPresent(f), f);
        }
        assertTrue(tigerLake.source().detail().contains("names not read: UINTR, RAO-INT"), tigerLake.source().detail());
        CpuFeatures zen2 = cpu("amd-epyc-7452-virtualclient.txt");
        assertTrue(zen2.isPresent("sse4a") && zen2.isPresent("avx2") && !zen2.isPresent("avx512f"));
        assertEquals("AuthenticAMD", zen2.identity().get("vendor"));
        // Coreinfo 3.31 and 3.5 have no AVX2 line: what they do not say is not present.
        assertFalse(cpu("intel-i7-6700hq-coreinfo331.txt").isPresent("avx2"));
    }

    /** Coreinfo reads CPUID, not XCR0: AVX is present and waits for XCR0; given it, it is usable. */
    @Test
    void stateFeaturesWaitForXcr0() throws Exception {
        String file = "intel-i7-6700hq-coreinfo331.txt";
        CpuFeatures unknown = cpu(file);
        assertTrue(unknown.isPresent("avx") && !unknown.has("avx"));
        assertTrue(unknown.reasons("avx").get(0).detail().contains("XCR0"), unknown.reasons("avx").toString());
        assertTrue(unknown.has("bmi2") && unknown.has("popcnt"), "no register state needed");
        assertTrue(unknown.source().detail().contains("XCR0 not in it"), unknown.source().detail());
        CpuFeatures given = recorded(file, Map.of("xcr0", "0x" + Long.toHexString(0x7))).machine();
        assertTrue(given.has("avx") && given.has("fma"), given.usable().toString());
    }

    @Test
    void malformedListingsAreRefusedWithTheirLine() {
        String features = "SSE2            *       Supports Streaming SIMD Extensions 2\n";
        DumpFormatException range = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("r.txt",
                "Some CPU\nIntel64 Family 6 Model 999 Stepping 3, GenuineIntel\n" + features, Map.of()));
        assertTrue(range.getMessage().startsWith("r.txt:2: Family 6 Model 999 Stepping 3 is out of range"), range.getMessage());
        DumpFormatException none = assertThrows(DumpFormatException.class, () -> CoreinfoListing.read("n.txt",
                "Some CPU\nIntel64 Family 6 Model 158 Stepping 3, GenuineIntel\nMicrocode signature: 000000DE\n"));
        assertTrue(none.getMessage().startsWith("n.txt:2: no feature line"), none.getMessage());
        DumpFormatException arm = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("a.txt",
                "Ampere(R) Altra(R) Processor\nARMv8 (64-bit) Family 8 Model D0C Revision 301, Ampere(R)\n" + features,
                Map.of()));
        assertTrue(arm.getMessage().contains("Sysinternals Coreinfo's output"), arm.getMessage());
    }

    /**
     * A listing of a million feature names the table does not have (what a 16 MiB file holds): read in time linear in
     * its size, its source naming the first few and counting the rest, not every one of them.
     */
    @Test
    void aMillionUnknownNamesAreReadInLinearTimeAndTheFirstFewNamed() {
        StringBuilder sb = new StringBuilder("Some CPU\nIntel64 Family 6 Model 158 Stepping 13, GenuineIntel\n"
                + "SSE2            *       Supports Streaming SIMD Extensions 2\n");
        int names = 1_200_000;
        for (int i = 0; i < names; i++) {
            sb.append("NAME").append(i).append(" * x\n");
        }
        String text = sb.toString();
        CpuFeatures cpu = org.junit.jupiter.api.Assertions.assertTimeoutPreemptively(java.time.Duration.ofSeconds(20),
                () -> CpuDumps.parse("names.txt", text, Map.of()).machine());
        assertTrue(cpu.isPresent("sse2"));
        String detail = cpu.source().detail();
        assertTrue(detail.contains("names not read: NAME0, NAME1, NAME2, NAME3, NAME4, NAME5, NAME6, NAME7 and "
                + (names - 8) + " more lines of names not in the table)"), detail.substring(0, Math.min(300, detail.length())));
        assertTrue(detail.length() < 300, "a bounded detail: " + detail.length() + " characters");
    }
}
