package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.x86.dump.CpuidRText;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A process that answers for another machine's dump ({@code CPUFEATURES_CPUID_FILE}) never chooses code this CPU
 * cannot run: a point whose best candidate needs a feature the dump has and this CPU lacks takes the next one, with
 * one WARN line, besides the process's one WARN naming the dump; {@code CPUFEATURES_DISPATCH_SIMULATE=true} chooses Java
 * code for the dump alone, and a native variant never. Run in fresh JVMs ({@link EmulatedProcessMain}) on any x86-64
 * or arm64 machine: the feature is one the dump has and this CPU lacks, found here.
 */
class EmulatedProcessTest {

    /** Features a recent Intel part has and many CPUs lack; each needs only the AVX state. */
    private static final List<String> RARE = List.of("avx_vnni", "avx_ifma", "avx_ne_convert", "avx_vnni_int8",
            "avx_vnni_int16", "cmpccxadd", "sha512", "sm3", "sm4");

    @TempDir
    Path dir;

    private String feature;
    private Path dump;

    @BeforeEach
    void aDumpWithAFeatureThisCpuLacks() throws Exception {
        CpuFeatures here = CpuFeatures.current();
        List<String> all = new ArrayList<>(List.of("x86-64-v3", "osxsave"));
        all.addAll(RARE);
        String text = CpuidRText.write(EmulatedCpu.intel(6, 0xCF, 2).features(all.toArray(new String[0]))
                .osEnabled(0x7).build());
        dump = Files.writeString(dir.resolve("emulated.cpuid"), text);
        CpuFeatures other = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.of(dump), Map.of(),
                io.cpufeatures.core.ProbeMode.AUTO));
        for (String f : RARE) {
            if (other.has(f) && !here.has(f)) {
                feature = f;
                break;
            }
        }
        assertNotNull(feature, "this CPU has every one of " + RARE + ", or the dump lacks them: " + other.source());
    }

    /** The child's lines by key, its WARN lines under "warn". */
    private Map<String, String> child(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dcpufeatures.native.cache=" + dir.resolve("cache"), "-cp", System.getProperty("java.class.path"),
                EmulatedProcessMain.class.getName(), feature));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        pb.environment().keySet().removeIf(k -> k.startsWith("CPUFEATURES_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), out + err);
        assertEquals(0, p.exitValue(), out + err);
        Map<String, String> lines = new LinkedHashMap<>();
        for (String l : out.split("\n")) {
            int eq = l.indexOf('=');
            if (eq > 0) {
                lines.merge(l.substring(0, eq), l.substring(eq + 1), (a, b) -> a + "\n" + b);
            }
        }
        List<String> warn = new ArrayList<>();
        for (String l : err.split("\n")) {
            if (l.startsWith("WARN ")) {
                warn.add(l);
            }
        }
        lines.put("warn", String.join("\n", warn));
        return lines;
    }

    private static long count(String lines, String what) {
        return lines.lines().filter(l -> l.contains(what)).count();
    }

    @Test
    void aJavaCandidateTheDumpAllowsAndThisCpuCannotRunIsNotChosenUnlessSimulating() throws Exception {
        Map<String, String> out = child(Map.of("CPUFEATURES_CPUID_FILE", dump.toString()));
        assertEquals("file", out.get("source"), out.toString());
        assertEquals("portable", out.get("java"), out.toString());
        String warn = out.get("warn");
        assertEquals(2, warn.lines().count(), warn);
        assertEquals(1, count(warn, "this process answers for the dump " + dump), warn);
        assertEquals(1, count(warn, "test.emulated.java: needs-" + feature + " would be chosen for file " + dump), warn);
        assertTrue(warn.contains("but this CPU cannot run it (" + feature + ": "), warn);

        Map<String, String> simulated = child(Map.of("CPUFEATURES_CPUID_FILE", dump.toString(),
                "CPUFEATURES_DISPATCH_SIMULATE", "true"));
        assertEquals("needs-" + feature, simulated.get("java"), simulated.toString());
        assertEquals(1, simulated.get("warn").lines().count(), simulated.toString());

        // the choice for the dump, as a question, is the dump's
        CpuFeatures other = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.of(dump), Map.of(),
                io.cpufeatures.core.ProbeMode.AUTO));
        DispatchPoint<Runnable> p = DispatchPoint.builder("test.question", Runnable.class)
                .candidate(Candidate.of("needs", "", 10, Requirements.of(List.of(feature), List.of(), "t"), () -> () -> { }))
                .candidate(Candidate.of("portable", "", 0, Requirements.NONE, () -> () -> { })).build();
        assertEquals("needs", p.choiceFor(other).name());

        // without a dump, this CPU chooses for itself and nothing is said
        Map<String, String> live = child(Map.of());
        assertEquals("portable", live.get("java"), live.toString());
        assertEquals("", live.get("warn"), live.toString());
    }

    @Test
    void aNativeVariantTheDumpAllowsAndThisCpuCannotRunIsNeverLoaded() throws Exception {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getProperty("os.arch").equals("amd64")
                && System.getProperty("os.name").equals("Linux"), "the variant is built and loaded on x86-64 Linux");
        HostTools.command("gcc", "gcc");
        Path c = Files.writeString(dir.resolve("level.c"), "int level(void) { return 7; }\n");
        Path so = Files.createDirectories(dir.resolve("res/linux-x86_64/rare")).resolve("liblevel.so");
        Process gcc = new ProcessBuilder("gcc", "-O2", "-shared", "-fPIC", "-march=x86-64", "-mneeded", "-o",
                so.toString(), c.toString()).redirectErrorStream(true).start();
        assertTrue(gcc.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, gcc.exitValue(), new String(gcc.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        Files.writeString(dir.resolve("res/level.variants"), NativeVariants.HEADER + "\n"
                + "linux-x86_64/rare/liblevel.so " + NativeLoading.sha256(Files.readAllBytes(so)) + " " + feature + "\n");

        for (Map<String, String> env : List.of(Map.of("CPUFEATURES_CPUID_FILE", dump.toString()),
                Map.of("CPUFEATURES_CPUID_FILE", dump.toString(), "CPUFEATURES_DISPATCH_SIMULATE", "true"))) {
            Map<String, String> out = child(env, dir.toString());
            assertEquals("portable", out.get("native"), out.toString());
            assertNull(out.get("mapped"), out.toString());
            assertEquals(1, count(out.get("warn"), "test.emulated.native: x86_64.rare would be chosen for file "
                    + dump), out.toString());
        }
    }
}
