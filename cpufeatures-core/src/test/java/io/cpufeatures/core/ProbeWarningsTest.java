package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.testing.CountingProvider;
import io.cpufeatures.core.testing.FakeFeatures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** No silent fallback: a report less than the machine could give is one WARN line, and saying why. */
class ProbeWarningsTest {

    private static final ProbeSettings DEFAULTS = ProbeSettings.from(new Properties(), Map.of());
    private static final String ARCH = System.getProperty("os.arch");

    private static ArchitectureModule providerReturning(ProbeSource source) {
        ArchitectureModule p = mock(ArchitectureModule.class);
        when(p.runsOn(anyString())).thenAnswer(a -> ARCH.equals(a.getArgument(0)));
        when(p.vocabulary()).thenReturn(new CountingProvider().vocabulary());
        when(p.architecture()).thenReturn("test");
        when(p.probe(any())).thenReturn(new ProbeResult(new FakeFeatures(Set.of()), source));
        return p;
    }

    @Test
    void aMissingModuleNamesTheArtifactToAdd() {
        Architectures none = Architectures.of(List.of());
        CpuFeatures cpu = CpuFeatures.probe(DEFAULTS, none);
        for (Map.Entry<String, String> e : Map.of("amd64", "io.cpufeatures:cpufeatures-x86", "aarch64",
                "io.cpufeatures:cpufeatures-aarch64", "ppc64le", "io.cpufeatures:cpufeatures-ppc64le").entrySet()) {
            String line = ProbeWarnings.of(cpu, ProbeSettings.none(), e.getKey(), none).orElseThrow();
            assertTrue(line.contains("add " + e.getValue()) && line.contains("portable candidate"), line);
        }
        assertTrue(ProbeWarnings.of(cpu, ProbeSettings.none(), "riscv64", none).orElseThrow()
                .contains("No cpufeatures module supports"
                + " os.arch=riscv64"));
    }

    @Test
    void aRefusedNativeProbeNamesTheCauseAndWhatAnsweredInstead() {
        String refused = "JNA could not load: java.lang.IllegalCallerException: start the JVM with"
                + " --enable-native-access=ALL-UNNAMED";
        ProbeSource fallback = new ProbeSource(SourceKind.PROC_CPUINFO, "/proc/cpuinfo, XCR0 unknown",
                List.of(new ProbeFailure(SourceKind.NATIVE, refused, Optional.empty())), Duration.ZERO);
        Architectures archs = Architectures.of(List.of(providerReturning(fallback)));
        String line = ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, archs), DEFAULTS, ARCH, archs).orElseThrow();
        assertTrue(line.startsWith("cpufeatures: the native probe failed: " + refused), line);
        assertTrue(line.contains("answering from proc-cpuinfo (/proc/cpuinfo, XCR0 unknown)"), line);

        ProbeSource nothing = new ProbeSource(SourceKind.NONE, "every source failed",
                List.of(new ProbeFailure(SourceKind.NATIVE, "mprotect: EACCES", Optional.empty())), Duration.ZERO);
        Architectures bare = Architectures.of(List.of(providerReturning(nothing)));
        assertTrue(ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, bare), DEFAULTS, ARCH, bare).orElseThrow()
                .contains("mprotect: EACCES; no source answered"));
    }

    @Test
    void whatWasAskedForIsNoWarning() {
        ProbeSource nativeSource = new ProbeSource(SourceKind.NATIVE, "stubs", List.of(), Duration.ZERO);
        Architectures archs = Architectures.of(List.of(providerReturning(nativeSource)));
        assertEquals(Optional.empty(), ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, archs), DEFAULTS, ARCH, archs));
        ProbeSettings forcedNone = ProbeSettings.from(new Properties(), Map.of("CPUFEATURES_PROBE", "none"));
        assertEquals(ProbeMode.NONE, forcedNone.probe());
        assertEquals(Optional.empty(), ProbeWarnings.of(CpuFeatures.probe(forcedNone, archs), forcedNone, ARCH, archs),
                "cpufeatures.probe=none is the user's choice");
        ArchitectureModule throwing = providerReturning(nativeSource);
        when(throwing.probe(any())).thenThrow(new IllegalStateException("stub table corrupt"));
        Architectures broken = Architectures.of(List.of(throwing));
        assertEquals(Optional.empty(), ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, broken), DEFAULTS, ARCH, broken),
                "a probe that throws is warned about where it is caught, not twice");
    }

    /** Guest side: the process-wide report, asked for twice. */
    public static final class Guest {
        public static void main(String[] args) {
        io.cpufeatures.core.testing.OfferCountingProvider.offer();
            CpuFeatures.current();
            System.out.println("source=" + CpuFeatures.current().source().kind().id());
        }
    }

    @Test
    void aProcessWithoutItsModuleLogsOneWarnLine() throws Exception {
        // The test class path's only module is the counting fake, which runs on any os.arch unless told not to.
        Process p = new ProcessBuilder(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                "-Dos.arch=riscv64", "-Dcpufeatures.test.noModule=true", "-cp", System.getProperty("java.class.path"),
                Guest.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("source=none"), out);
        // on Linux, where the process's ELF header says what it is, the line names that os.arch is not it
        String said = Files.isReadable(Paths.get("/proc/self/exe")) ? "os.arch=riscv64 does not describe this process,"
                + " which /proc/self/exe says is " : "No cpufeatures module supports os.arch=riscv64";
        long warnings = out.lines().filter(l -> l.contains("WARN") && l.contains(said)).count();
        assertEquals(1, warnings, out);
        assertEquals(1, out.lines().filter(l -> l.contains("WARN")).count(), out);
    }

    @Test
    void anOsArchThatIsNotTheProcessesIsSaidInsteadOfWhatFollowsFromIt() {
        String mismatch = "os.arch=aarch64 does not describe this process, which /proc/self/exe says is x86_64 (ELF"
                + " e_machine 62)";
        ProbeSource floor = new ProbeSource(SourceKind.JVM, "the JVM's view", List.of(new ProbeFailure(SourceKind.NATIVE,
                "this process is not an AArch64 one", Optional.empty())), Duration.ZERO);
        Architectures archs = Architectures.of(List.of(providerReturning(floor)));
        assertEquals(Optional.of("cpufeatures: " + mismatch + ": the probes run no native code; answering from jvm (the"
                + " JVM's view), which knows less: see source()"),
                ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, archs), ARCH, archs, mismatch));
        Architectures none = Architectures.of(List.of());
        assertEquals(Optional.of("cpufeatures: " + mismatch.replace("aarch64", "riscv64") + ": the probes run no native"
                + " code; no feature of this CPU reads as usable, and every dispatch point takes its portable candidate"),
                ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, none), "riscv64", none, mismatch.replace("aarch64", "riscv64")));
        ProbeSource nativeSource = new ProbeSource(SourceKind.NATIVE, "stubs", List.of(), Duration.ZERO);
        Architectures fine = Architectures.of(List.of(providerReturning(nativeSource)));
        assertEquals(Optional.empty(), ProbeWarnings.of(CpuFeatures.probe(DEFAULTS, fine), ARCH, fine, mismatch),
                "what was asked for is no warning");
    }
}
