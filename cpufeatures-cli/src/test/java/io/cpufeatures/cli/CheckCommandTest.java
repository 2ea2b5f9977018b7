package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.buildsupport.SharedCorpus;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code check}: verdicts, the target's vocabulary in what is missing, pasted error texts, exit codes. */
class CheckCommandTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Set<String> RUNS_V3 = Set.of("x86-64-v3", "x86-64-v4");

    /** The line {@code check} prints for the one dump {@code file}. */
    private static String verdict(Path file, String target) {
        CliTest.Run r = CliTest.run("check", "--target", target, file.toString());
        assertTrue(r.exit() == 0 || r.exit() == 1, r.err());
        String line = r.out().lines().findFirst().orElseThrow();
        assertEquals(line.endsWith("  runs") ? 0 : 1, r.exit(), r.out());
        return line.substring(file.toString().length() + 2);
    }

    private static Path dump(Path dir, String name, CpuFeatures cpu) throws IOException {
        return Files.writeString(dir.resolve(name), CpuDumps.write(List.of(cpu)));
    }

    @Test
    void x86V3OverTheCorpusIsTheLevelTheLibraryReportsForEveryFile() throws Exception {
        Path normalized = SharedCorpus.require().resolve("normalized");
        List<Path> files;
        try (Stream<Path> s = Files.walk(normalized)) {
            files = s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".txt")).sorted().toList();
        }
        CliTest.Run r = CliTest.run("check", "--json", "--target", "x86-64-v3", normalized.toString());
        Map<String, JsonNode> byFile = new HashMap<>();
        JsonNode summary = null;
        for (String line : r.out().lines().toList()) {
            ReportSchema.assertValid(line, "check --json line");
            JsonNode n = JSON.readTree(line);
            if (n.path("kind").asText().equals("summary")) {
                summary = n;
            } else {
                byFile.put(n.path("file").asText(), n);
            }
        }
        Set<String> v3 = Set.copyOf(CpuFeatures.resolve("x86-64-v3", "test").members());
        int runs = 0;
        for (Path f : files) {
            boolean expected = true;
            for (CpuKind<CpuFeatures> k : CpuDumps.read(f, Map.of()).kinds()) {
                expected &= RUNS_V3.contains(k.cpu().identity().get("level"));
            }
            JsonNode n = byFile.get(f.toString());
            assertEquals(expected, n.path("runs").asBoolean(), f.toString());
            List<String> missing = new ArrayList<>();
            n.path("missing").forEach(m -> missing.add(m.asText()));
            // what is missing is the level's, in the library's names, and only there when it does not run
            assertEquals(expected, missing.isEmpty(), f + " " + missing);
            assertTrue(v3.containsAll(missing), f + " " + missing);
            runs += expected ? 1 : 0;
        }
        System.out.println("check x86-64-v3: " + files.size() + " corpus dumps checked, " + runs + " run it");
        assertEquals(files.size(), byFile.size());
        assertTrue(runs > 0 && runs < files.size(), "the corpus has both");
        assertEquals(runs == files.size() ? 0 : 1, r.exit(), r.err());
        assertEquals(runs, summary.path("run").asLong());
    }

    @Test
    void aHaswellRunsV3AndHaswellButNotSkylakeNorV4(@TempDir Path dir) throws Exception {
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        assertEquals("runs", verdict(haswell, "x86-64-v3"));
        assertEquals("runs", verdict(haswell, "graalvm:x86-64-v3"));
        assertEquals("runs", verdict(haswell, "graalvm:haswell"));
        assertEquals("does not run: missing AMD_3DNOW_PREFETCH ADX FLUSHOPT", verdict(haswell, "graalvm:skylake"));
        assertEquals("does not run: missing AVX512F AVX512DQ AVX512CD AVX512BW AVX512VL",
                verdict(haswell, "graalvm:x86-64-v4"));
        assertEquals("does not run: missing avx512f avx512dq avx512cd avx512bw avx512vl", verdict(haswell, "x86-64-v4"));
    }

    @Test
    void aCore2LacksV2sPopcntAndSse4(@TempDir Path dir) throws Exception {
        Path core2 = EmulatedDumps.write(dir, "core2.txt", EmulatedDumps.merom(), 2);
        assertEquals("does not run: missing sse4_1 sse4_2 popcnt", verdict(core2, "x86-64-v2"));
        assertEquals("does not run: missing SSE4_1 SSE4_2 POPCNT", verdict(core2, "graalvm:x86-64-v2"));
        assertEquals("runs", verdict(core2, "x86-64-v1"));
        assertEquals("runs", verdict(core2, "graalvm:compatibility"));
        assertEquals("runs", verdict(core2, "graalvm:x86-64"));
    }

    @Test
    void everyGraalVmValueOnEveryCpuIsWhatItsTableAsksOfTheUsableFeatures(@TempDir Path dir) throws Exception {
        Map<Path, CpuFeatures> cpus = new HashMap<>();
        cpus.put(EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1), EmulatedDumps.haswell().decode());
        cpus.put(EmulatedDumps.write(dir, "skx.txt", EmulatedDumps.skylakeServer(), 1),
                EmulatedDumps.skylakeServer().decode());
        cpus.put(EmulatedDumps.write(dir, "core2.txt", EmulatedDumps.merom(), 1), EmulatedDumps.merom().decode());
        CpuFeatures n1 = ReferenceArmCpus.neoverseN1().decode();
        CpuFeatures a72 = ReferenceArmCpus.cortexA72().decode();
        cpus.put(dump(dir, "n1.txt", n1), n1);
        cpus.put(dump(dir, "a72.txt", a72), a72);
        int runs = 0;
        int fails = 0;
        for (GraalVmMarch.March m : GraalVmMarch.VALUES) {
            for (Map.Entry<Path, CpuFeatures> e : cpus.entrySet()) {
                CpuFeatures cpu = e.getValue();
                String line = verdict(e.getKey(), "graalvm:" + m.name());
                if (!cpu.architecture().equals(m.architecture())) {
                    assertTrue(line.startsWith("does not run: an "), line);
                    continue;
                }
                List<String> lacking = m.features().stream().filter(f -> !cpu.has(GraalVmMarch.libraryName(
                        m.architecture(), f).orElseThrow())).toList();
                assertEquals(lacking.isEmpty() ? "runs" : "does not run: missing " + String.join(" ", lacking), line,
                        m.name() + " on " + e.getKey().getFileName());
                runs += lacking.isEmpty() ? 1 : 0;
                fails += lacking.isEmpty() ? 0 : 1;
            }
        }
        assertTrue(runs > 5 && fails > 5, runs + " " + fails);
        // what the table says, as hardware facts
        Path skx = dir.resolve("skx.txt");
        for (String m : List.of("x86-64-v4", "skylake-avx512", "skylake", "haswell")) {
            assertEquals("runs", verdict(skx, "graalvm:" + m), m);
        }
        assertEquals("runs", verdict(dir.resolve("n1.txt"), "graalvm:armv8.1-a"));
        assertEquals("does not run: missing LSE", verdict(dir.resolve("a72.txt"), "graalvm:armv8.1-a"));
        assertEquals("runs", verdict(dir.resolve("a72.txt"), "graalvm:armv8-a+aes"));
        assertEquals("does not run: missing LSE", verdict(dir.resolve("a72.txt"), "graalvm:armv8-a+lse"));
        assertEquals("runs", verdict(dir.resolve("a72.txt"), "graalvm:compatibility"));
        assertEquals("does not run: an x86-64 target on an aarch64 machine", verdict(dir.resolve("n1.txt"), "x86-64-v2"));
        assertEquals("does not run: an aarch64 target on an x86-64 machine",
                verdict(dir.resolve("haswell.txt"), "graalvm:armv8-a"));
    }

    /**
     * GraalVM's start-up message as printed by images of recent releases (the form users report, e.g. for a
     * {@code -march=x86-64-v3} image on an older CPU), and the earlier form of
     * substratevm/src/com.oracle.svm.hosted/src/com/oracle/svm/hosted/CPUFeatureAccessFeatureBase.java in oracle/graal
     * at 2a6d9249be983b93fc2b41077da740e4779c8331 ("Current target does not support the following CPU features that
     * are required by the image: " and the set).
     */
    @Test
    void pastedGraalVmMessagesAreRecognisedInGraalVmsNames(@TempDir Path dir) throws Exception {
        Path core2 = EmulatedDumps.write(dir, "core2.txt", EmulatedDumps.merom(), 1);
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        String v3 = "The current machine does not support all of the following CPU features that are required by the"
                + " image: [CX8, CMOV, FXSR, MMX, SSE, SSE2, SSE3, SSSE3, SSE4_1, SSE4_2, POPCNT, LZCNT, AVX, AVX2, BMI1,"
                + " BMI2, FMA, F16C].\nPlease rebuild the executable with an appropriate setting of the -march option.";
        assertEquals("does not run: missing SSE4_1 SSE4_2 POPCNT LZCNT AVX AVX2 BMI1 BMI2 FMA F16C",
                verdict(core2, "features:" + v3));
        assertEquals("runs", verdict(haswell, "features:" + v3));
        // an image built with -march=native on a newer host lists what that host had, in JVMCI's order
        String nativeList = "The current machine does not support all of the following CPU features that are required"
                + " by the image: [CX8, CMOV, FXSR, MMX, AMD_3DNOW_PREFETCH, SSE, SSE2, SSE3, SSSE3, SSE4_1, SSE4_2, POPCNT,"
                + " LZCNT, TSC, AVX, AVX2, AES, ERMS, CLMUL, BMI1, BMI2, ADX, AVX512F, AVX512DQ, AVX512CD, AVX512BW,"
                + " AVX512VL, SHA, FMA, VZEROUPPER, AVX512_VNNI, FLUSH, FLUSHOPT, CLWB, F16C, PKU, OSPKE].";
        assertEquals("does not run: missing AMD_3DNOW_PREFETCH ADX AVX512F AVX512DQ AVX512CD AVX512BW AVX512VL SHA"
                + " AVX512_VNNI FLUSHOPT CLWB PKU OSPKE", verdict(haswell, "features:" + nativeList));
        String old = "Fatal error: Current target does not support the following CPU features that are required by the"
                + " image: [CX8, CMOV, FXSR, MMX, SSE, SSE2, SSE3, SSSE3, SSE4_1, SSE4_2, POPCNT]\n";
        assertEquals("does not run: missing SSE4_1 SSE4_2 POPCNT", verdict(core2, "features:" + old));
        CpuFeatures a72 = ReferenceArmCpus.cortexA72().decode();
        Path arm = dump(dir, "a72.txt", a72);
        String aarch64 = "The current machine does not support all of the following CPU features that are required by"
                + " the image: [FP, ASIMD, CRC32, LSE].\nPlease rebuild the executable with an appropriate setting of the"
                + " -march option.";
        assertEquals("does not run: missing LSE", verdict(arm, "features:" + aarch64));
        assertEquals("does not run: an aarch64 target on an x86-64 machine", verdict(haswell, "features:" + aarch64));
    }

    /**
     * HotSpot's AOT cache log when the training machine had more ({@code AOTCodeCache::Config::verify_cpu_features},
     * src/hotspot/share/code/aotCodeCache.cpp in openjdk/jdk at 0272af1b85181992c45fb007ab183273e0b850b1: "cpu features
     * that are required: \"%s\"" on the {@code aot,codecache,init} tags), with HotSpot's names.
     */
    @Test
    void aPastedHotSpotAotLineIsRecognisedInHotSpotsNames(@TempDir Path dir) throws Exception {
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        String log = "[0.018s][error][aot,codecache,init] AOT Code Cache disabled: cpu features are incompatible\n"
                + "[0.018s][error][aot,codecache,init] cpu features that are required: \"avx512f, avx512dq, sha, bmi1,"
                + " sse4.1, clmul\"\n";
        assertEquals("does not run: missing avx512f avx512dq sha", verdict(haswell, "features:" + log));
        Path skx = EmulatedDumps.write(dir, "skx.txt", EmulatedDumps.skylakeServer(), 1);
        assertEquals("does not run: missing sha", verdict(skx, "features:" + log));
    }

    /** glibc's loader, as users report it from images built for a higher ISA level (RHEL 10, UBI 10, MinIO). */
    @Test
    void aPastedGlibcMessageIsItsLevel(@TempDir Path dir) throws Exception {
        Path core2 = EmulatedDumps.write(dir, "core2.txt", EmulatedDumps.merom(), 1);
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        String v2 = "Fatal glibc error: CPU does not support x86-64-v2\n";
        assertEquals(verdict(core2, "x86-64-v2"), verdict(core2, "features:" + v2));
        assertEquals("does not run: missing sse4_1 sse4_2 popcnt", verdict(core2, "features:" + v2));
        assertEquals("runs", verdict(haswell, "features:Fatal glibc error: CPU does not support x86-64-v3"));
    }

    @Test
    void aListOfTheLibrarysNamesIsCheckedOnEveryArchitectureThatHasThemAll(@TempDir Path dir) throws Exception {
        Path haswell = EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        Path a72 = dump(dir, "a72.txt", ReferenceArmCpus.cortexA72().decode());
        assertEquals("runs", verdict(haswell, "features:aes"));
        assertEquals("runs", verdict(a72, "features:aes"));
        assertEquals("does not run: missing adx", verdict(haswell, "features:avx2, adx,bmi2"));
        assertEquals("does not run: missing atomics", verdict(a72, "features:crc32,lse"));
    }

    @Test
    void exitCodesAreZeroOneAndTwoWithOneLineSayingWhatIsAccepted(@TempDir Path dir) throws Exception {
        EmulatedDumps.write(dir, "haswell.txt", EmulatedDumps.haswell(), 1);
        EmulatedDumps.write(dir, "skx.txt", EmulatedDumps.skylakeServer(), 1);
        Files.writeString(dir.resolve("notes.md"), "not a dump\n");
        assertEquals(0, CliTest.run("check", "--target", "x86-64-v3", dir.toString()).exit());
        CliTest.Run one = CliTest.run("check", "--target", "graalvm:skylake", dir.toString());
        assertEquals(1, one.exit(), one.out());
        assertTrue(one.out().contains("check: 2 machines, 1 run it, 1 do not, 0 failed; every x86-64 machine (2) runs"
                + " x86-64-v3 and graalvm:haswell"), one.out());
        for (String[] bad : List.of(new String[] {"graalvm:native", "the build host"},
                new String[] {"graalvm:znver4", "accepted: x86-64, x86-64-v1"},
                new String[] {"graalvm:armv8.1-a+sve", "accepted: +lse"},
                new String[] {"graalvm:haswell+lse", "AArch64's"},
                new String[] {"x86-64-v5", "accepted: x86-64-v1..v4, graalvm:MARCH"},
                new String[] {"features:avx2,avx9", "unknown name avx9; the library's names are listed in docs/features.md"},
                new String[] {"features:jvm.vector512", "not a CPU feature"},
                new String[] {"features:required by the image: [AVX2, SVE]", "unknown name SVE"},
                new String[] {"features:cpu features that are required: \"avx2, ht\"", "unknown name ht"})) {
            CliTest.Run r = CliTest.run("check", "--target", bad[0], dir.toString());
            assertEquals(2, r.exit(), bad[0] + ": " + r.err());
            assertEquals("", r.out(), bad[0]);
            assertEquals(1, r.err().lines().count(), r.err());
            assertTrue(r.err().contains(bad[1]), bad[0] + ": " + r.err());
        }
        CliTest.Run missingTarget = CliTest.run("check", dir.toString());
        assertEquals(2, missingTarget.exit(), missingTarget.err());
        CliTest.Run unreadable = CliTest.run("check", "--target", "x86-64-v1", dir.resolve("notes.md").toString());
        assertEquals(1, unreadable.exit(), unreadable.out());
        assertTrue(unreadable.out().contains("notes.md  ERROR "), unreadable.out());
        CliTest.Run json = CliTest.run("check", "--json", "--target", "graalvm:armv8-a", dir.resolve("notes.md").toString(),
                dir.resolve("haswell.txt").toString());
        assertEquals(1, json.exit(), json.out());
        List<String> lines = json.out().lines().toList();
        assertEquals(3, lines.size(), json.out());
        lines.forEach(l -> ReportSchema.assertValid(l, "check --json line"));
        assertTrue(lines.get(0).contains("\"kind\":\"error\""), lines.get(0));
        assertTrue(lines.get(1).contains("\"verdict\":\"does not run: an aarch64 target on an x86-64 machine\""),
                lines.get(1));
    }

    @Test
    void aHybridMachineRunsATargetOnlyWhenEveryCoreTypeDoes(@TempDir Path dir) throws Exception {
        // performance cores with POPCNT, efficiency cores without
        Path hybrid = EmulatedDumps.hybridWithoutPopcntOnEfficiencyCores(dir, 2, 2);
        assertEquals("does not run: missing popcnt", verdict(hybrid, "features:popcnt"));
        assertEquals("runs", verdict(hybrid, "features:cmov,sse2"));
        CliTest.Run json = CliTest.run("check", "--json", "--target", "features:popcnt", hybrid.toString());
        JsonNode line = JSON.readTree(json.out().lines().findFirst().orElseThrow());
        assertEquals(2, line.path("cpus").size(), line.toString());
    }

    @Test
    void aPowerMachineRunsNoTargetOfTheOthersAndTheSummaryHasItsArchitecture() throws Exception {
        Path dir = Path.of(System.getProperty("cpufeatures.project.dir", ".."),
                "cpufeatures-ppc64le/src/test/resources/io/cpufeatures/ppc64le/proc-cpuinfo");
        Path power;
        try (Stream<Path> s = Files.list(dir)) {
            power = s.filter(p -> p.toString().endsWith(".txt")).sorted().findFirst().orElseThrow();
        }
        assertEquals("does not run: an x86-64 or aarch64 target on a ppc64le machine",
                verdict(power, "graalvm:compatibility"));
        CliTest.Run r = CliTest.run("check", "--target", "x86-64-v1", power.toString());
        assertTrue(r.out().contains("every ppc64le machine (1) runs no psABI level and no graalvm: -march"), r.out());
    }

    @Test
    void withoutPathsItJudgesThisMachineAsItsLevelSays() {
        String level = CpuFeatures.current().identity().getOrDefault("level", "none");
        boolean x86 = CpuFeatures.current().architecture().equals("x86_64");
        CliTest.Run r = CliTest.run("check", "--target", "x86-64-v2");
        boolean runs = x86 && !level.equals("none") && !level.equals("x86-64-v1");
        assertEquals(runs ? 0 : 1, r.exit(), r.out() + r.err());
        assertTrue(r.out().startsWith(CheckCommand.THIS_MACHINE + "  " + (runs ? "runs" : "does not run: ")), r.out());
        assertFalse(r.out().contains("ERROR"), r.out());
    }
}
