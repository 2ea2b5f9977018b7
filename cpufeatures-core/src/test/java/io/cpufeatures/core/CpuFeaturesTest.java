package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.testing.CountingProvider;
import io.cpufeatures.core.testing.FakeFeatures;
import io.cpufeatures.core.testing.RaceMain;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CpuFeaturesTest {

    @Test
    void sixtyFourThreadsAskingAtOnceGetOneProbeAndOneInstance() throws Exception {
        // A fresh JVM, so this really is the first access of the process.
        Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                System.getProperty("java.class.path"), RaceMain.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "race JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(out.contains("probes=1 instances=1"), out);
    }

    @Test
    void aFirstUseThatRunsOutOfStackFailsThatCallNotTheClass() throws Exception {
        // A fresh JVM: the first use is tried at every depth of a 64 KiB thread, some with too little stack left.
        Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                System.getProperty("java.class.path"), io.cpufeatures.core.testing.FirstUseOnTheBrinkMain.class.getName())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("overflows>0=true others=[]\n"), "only StackOverflowErrors, never a"
                + " NoClassDefFoundError, while the stack was short: " + out);
        String healthy = out.lines().filter(l -> l.startsWith("healthy=")).findFirst().orElseThrow();
        assertTrue(out.contains("brink=" + healthy.substring("healthy=".length())), "the attempt that answered"
                + " answered as a healthy thread does: " + out);
        assertFalse(healthy.contains(CpuFeatures.PROBE_FAILED), "a real probe, not a kept failure: " + out);
        assertFalse(healthy.startsWith("healthy=NONE"), out);
    }

    @Test
    void currentIsCachedAndProbeUncachedProbesAgain() {
        CpuFeatures first = CpuFeatures.current();
        assertSame(first, CpuFeatures.current());
        int before = CountingProvider.probes();
        CpuFeatures fresh = CpuFeatures.probeUncached();
        assertEquals(before + 1, CountingProvider.probes());
        assertFalse(first == fresh);
    }

    @Test
    void aHybridMachineAnswersForWhatEveryCoreTypeCanRun() {
        CpuKind<DecodedCpu> p = new CpuKind<>(new FakeFeatures(Set.of(), Optional.of("performance")), 8, 0);
        CpuKind<DecodedCpu> e = new CpuKind<>(new FakeFeatures(Set.of("gamma"), Optional.of("efficiency")), 12, 8);
        ProbeSource source = ProbeSource.of(SourceKind.EMULATED, "two core types");
        CpuFeatures machine = CpuFeatures.decoded(ProbeResult.ofCoreKinds(List.of(p, e), source));
        assertTrue(machine.has("beta"));
        assertFalse(machine.has("gamma"), "the efficiency cores cannot run it, and a thread may run there");
        assertEquals(List.of(new Reason(ReasonKind.DISABLED, "efficiency cores: disabled by cpufeatures.disable")),
                machine.reasons("gamma"));
        assertEquals(Set.of("beta", "gamma"), machine.present());
        assertEquals(Set.of("beta"), machine.usable());
        assertEquals(Set.of("gamma"), machine.notUsable().keySet());
        assertEquals(Optional.of("every core type (performance: 8 logical CPUs, efficiency: 12)"), machine.coreScope());
        assertEquals(Optional.empty(), machine.coreType());
        assertEquals(List.of("performance", "efficiency"), machine.coreKinds().stream().map(k -> k.cpu().coreType().orElseThrow()).toList());
        assertEquals(List.of(8, 12), machine.coreKinds().stream().map(CpuKind::logicalCpus).toList());
        CpuFeatures performance = machine.coreKinds().get(0).cpu();
        assertTrue(performance.has("gamma"));
        assertEquals(Optional.of("performance cores"), performance.coreScope());
        // removing a feature removes it on every core type
        CpuFeatures fewer = machine.without(List.of("beta"));
        assertFalse(fewer.has("beta"));
        assertFalse(fewer.coreKinds().get(0).cpu().has("beta"));
        // one core type alone is not a hybrid machine
        assertThrows(IllegalArgumentException.class, () -> new ProbeResult(p.cpu(), source, List.of(p)));
        assertTrue(CpuFeatures.decoded(ProbeResult.ofCoreKinds(List.of(p), source)).coreKinds().isEmpty());
        // a machine of one core type costs nothing of this
        CpuFeatures plain = CpuFeatures.probe(ProbeSettings.none());
        assertTrue(plain.coreKinds().isEmpty());
        assertEquals(Optional.empty(), plain.coreScope());
    }

    @Test
    void hasAcceptsCanonicalNamesAliasesPolicyFlagsAndJvmNames() {
        CpuFeatures f = CpuFeatures.probe(ProbeSettings.none());
        assertTrue(f.has("beta"));
        assertTrue(f.has("b"));
        assertTrue(f.has("B"));
        assertFalse(f.has("alpha"));
        assertEquals(ReasonKind.NOT_PRESENT, f.reasons("alpha").get(0).kind());
        assertTrue(f.has("slow_wide"));
        assertTrue(f.isPresent("gamma"));
        assertFalse(f.isPresent("alpha"));
        // jvm.* names are answered from the JVM view.
        CpuFeatures noVector = f.withJvm(JvmView.of("test", Map.of("MaxVectorSize", "64"), false, OptionalInt.empty()));
        assertFalse(noVector.has("jvm.vector256"));
        assertTrue(noVector.reasons("jvm.vector256").get(0).detail().contains("--add-modules jdk.incubator.vector"));
    }

    @Test
    void unknownNamesThrowWithSuggestions() {
        CpuFeatures f = CpuFeatures.probe(ProbeSettings.none());
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class, () -> f.has("betta"));
        assertTrue(e.suggestions().contains("beta"), e.getMessage());
        UnknownFeatureException j = assertThrows(UnknownFeatureException.class, () -> f.has("jvm.vector1024"));
        assertTrue(j.suggestions().stream().anyMatch(s -> s.startsWith("jvm.vector")), j.getMessage());
    }

    @Test
    void disableRemovesAndCascadesAndRejectsUnknownNames() {
        CpuFeatures f = CpuFeatures.probe(new ProbeSettings(List.of("beta", "jvm.fake_bmi2"), Optional.empty(),
                Map.of(), ProbeMode.AUTO));
        assertFalse(f.has("beta"));
        assertFalse(f.has("gamma"), "gamma depends on beta");
        assertEquals(ReasonKind.DISABLED, f.reasons("beta").get(0).kind());
        assertFalse(f.has("jvm.fake_bmi2"));
        assertEquals(ReasonKind.DISABLED, f.reasons("jvm.fake_bmi2").get(0).kind());
        CpuFeaturesConfigurationException e = assertThrows(CpuFeaturesConfigurationException.class,
                () -> CpuFeatures.probe(new ProbeSettings(List.of("delta"), Optional.empty(), Map.of(), ProbeMode.AUTO)));
        assertTrue(e.getMessage().startsWith("cpufeatures.disable: unknown feature 'delta'"), e.getMessage());
    }

    @Test
    void forcedNoneReportsArchitectureAndJvmOnly() {
        CpuFeatures f = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.empty(), Map.of(), ProbeMode.NONE));
        assertEquals(SourceKind.NONE, f.source().kind());
        assertTrue(f.usable().isEmpty());
    }

    @Test
    void settingsAreReadFromPropertiesBeforeTheEnvironmentAndValidated() {
        Properties p = new Properties();
        p.setProperty("cpufeatures.disable", "avx512f, bmi2 sha");
        ProbeSettings s = ProbeSettings.from(p, Map.of("CPUFEATURES_DISABLE", "ignored", "CPUFEATURES_PROBE", "NATIVE"));
        assertEquals(List.of("avx512f", "bmi2", "sha"), s.disable());
        assertEquals(ProbeMode.NATIVE, s.probe());
        Properties bad = new Properties();
        bad.setProperty("cpufeatures.probe", "magic");
        CpuFeaturesConfigurationException e = assertThrows(CpuFeaturesConfigurationException.class,
                () -> ProbeSettings.from(bad, Map.of()));
        assertTrue(e.getMessage().contains("'magic'") && e.getMessage().contains("native, proc-cpuinfo"), e.getMessage());
        Properties lonely = new Properties();
        lonely.setProperty("cpufeatures.assume.state", "0x7");
        CpuFeaturesConfigurationException without = assertThrows(CpuFeaturesConfigurationException.class,
                () -> ProbeSettings.from(lonely, Map.of()));
        assertEquals("cpufeatures.assume.state is given without cpufeatures.cpuid.file: the running CPU's own state is"
                + " read, never assumed", without.getMessage());
        Properties both = new Properties();
        both.setProperty("cpufeatures.cpuid.file", "dump.txt");
        both.setProperty("cpufeatures.assume.state", " 0x7 ");
        assertEquals(Map.of("state", "0x7", "other", "1"), ProbeSettings.from(both, Map.of("CPUFEATURES_ASSUME_OTHER",
                "1", "CPUFEATURES_ASSUME_STATE", "ignored: the property wins")).assume());
    }

    @Test
    void aProbeThatFailsWithAnErrorIsAReportWithItsReasonOnEveryCall() throws Exception {
        Process p = new ProcessBuilder(new File(System.getProperty("java.home"), "bin/java").getPath(),
                "-Dcpufeatures.test.probeError=true", "-cp", System.getProperty("java.class.path"),
                io.cpufeatures.core.testing.FailingProbeMain.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        String line = "source=none detail=the probe failed: java.lang.NoClassDefFoundError: Could not initialize class"
                + " com.sun.jna.Native (test) beta=false";
        assertEquals(2, out.lines().filter(line::equals).count(), out);
    }
}
