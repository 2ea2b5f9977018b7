package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.core.CpuFeatures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every subcommand and option of the cpufeatures command, in process, with its output and exit code. */
class CliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What a run printed and returned. */
    record Run(int exit, String out, String err) {
    }

    static Run run(String... args) {
        return run(new byte[0], args);
    }

    /** Runs the command with {@code stdin} as its standard input. */
    static Run run(byte[] stdin, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new java.io.ByteArrayInputStream(stdin), new PrintWriter(out, true),
                new PrintWriter(err, true));
        return new Run(exit, out.toString(), err.toString());
    }


    @Test
    void theDefaultIsTheTextReportOfThisMachine() {
        Run r = run();
        assertEquals(0, r.exit(), r.err());
        for (String label : List.of("source ", "cpu ", "uarch ", "XCR0 ", "level ", "usable", "JVM", "available")) {
            assertTrue(r.out().contains(label), label + " missing:\n" + r.out());
        }
        assertFalse(r.out().contains("\u001b["), "no colour when not on a terminal");
        assertEquals("", r.err());
    }

    @Test
    void reportJsonHasTheDocumentedFields() throws Exception {
        Run r = run("report", "--json");
        assertEquals(0, r.exit(), r.err());
        JsonNode root = JSON.readTree(r.out());
        assertTrue(Set.of("native", "proc-cpuinfo", "none").contains(root.path("source").path("kind").asText()));
        JsonNode cpu = root.path("cpus").get(0);
        for (String f : List.of("vendor", "brand", "family", "model", "stepping", "signature", "microarchitecture",
                "hypervisor", "xcr0", "xcr0Source", "level", "logicalCpus", "present", "usable", "notUsable", "policy")) {
            assertTrue(cpu.has(f), f + " missing: " + cpu);
        }
        assertTrue(cpu.path("family").isInt());
        assertTrue(root.path("jvm").path("flags").isObject());
        JsonNode point = root.path("dispatch").path("cli.popcount");
        assertTrue(point.path("selected").isTextual(), root.path("dispatch").toString());
        assertEquals(2, point.path("candidates").size());
        assertTrue(point.path("candidates").get(0).has("status"));
    }

    @Test
    void rawOutputReadsBackToTheSameCpu(@TempDir Path dir) throws Exception {
        Run raw = run("report", "--raw");
        assertEquals(0, raw.exit(), raw.err());
        assertTrue(raw.out().startsWith("CPU 0:\n   0x00000000 0x00: eax=0x"), raw.out());
        Path me = Files.writeString(dir.resolve("me.txt"), raw.out());
        JsonNode here = JSON.readTree(run("report", "--json").out()).path("cpus").get(0);
        Run back = run("report", "--cpuid-file", me.toString(), "--json");
        assertEquals(0, back.exit(), back.err());
        JsonNode there = JSON.readTree(back.out()).path("cpus").get(0);
        assertEquals(here.path("present"), there.path("present"));
        assertEquals(here.path("signature"), there.path("signature"));
        assertEquals(JSON.readTree(back.out()).path("source").path("kind").asText(), "file");
        if (here.path("xcr0Source").asText().equals("xgetbv")) {
            // a dump holds the CPU and XCR0, not this process's permissions (AMX's arch_prctl): what the live
            // answer refuses for a permission alone is usable in the dump
            Set<String> live = new TreeSet<>(names(here.path("usable")));
            for (JsonNode n : here.path("notUsable")) {
                if (n.path("reason").asText().equals("permission")) {
                    live.add(n.path("feature").asText());
                }
            }
            assertEquals(live, new TreeSet<>(names(there.path("usable"))),
                    "XCR0 inferred from leaf 0xD agrees with XGETBV here");
            assertEquals("inferred", there.path("xcr0Source").asText());
        }
        assertEquals(raw.out(), run("report", "--raw", "--cpuid-file", me.toString()).out(), "raw is stable");
    }

    @Test
    void anotherMachineIsReportedFromItsDumpWithAnXcr0ToAssume(@TempDir Path dir) throws Exception {
        Path skx = EmulatedDumps.write(dir, "clx.txt", EmulatedDumps.cascadeLake(), 36);
        JsonNode r = JSON.readTree(run("report", "--json", "--cpuid-file", skx.toString()).out());
        JsonNode cpu = r.path("cpus").get(0);
        assertEquals("Cascade Lake", cpu.path("microarchitecture").asText());
        assertEquals("[\"prefer_ymm\"]", cpu.path("policy").toString());
        assertEquals(36, cpu.path("logicalCpus").asInt());
        JsonNode low = JSON.readTree(run("report", "--json", "--cpuid-file", skx.toString(), "--xcr0", "0x7").out())
                .path("cpus").get(0);
        assertEquals("user", low.path("xcr0Source").asText());
        assertEquals("0x7", low.path("xcr0").asText());
        boolean avx512Refused = false;
        for (JsonNode n : low.path("notUsable")) {
            if (n.path("feature").asText().equals("avx512f")) {
                avx512Refused = n.path("reason").asText().equals("register-state")
                        && n.path("detail").asText().contains("lacks OPMASK|ZMM_Hi256|Hi16_ZMM");
            }
        }
        assertTrue(avx512Refused, low.path("notUsable").toString());
    }

    @Test
    void aHybridDumpReportsEachKindOfCpu(@TempDir Path dir) throws Exception {
        Path adl = EmulatedDumps.hybrid(dir, 12, 8);
        JsonNode r = JSON.readTree(run("report", "--json", "--cpuid-file", adl.toString()).out());
        assertEquals(2, r.path("cpus").size());
        assertEquals(12, r.path("cpus").get(0).path("logicalCpus").asInt());
        assertEquals(8, r.path("cpus").get(1).path("logicalCpus").asInt());
        assertTrue(r.path("cpus").get(1).has("dispatch"));
        String text = run("--cpuid-file", adl.toString()).out();
        assertTrue(text.contains("CPU kind 2 of 2"), text);
        assertEquals("performance", r.path("cpus").get(0).path("coreType").asText());
        assertEquals("efficiency", r.path("cpus").get(1).path("coreType").asText());
        assertEquals("Alder Lake (Golden Cove)", r.path("cpus").get(0).path("microarchitecture").asText());
        assertEquals("Alder Lake (Gracemont)", r.path("cpus").get(1).path("microarchitecture").asText());
        assertTrue(text.contains("core type           efficiency (CPUID.0x1A:EAX=0x20000001)"), text);
        String fleet = run("fleet", adl.toString()).out();
        assertTrue(fleet.contains("Alder Lake (Gracemont)  efficiency cores  x86-64-v3"), fleet);
    }

    @Test
    void aBigLittleArmDumpIsOneEntryPerCoreKindAndTheChoiceNamesThem(@TempDir Path dir) throws Exception {
        StringBuilder sb = new StringBuilder("cpufeatures-aarch64-dump 1\n");
        for (int cpu = 0; cpu < 8; cpu++) {
            sb.append("cpu ").append(cpu).append("\nhwcap 0x119ffb\nhwcap2 0x0\nhwcap3 absent\nid_registers mrs\nMIDR_EL1 ")
                    .append(cpu < 4 ? "0x412fd050" : "0x414fd0b0").append("\nREVIDR_EL1 0x0\nID_AA64PFR0_EL1 0x110011\n")
                    .append("ID_AA64PFR1_EL1 0x20\nID_AA64PFR2_EL1 0x0\nID_AA64ZFR0_EL1 0x0\nID_AA64SMFR0_EL1 0x0\n")
                    .append("ID_AA64FPFR0_EL1 0x0\nID_AA64ISAR0_EL1 0x100010211120\nID_AA64ISAR1_EL1 0x100001\n")
                    .append("ID_AA64ISAR2_EL1 0x0\nID_AA64ISAR3_EL1 0x0\nID_AA64MMFR0_EL1 0xff000000\nID_AA64MMFR1_EL1 0x0\n")
                    .append("ID_AA64MMFR2_EL1 0x0\nID_AA64MMFR3_EL1 0x0\nsve_vector_bytes none\nsme_vector_bytes none\n");
        }
        Path dump = Files.writeString(dir.resolve("big-little.txt"), sb);
        JsonNode r = JSON.readTree(run("report", "--json", "--cpuid-file", dump.toString()).out());
        assertEquals(2, r.path("cpus").size());
        assertEquals("Cortex-A55", r.path("cpus").get(0).path("microarchitecture").asText());
        assertEquals("Cortex-A76", r.path("cpus").get(1).path("microarchitecture").asText());
        java.util.Iterator<JsonNode> points = r.path("dispatch").elements();
        assertTrue(points.hasNext());
        assertEquals("every core type (Cortex-A55: 4 logical CPUs, Cortex-A76: 4)", points.next().path("chosenFor").asText(),
                r.path("dispatch").toString());
    }

    @Test
    void aHybridPartChoosesWhatEveryCoreTypeCanRunAndSaysSo(@TempDir Path dir) throws Exception {
        Path dump = EmulatedDumps.hybridWithoutPopcntOnEfficiencyCores(dir, 2, 4);
        JsonNode r = JSON.readTree(run("report", "--json", "--cpuid-file", dump.toString()).out());
        JsonNode p = r.path("cpus").get(0).path("dispatch").path("cli.popcount");
        JsonNode e = r.path("cpus").get(1).path("dispatch").path("cli.popcount");
        JsonNode whole = r.path("dispatch").path("cli.popcount");
        assertEquals("performance cores", p.path("chosenFor").asText());
        assertEquals("efficiency cores", e.path("chosenFor").asText());
        assertEquals("portable", e.path("selected").asText());
        // the process could run on either: only what both can run is eligible
        assertEquals("portable", whole.path("selected").asText(), whole.toString());
        assertEquals("every core type (performance: 2 logical CPUs, efficiency: 4)", whole.path("chosenFor").asText());
        assertTrue(whole.path("candidates").get(0).path("reason").asText().contains("efficiency cores:"), whole.toString());
        String text = run("--cpuid-file", dump.toString()).out();
        assertTrue(text.contains("dispatch for the whole machine"), text);
        assertTrue(text.replaceAll("\\s+", " ").contains("portable (chosen for every core type (performance: 2 logical CPUs,"
                + " efficiency:"), text);
        if (CpuFeatures.current().has("jvm.popcnt")) {
            assertEquals("popcnt", p.path("selected").asText());
        }
        // a dump named as this machine answers the same way
        CpuFeatures machine = io.cpufeatures.core.CpuDumps.read(dump).machine();
        assertFalse(machine.has("popcnt"));
        assertEquals(List.of("performance", "efficiency"), machine.coreKinds().stream().map(k -> k.cpu().coreType().orElseThrow()).toList());
        assertTrue(machine.coreKinds().get(0).cpu().has("popcnt"));
        assertEquals("efficiency cores: the CPU does not report it (CPUID.0x1:ECX[23] is 0)",
                machine.reasons("popcnt").get(0).detail());
    }

    /**
     * A dump this user may not read: "Permission denied" once, the path once (it was the path twice, through
     * AccessDeniedException, whose message is the path). A file closed to this user; as root, who reads any such file,
     * a write-only sysfs attribute, which the kernel refuses to open for reading whoever asks.
     */
    @Test
    void aDumpThisUserMayNotReadIsPermissionDenied(@TempDir Path dir) throws Exception {
        Path closed = Files.writeString(dir.resolve("closed.txt"), "x");
        Files.setPosixFilePermissions(closed, Set.of());
        Path denied = null;
        for (Path p : List.of(closed, Path.of("/sys/bus/pci/rescan"), Path.of("/sys/kernel/uevent_helper"))) {
            try {
                Files.readAllBytes(p);
            } catch (java.nio.file.AccessDeniedException e) {
                denied = p;
                break;
            } catch (IOException e) {
                // not this one
            }
        }
        org.junit.jupiter.api.Assumptions.assumeTrue(denied != null, "a file this user may not read ("
                + closed + " is readable: root; no write-only sysfs attribute here)");
        Run r = run("report", "--cpuid-file", denied.toString());
        assertEquals(1, r.exit());
        assertEquals("cpufeatures: cannot read " + denied + ": Permission denied", r.err().trim());
        Run fleet = run("fleet", denied.toString());
        assertEquals(1, fleet.exit());
        assertTrue(fleet.out().startsWith(denied + "  ERROR cannot read " + denied + ": Permission denied\n"), fleet.out());
    }

    @Test
    void badInputIsOneLineOnStderrWithTheRightExitCode(@TempDir Path dir) throws Exception {
        Run missing = run("report", "--cpuid-file", dir.resolve("nope.txt").toString());
        assertEquals(1, missing.exit());
        assertEquals("cpufeatures: cannot read " + dir.resolve("nope.txt") + ": No such file or directory",
                missing.err().trim());
        // a directory given as the file: the OS's reason, not the JDK's exception (was "java.io.IOException: Is a ...")
        Run directory = run("report", "--cpuid-file", dir.toString());
        assertEquals(1, directory.exit());
        assertEquals("cpufeatures: cannot read " + dir + ": Is a directory", directory.err().trim());
        Path bad = Files.writeString(dir.resolve("bad.txt"), "CPUID 00000000: 00000001-756E6547-6C65746E-49656E69\n"
                + "CPUID 00000001: 0633\n");
        Run malformed = run("report", "--cpuid-file", bad.toString());
        assertEquals(1, malformed.exit());
        assertTrue(malformed.err().startsWith("cpufeatures: " + bad + ":2: malformed CPUID line"), malformed.err());
        assertEquals(1, malformed.err().trim().split("\n").length);
        Path ok = EmulatedDumps.write(dir, "snb.txt", EmulatedDumps.sandyBridgeWithoutYmm(), 1);
        Run xcr0 = run("report", "--cpuid-file", ok.toString(), "--xcr0", "0xZZ");
        assertEquals(2, xcr0.exit());
        assertTrue(xcr0.err().startsWith("cpufeatures: --xcr0: '0xZZ' is not an XCR0 value"), xcr0.err());
        Run lonely = run("report", "--xcr0", "0x7");
        assertEquals(2, lonely.exit());
        assertTrue(lonely.err().contains("give it with --cpuid-file"), lonely.err());
        Run unknownOption = run("report", "--frobnicate");
        assertEquals(2, unknownOption.exit());
        assertTrue(unknownOption.err().contains("Unknown option: '--frobnicate'"), unknownOption.err());
    }

    @Test
    void explainWalksOneFeatureThroughTheLayers(@TempDir Path dir) throws Exception {
        Path sandy = EmulatedDumps.write(dir, "snb.txt", EmulatedDumps.sandyBridgeWithoutYmm(), 1);
        Run r = run("explain", "avx", "--cpuid-file", sandy.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("CPUID bit         CPUID.0x1:ECX[28] = 1"), r.out());
        assertTrue(r.out().contains("AVX needs XCR0 0x7 (x87|SSE|YMM_Hi128)"), r.out());
        assertTrue(r.out().contains("lacks YMM_Hi128"), r.out());
        assertTrue(r.out().contains("depends on        xsave (usable)"), r.out());
        assertTrue(r.out().contains("verdict           not usable: register-state:"), r.out());
        // an absent feature's verdict is the decoder's own words, naming the bit (a trace has no reason for it)
        Run absent = run("explain", "avx2", "--cpuid-file", sandy.toString());
        assertTrue(absent.out().contains("verdict           not usable: the CPU does not report it"
                + " (CPUID.(0x7,0):EBX[5] is 0)"), absent.out());
        Run before = run("--cpuid-file", sandy.toString(), "explain", "sse3");
        assertTrue(before.out().startsWith("feature           pni"), before.out());
        Run jvm = run("explain", "jvm.vector512");
        assertTrue(jvm.out().contains("verdict"), jvm.out());
        assertTrue(jvm.out().contains("means             C2 compiles Vector API code at least 512 bits wide for byte,"
                + " short, int, long, float and double\n"), jvm.out());
        assertTrue(run("explain", "jvm.vector256_float").out().contains("at least 256 bits wide for float and double"));
        Run skx = run("explain", "prefer_ymm", "--cpuid-file",
                EmulatedDumps.write(dir, "clx.txt", EmulatedDumps.cascadeLake(), 1).toString());
        assertTrue(skx.out().contains("verdict           set"), skx.out());
        assertTrue(skx.out().contains("this CPU          GenuineIntel family 0x6 model 0x55"), skx.out());
        Run group = run("explain", "x86-64-v4", "--cpuid-file", sandy.toString());
        assertEquals(0, group.exit(), group.err());
        assertTrue(group.out().startsWith("group             x86-64-v4: fpu, cx8, cmov,"), group.out());
        assertTrue(group.out().contains("does not hold: "), group.out());
        Run unknown = run("explain", "avx512");
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().startsWith("cpufeatures: unknown feature 'avx512' in explain; did you mean avx512f"),
                unknown.err());
    }

    @Test
    void dispatchListsEveryPointWithItsChoiceAndTheExplanation(@TempDir Path dir) throws Exception {
        Run text = run("dispatch");
        assertEquals(0, text.exit(), text.err());
        assertTrue(text.out().contains("cli.popcount: using "), text.out());
        JsonNode json = JSON.readTree(run("dispatch", "--json").out());
        assertTrue(json.path("dispatch").path("cli.popcount").path("selected").isTextual(), json.toString());
        Path core2 = EmulatedDumps.write(dir, "core2.txt", EmulatedDumps.core2(), 2);
        JsonNode old = JSON.readTree(run("dispatch", "--json", "--cpuid-file", core2.toString()).out());
        JsonNode point = old.path("dispatch").path("cli.popcount");
        assertEquals("portable", point.path("selected").asText(), old.toString());
        JsonNode popcnt = point.path("candidates").get(0);
        assertEquals("popcnt", popcnt.path("name").asText());
        assertEquals("rejected", popcnt.path("status").asText());
        assertTrue(popcnt.path("reason").asText().startsWith("popcnt: absent:"), popcnt.toString());
    }

    @Test
    void fleetReportsEveryDumpAndGoesOnPastABadOne(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        EmulatedDumps.write(fleet, "intel-clx.txt", EmulatedDumps.cascadeLake(), 4);
        EmulatedDumps.write(fleet, "amd-zen4.txt", EmulatedDumps.zen4(), 2);
        Files.writeString(fleet.resolve("notes.md"), "not a dump\n");
        Files.writeString(fleet.resolve("zz-broken.txt"), "CPU 0:\n   0x00000000 0x00: eax=0x0000000d ebx=0x68747541"
                + " ecx=0x444d4163 edx=0x69746e65\nbogus line\n");
        Run text = run("fleet", fleet.toString());
        assertEquals(1, text.exit());
        List<String> lines = text.out().lines().toList();
        assertEquals(4, lines.size(), text.out());
        assertTrue(lines.get(0).contains("zz-broken.txt  ERROR") && lines.get(0).contains(":3: "), lines.get(0));
        assertTrue(lines.get(1).startsWith("amd-zen4.txt  x2  AuthenticAMD 19/61/2  Zen 4  x86-64-v4  [sse4_2 avx avx2 fma"
                + " bmi2 avx512f avx512bw avx512_bf16]"), lines.get(1));
        assertTrue(lines.get(2).contains("Cascade Lake") && lines.get(2).contains("x4"), lines.get(2));
        // the dump's CPU with this JVM: the CPU has POPCNT, so the choice depends only on this JIT
        String popcount = CpuFeatures.current().has("jvm.popcnt") ? "cli.popcount=popcnt" : "cli.popcount=portable";
        assertTrue(lines.get(2).endsWith(popcount), lines.get(2));
        assertEquals("fleet: 2 dumps read, 2 CPUs, 2 distinct, 1 skipped (not dumps), 1 failed", lines.get(3));
        Run json = run("fleet", "--json", fleet.toString());
        assertEquals(1, json.exit());
        List<String> jl = json.out().lines().toList();
        assertEquals(3, jl.size());
        for (String l : jl) {
            JsonNode n = JSON.readTree(l);
            assertTrue(n.has("file"));
            assertTrue(n.has("error") || (n.has("cpus") && n.has("dispatch") && n.has("source")), l);
            // each machine's own HotSpot, modelled on its CPU
            assertTrue(n.has("error") || n.path("jvm").path("modelled").asBoolean(), l);
        }
        assertTrue(json.err().contains("fleet: 2 dumps read"), "the summary goes to stderr with --json: " + json.err());
    }

    /** Files that are not dumps are skipped in directories and refused when named; the same CPU twice is one line. */
    @Test
    void fleetSkipsWhatIsNotADumpAndCountsTheSameCpuOnce(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        Path a = EmulatedDumps.write(fleet, "a.txt", EmulatedDumps.zen4(), 2);
        Files.copy(a, Files.createDirectory(fleet.resolve("again")).resolve("b.cpuid"));
        EmulatedDumps.write(fleet, "core2.txt", EmulatedDumps.core2(), 1);
        Files.writeString(fleet.resolve("index.json"), "{\"dumps\": 3}\n");
        Run r = run("fleet", fleet.toString());
        assertEquals(0, r.exit(), r.out());
        List<String> lines = r.out().lines().toList();
        assertEquals(3, lines.size(), r.out());
        assertTrue(lines.get(0).startsWith("a.txt, b.cpuid  x2  AuthenticAMD 19/61/2  Zen 4"), lines.get(0));
        assertEquals("fleet: 3 dumps read, 3 CPUs, 2 distinct, 1 skipped (not dumps), 0 failed", lines.get(2));
        Run only = run("fleet", "--include", "*.txt", "--exclude", "core2*", fleet.toString());
        assertEquals("fleet: 1 dump read, 1 CPU, 1 distinct, 3 skipped (not dumps, or left out by --include/--exclude),"
                + " 0 failed", only.out().lines().reduce((x, y) -> y).orElseThrow());
        Run named = run("fleet", fleet.resolve("index.json").toString());
        assertEquals(1, named.exit());
        assertTrue(named.out().startsWith(fleet.resolve("index.json") + "  ERROR "), named.out());
        assertEquals(2, run("fleet", "--include", "[", fleet.toString()).exit(), "a bad glob is a usage error");
    }

    /**
     * A directory fleet cannot list is an error line: in --json, a JSON error object like a file's, so that every line
     * of standard output stays JSON. Root lists any directory, so there the command runs in a JVM of its own without
     * the capabilities that let it (util-linux's setpriv).
     */
    @Test
    void fleetJsonReportsADirectoryItCannotListAsAJsonLine(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        EmulatedDumps.write(fleet, "zen4.txt", EmulatedDumps.zen4(), 1);
        Path locked = Files.createDirectory(fleet.resolve("locked"));
        EmulatedDumps.write(locked, "core2.txt", EmulatedDumps.core2(), 1);
        Files.setPosixFilePermissions(locked, Set.of());
        try {
            for (boolean json : new boolean[] {true, false}) {
                List<String> args = json ? List.of("fleet", "--json", fleet.toString()) : List.of("fleet", fleet.toString());
                Run r = runWithoutReadingEveryDirectory(locked, args);
                assertEquals(1, r.exit(), r.out() + r.err());
                List<String> lines = r.out().lines().toList();
                assertEquals(json ? 2 : 3, lines.size(), r.out());
                if (json) {
                    JsonNode error = JSON.readTree(lines.get(0));
                    assertEquals(locked.toString(), error.path("file").asText(), lines.get(0));
                    assertTrue(error.path("error").asText().startsWith("cannot read: "), lines.get(0));
                    assertTrue(JSON.readTree(lines.get(1)).has("cpus"), lines.get(1));
                    assertTrue(r.err().contains("fleet: 1 dump read, 1 CPU, 1 distinct, 0 skipped (not dumps), 1 failed"),
                            r.err());
                } else {
                    assertTrue(lines.get(0).startsWith(locked + "  ERROR cannot read: "), lines.get(0));
                }
            }
        } finally {
            Files.setPosixFilePermissions(locked, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
        }
    }

    /** The command with {@code args}, where {@code locked} cannot be listed: in process, or for root as said above. */
    private static Run runWithoutReadingEveryDirectory(Path locked, List<String> args) throws Exception {
        if (!isListable(locked)) {
            return run(args.toArray(String[]::new));
        }
        Path setpriv = io.cpufeatures.buildsupport.HostTools.command("setpriv", "util-linux");
        List<String> cmd = new ArrayList<>(List.of(setpriv.toString(), "--bounding-set=-dac_override,-dac_read_search"));
        cmd.addAll(Subprocess.command(List.of(), args));
        Subprocess.Result r = Subprocess.run(cmd, new byte[0]);
        return new Run(r.exit(), r.out(), r.err());
    }

    private static boolean isListable(Path dir) {
        try (var entries = Files.list(dir)) {
            return entries.count() >= 0;
        } catch (java.io.IOException e) {
            return false;
        }
    }

    /**
     * In a directory, a link to a regular file is that file, read and counted; a link fleet does not follow (to a
     * directory) or cannot (dangling) is skipped in one line that says why, and counted: never silently.
     */
    @Test
    void fleetReadsALinkToADumpAndSaysWhichLinksItSkips(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        Path a = EmulatedDumps.write(fleet, "a.txt", EmulatedDumps.zen4(), 2);
        Path elsewhere = Files.createDirectory(dir.resolve("elsewhere"));
        Path b = EmulatedDumps.write(elsewhere, "b.txt", EmulatedDumps.core2(), 1);
        Files.createSymbolicLink(fleet.resolve("link-a.txt"), a);
        Files.createSymbolicLink(fleet.resolve("link-b.txt"), Path.of("../elsewhere/b.txt"));
        Files.createSymbolicLink(fleet.resolve("link-dir"), elsewhere);
        Files.createSymbolicLink(fleet.resolve("dangling.txt"), dir.resolve("nowhere.txt"));
        Run text = run("fleet", fleet.toString());
        assertEquals(0, text.exit(), text.out());
        List<String> lines = text.out().lines().toList();
        assertEquals(List.of(fleet.resolve("dangling.txt") + "  SKIPPED a dangling link (to " + dir.resolve("nowhere.txt")
                + "): nothing to read", fleet.resolve("link-dir") + "  SKIPPED a link to a directory (" + elsewhere
                + "): links to directories are not followed"), lines.subList(0, 2), text.out());
        assertTrue(lines.get(2).startsWith("a.txt, link-a.txt  x2  AuthenticAMD 19/61/2  Zen 4"), lines.get(2));
        assertTrue(lines.get(3).startsWith("link-b.txt  x1  GenuineIntel 6/f/6"), lines.get(3));
        assertEquals("fleet: 3 dumps read, 3 CPUs, 2 distinct, 2 skipped (not dumps, or links not followed), 0 failed",
                lines.get(4));
        Run json = run("fleet", "--json", fleet.toString());
        assertEquals(0, json.exit(), json.err());
        List<String> jl = json.out().lines().toList();
        assertEquals(3, jl.size(), json.out());
        for (String l : jl) {
            assertTrue(JSON.readTree(l).has("cpus"), l);
        }
        assertTrue(json.err().contains(fleet.resolve("link-dir") + "  SKIPPED a link to a directory"), json.err());
        assertTrue(json.err().contains("2 skipped (not dumps, or links not followed)"), json.err());
        Run named = run("fleet", fleet.resolve("link-dir").toString());
        assertEquals(0, named.exit(), named.out());
        assertTrue(named.out().contains("fleet: 1 dump read, 1 CPU, 1 distinct"), "a link named is followed: " + named.out());
    }

    @Test
    void fleetReadsADumpOrFileNamesFromStandardInput(@TempDir Path dir) throws Exception {
        Path a = EmulatedDumps.write(dir, "a.txt", EmulatedDumps.zen4(), 2);
        Path b = EmulatedDumps.write(dir, "b.txt", EmulatedDumps.core2(), 1);
        Run dump = run(Files.readAllBytes(a), "fleet", "-");
        assertEquals(0, dump.exit(), dump.out());
        assertTrue(dump.out().startsWith("<stdin>  x2  AuthenticAMD 19/61/2  Zen 4"), dump.out());
        Run names = run((a + "\n\n" + b + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8), "fleet", "-");
        assertEquals(0, names.exit(), names.out());
        assertTrue(names.out().contains("fleet: 2 dumps read, 2 CPUs, 2 distinct"), names.out());
        Run huge = run(new byte[io.cpufeatures.core.CpuDumps.MAX_BYTES + 1], "fleet", "-");
        assertEquals(1, huge.exit());
        assertEquals("cpufeatures: <stdin>: larger than 16 MiB; a CPU dump is kilobytes to a few megabytes, so this is"
                + " not one", huge.err().strip());
    }

    /** Into a pipe the report is laid out for 80 columns; on x86 no other architecture's gate or candidate is named. */
    @Test
    void theReportFitsEightyColumnsAndShowsOnlyThisArchitecture() {
        Run r = run();
        assertEquals(0, r.exit(), r.err());
        for (String line : r.out().lines().toList()) {
            assertTrue(line.length() <= Terminals.DEFAULT_COLUMNS, line.length() + ": " + line);
        }
        String arch = CpuFeatures.current().architecture();
        if (arch.equals("x86_64")) {
            for (String other : List.of("jvm.sve", "jvm.lse", "jvm.crc32", "jvm.vsx", "asimd")) {
                assertFalse(r.out().contains(other), other + " named on x86:\n" + r.out());
            }
        }
        if (r.out().contains("raid.xor")) {
            assertTrue(r.out().contains("for other architectures: "), r.out());
        }
    }

    @Test
    void aMistypedSubcommandOrOptionGetsTheClosestName() {
        Run sub = run("dispach");
        assertEquals(2, sub.exit());
        assertEquals("cpufeatures: unknown subcommand 'dispach'; did you mean 'dispatch'? (subcommands: report, explain,"
                + " dispatch, fleet, check, jfr, completion, man; see: cpufeatures --help)", sub.err().strip());
        Run far = run("xyzzy");
        assertEquals(2, far.exit());
        assertTrue(far.err().startsWith("cpufeatures: unknown subcommand 'xyzzy' (subcommands: "), far.err());
        Run option = run("fleet", "--exclud", "x", "y");
        assertEquals(2, option.exit());
        assertTrue(option.err().contains("did you mean --exclude?"), option.err());
        Run both = run("--json", "--raw");
        assertEquals(2, both.exit());
        assertTrue(both.err().contains("--raw prints the dump and nothing else"), both.err());
        assertEquals("", both.out());
    }

    @Test
    void colourAndWidthFollowTheUsualRules() {
        Map<String, String> term = Map.of("TERM", "xterm-256color");
        assertTrue(Terminals.colour(term, true));
        assertFalse(Terminals.colour(term, false), "stdout is not a terminal");
        assertFalse(Terminals.colour(Map.of("TERM", "dumb"), true));
        assertFalse(Terminals.colour(Map.of(), true), "no TERM");
        assertFalse(Terminals.colour(Map.of("TERM", "xterm", "NO_COLOR", "1"), true));
        assertTrue(Terminals.colour(Map.of("TERM", "xterm", "NO_COLOR", ""), true), "an empty NO_COLOR is unset");
        assertEquals(80, Terminals.columns(Map.of("COLUMNS", "132"), false), "a pipe gets the fixed width");
        assertEquals(132, Terminals.columns(Map.of("COLUMNS", "132"), true));
        assertEquals(40, Terminals.columns(Map.of("COLUMNS", "20"), true));
    }

    @Test
    void helpAndVersionSucceed() {
        Run help = run("--help");
        assertEquals(0, help.exit());
        for (String sub : List.of("report", "explain", "dispatch", "fleet")) {
            assertTrue(help.out().contains(sub), help.out());
        }
        assertEquals(0, run("fleet", "--help").exit());
    }

    @Test
    void versionIsTheBuildsVersion() {
        String version = System.getProperty("cpufeatures.expected.version");
        assertTrue(version != null && !version.isBlank(), "surefire passes the POM's version");
        Run r = run("--version");
        assertEquals(0, r.exit(), r.err());
        assertEquals("cpufeatures " + version, r.out().strip());
    }

    @Test
    void aDumpOnStandardInputIsReadWithCpuidFileDash(@TempDir Path dir) throws Exception {
        Path clx = EmulatedDumps.write(dir, "clx.txt", EmulatedDumps.cascadeLake(), 2);
        Subprocess.Result piped = Subprocess.run(Subprocess.command(List.of(), List.of("report", "--json", "--cpuid-file", "-")),
                Files.readAllBytes(clx));
        assertEquals(0, piped.exit(), piped.err());
        JsonNode fromStdin = JSON.readTree(piped.out());
        JsonNode fromFile = JSON.readTree(run("report", "--json", "--cpuid-file", clx.toString()).out());
        assertEquals(fromFile.path("cpus"), fromStdin.path("cpus"));
        assertEquals("file", fromStdin.path("source").path("kind").asText());
        assertTrue(fromStdin.path("source").path("detail").asText().startsWith("<stdin> "), fromStdin.path("source").toString());
        Subprocess.Result bad = Subprocess.run(Subprocess.command(List.of(), List.of("explain", "avx", "--cpuid-file", "-")),
                "CPUID 00000000: 00000001-756E6547-6C65746E-49656E69\nCPUID 00000001: 0633\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals(1, bad.exit());
        assertTrue(bad.err().startsWith("cpufeatures: <stdin>:2: malformed CPUID line"), bad.err());
        Subprocess.Result empty = Subprocess.run(Subprocess.command(List.of(), List.of("report", "--cpuid-file", "-")), new byte[0]);
        assertEquals(1, empty.exit());
        assertEquals(1, empty.err().lines().count(), empty.err());
    }

    @Test
    void reportChoosesByRequirementsAndMakesNothingUnlessAskedToSelect() throws Exception {
        List<String> announce = List.of("-Dcpufeatures.test.announceMade=true");
        Subprocess.Result plain = Subprocess.run(Subprocess.command(announce, List.of("report", "--json")), new byte[0]);
        assertEquals(0, plain.exit(), plain.err());
        assertFalse(plain.err().contains("made cli.popcount"), "report made a candidate: " + plain.err());
        JsonNode point = JSON.readTree(plain.out()).path("dispatch").path("cli.popcount");
        assertEquals("requirements", point.path("basis").asText());
        Subprocess.Result selected = Subprocess.run(Subprocess.command(announce, List.of("report", "--json", "--select")),
                new byte[0]);
        assertEquals(0, selected.exit(), selected.err());
        assertTrue(selected.err().contains("made cli.popcount/" + point.path("selected").asText()),
                "--select makes the candidate the requirements choose: " + selected.err());
        assertEquals("selection", JSON.readTree(selected.out()).path("dispatch").path("cli.popcount").path("basis").asText());
        Run both = run("report", "--select", "--cpuid-file", "x.txt");
        assertEquals(2, both.exit());
        assertTrue(both.err().startsWith("cpufeatures: --select makes and measures this machine's candidates"), both.err());
    }

    @Test
    void everyNameTheReportPrintsIsACanonicalName() throws Exception {
        JsonNode cpu = JSON.readTree(run("report", "--json").out()).path("cpus").get(0);
        Set<String> names = new HashSet<>();
        cpu.path("present").forEach(n -> names.add(n.asText()));
        for (String n : names) {
            assertEquals(n, io.cpufeatures.core.CpuFeatures.canonicalName(n, "test"));
        }
    }

    @Test
    void hostileFilesAreOneLineWithinSecondsAndTheFleetGoesOn(@TempDir Path dir) throws Exception {
        long start = System.nanoTime();
        Run zero = run("report", "--cpuid-file", "/dev/zero");
        assertEquals(1, zero.exit());
        assertEquals("cpufeatures: /dev/zero: larger than 16 MiB; a CPU dump is kilobytes to a few megabytes, so this"
                + " is not one", zero.err().strip());
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        try (java.io.RandomAccessFile junk = new java.io.RandomAccessFile(fleet.resolve("junk.bin").toFile(), "rw")) {
            junk.setLength(100L << 20);
        }
        EmulatedDumps.write(fleet, "zen4.txt", EmulatedDumps.zen4(), 1);
        Run f = run("fleet", fleet.toString());
        assertEquals(1, f.exit());
        List<String> lines = f.out().lines().toList();
        assertEquals(3, lines.size(), f.out());
        assertTrue(lines.get(0).contains("junk.bin  ERROR") && lines.get(0).contains("larger than 16 MiB"), lines.get(0));
        assertTrue(lines.get(1).contains("Zen 4"), lines.get(1));
        assertTrue((System.nanoTime() - start) / 1e9 < 20, "hostile files are refused within seconds");
    }

    /** A Mac listing's hw.logicalcpu of 0 is that file's error, on its line: exit 1, not a usage error about --xcr0. */
    @Test
    void aMacListingOfNoLogicalCpuIsTheFilesError(@TempDir Path dir) throws Exception {
        Path mac = Files.writeString(dir.resolve("mac.txt"), "machdep.cpu.vendor: GenuineIntel\nhw.optional.x86_64: 1\n"
                + "hw.logicalcpu: 0\n");
        Run r = run("report", "--cpuid-file", mac.toString());
        assertEquals(1, r.exit(), r.err());
        assertEquals("cpufeatures: " + mac + ":3: hw.logicalcpu is '0'; accepted: a positive count, 1 to 99999",
                r.err().strip());
    }

    @Test
    void aDumpWithAByteOrderMarkOrInUtf16IsRead(@TempDir Path dir) throws Exception {
        String text = io.cpufeatures.core.CpuDumps.write(List.of(EmulatedDumps.zen4().decode()));
        Path utf16 = Files.write(dir.resolve("ps.txt"), ("\ufeff" + text.replace("\n", "\r\n"))
                .getBytes(java.nio.charset.StandardCharsets.UTF_16LE));
        Run r = run("report", "--json", "--cpuid-file", utf16.toString());
        assertEquals(0, r.exit(), r.err());
        assertEquals("Zen 4", JSON.readTree(r.out()).path("cpus").get(0).path("microarchitecture").asText());
        Path bom = Files.write(dir.resolve("bom.txt"), ("\ufeff" + text).getBytes(java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(0, run("report", "--cpuid-file", bom.toString()).exit());
    }

    @Test
    void anXcr0NoOsCanEnableIsAUsageError(@TempDir Path dir) throws Exception {
        Path clx = EmulatedDumps.write(dir, "clx.txt", EmulatedDumps.cascadeLake(), 1);
        Run partial = run("report", "--cpuid-file", clx.toString(), "--xcr0", "0x27");
        assertEquals(2, partial.exit());
        assertTrue(partial.err().startsWith("cpufeatures: --xcr0: XCR0 0x27 is no state an OS can enable: OPMASK,"),
                partial.err());
        for (String reserved : List.of("0x8000000000000007", "0x107", "0x10007")) {
            Run r = run("report", "--cpuid-file", clx.toString(), "--xcr0", reserved);
            assertEquals(2, r.exit(), reserved);
            assertTrue(r.err().matches("(?s)cpufeatures: --xcr0: XCR0 " + reserved + " is no state an OS can enable:"
                    + " bits (20 to 63 are reserved|8 and 10 to 16 are supervisor states).*\n"), r.err());
        }
        Run unicode = run("report", "--cpuid-file", clx.toString(), "--xcr0", "0x\u0667");
        assertEquals(2, unicode.exit());
        assertTrue(unicode.err().contains("is not an XCR0 value"), unicode.err());
    }

    @Test
    void aUsageErrorIsOneLine() {
        Run r = run("report", "--frobnicate");
        assertEquals(2, r.exit());
        assertEquals(List.of("cpufeatures: Unknown option: '--frobnicate' (see: cpufeatures report --help)"),
                r.err().lines().toList());
        Run missing = run("explain");
        assertEquals(2, missing.exit());
        assertEquals(1, missing.err().lines().count(), missing.err());
    }

    @Test
    void aDumpCannotWriteEscapesOrForgeLinesOnTheTerminal(@TempDir Path dir) throws Exception {
        Path evil = EmulatedDumps.write(dir, "evil.txt", EmulatedDumps.core2().brand("\u001b[31mred\nlevel x86-64-v4"), 1);
        Run r = run("report", "--cpuid-file", evil.toString());
        assertEquals(0, r.exit(), r.err());
        assertFalse(r.out().contains("\u001b"), "no escape reaches the terminal");
        assertTrue(r.out().contains("cpu                 \\x1b[31mred\\x0alevel x86-64-v4\n"), r.out());
        assertFalse(r.out().lines().anyMatch(l -> l.startsWith("level x86-64-v4")), "no forged line");
        // The text \x1b is not an escaped ESC, DEL and C1 (U+009B is CSI) are controls too, in text and in JSON.
        Path sly = EmulatedDumps.write(dir, "sly.txt", EmulatedDumps.core2().brand("a\\x1b b\u009b2J c\u007f"), 1);
        Run text = run("report", "--cpuid-file", sly.toString());
        assertTrue(text.out().contains("cpu                 a\\\\x1b b\\x9b2J c\\x7f\n"), text.out());
        Run json = run("report", "--json", "--cpuid-file", sly.toString());
        assertEquals(0, json.exit(), json.err());
        assertTrue(json.out().contains("\"a\\\\x1b b\\u009B2J c\\u007F\""), json.out());
        assertFalse(json.out().chars().anyMatch(c -> c == 0x7f || (c >= 0x80 && c <= 0x9f)), "no raw DEL or C1");
        assertEquals("a\\x1b b\u009b2J c\u007f", JSON.readTree(json.out()).at("/cpus/0/brand").textValue());
    }

    @Test
    void aDispatchPointThatCannotChooseFailsTheReport() throws Exception {
        Process p = new ProcessBuilder(new java.io.File(System.getProperty("java.home"), "bin/java").getPath(),
                "-Dcpufeatures.dispatch.cli.popcount=nonesuch", "-cp", System.getProperty("java.class.path"),
                Main.class.getName(), "report").start();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(1, p.exitValue(), out);
        assertTrue(out.replaceAll("\\s+", " ").contains("cli.popcount none: -Dcpufeatures.dispatch.cli.popcount: unknown"
                + " candidate 'nonesuch'"), out);
    }

    private static List<String> names(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
