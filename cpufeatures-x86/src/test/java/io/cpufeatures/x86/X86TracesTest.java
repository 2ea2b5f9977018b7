package io.cpufeatures.x86;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.trace.ErratumCheck;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.NameCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Verdict;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The decoder's answer explains itself: each trace says what the decoder decided, layer by layer. */
class X86TracesTest {

    private static FeatureTrace trace(CpuFeatures cpu, String name) {
        return (FeatureTrace) cpu.trace(name).orElseThrow();
    }

    @Test
    void aUsableFeatureShowsItsBitItsStateAndItsDependencies() {
        FeatureTrace t = trace(ReferenceCpus.zen4().decode(), "avx512f");
        assertEquals(Verdict.USABLE, t.verdict());
        assertTrue(t.presence().holds());
        assertEquals("CPUID bit", t.presence().label());
        assertTrue(t.presence().text().startsWith("CPUID.(0x7,0):EBX[16] = 1 (ebx=0x"), t.presence().text());
        assertEquals("AVX512 needs XCR0 0xe7 (x87|SSE|YMM_Hi128|OPMASK|ZMM_Hi256|Hi16_ZMM); OSXSAVE set;"
                + " XCR0=0x2e7 (read with XGETBV): all enabled", t.osState().text());
        assertEquals(List.of("avx"), t.dependsOn().stream().map(Link::feature).toList());
        assertTrue(t.indirectly().stream().map(Link::feature).toList().containsAll(List.of("xsave", "fxsr", "fpu")));
        assertTrue(t.reasons().isEmpty());
        assertTrue(t.root().isEmpty());
        assertEquals("prefer_ymm", t.policies().get(0).flag());
        assertFalse(t.policies().get(0).holds());
    }

    @Test
    void aFeatureThatFellThroughADependencyNamesTheRootAndTheMaskedOne() {
        CpuFeatures cpu = ReferenceCpus.zen4().decode().without(List.of("avx"));
        FeatureTrace t = trace(cpu, "avx512_vbmi2");
        assertEquals(Verdict.NOT_USABLE, t.verdict());
        assertEquals(Verdict.NOT_USABLE, t.dependsOn().get(0).verdict());
        assertEquals("avx", t.root().orElseThrow());
        assertEquals(ReasonKind.DEPENDENCY, t.reasons().get(0).kind());
        FeatureTrace avx = trace(cpu, "avx");
        assertTrue(avx.disabled());
        assertEquals(cpu.reasons("avx512_vbmi2"), t.reasons(), "the trace's reasons are the decoder's");
    }

    @Test
    void aMissingXcr0ComponentIsTheOsStateLineAndTheVerdict() {
        FeatureTrace t = trace(ReferenceCpus.zen4().osEnabled(0x7).decode(), "avx512f");
        assertFalse(t.osState().holds());
        assertTrue(t.osState().text().endsWith(": lacks OPMASK|ZMM_Hi256|Hi16_ZMM"), t.osState().text());
        assertEquals(ReasonKind.REGISTER_STATE, t.reasons().get(0).kind());
    }

    @Test
    void erratumChecksSayWhichApply() {
        // A Skylake Pentium without AVX that reported BMI1 would meet SKL052.
        FeatureTrace t = trace(ReferenceCpus.skylakePentium().features("bmi1").decode(), "bmi1");
        ErratumCheck skl052 = t.errata().get(0);
        assertEquals("SKL052", skl052.id());
        assertTrue(skl052.applies());
        assertEquals(Verdict.NOT_USABLE, t.verdict());
        assertFalse(trace(ReferenceCpus.haswell().decode(), "bmi1").errata().get(0).applies());
    }

    @Test
    void anAbsentFeatureSaysItsBitIsZeroAndTheJitGatesStandBesideIt() {
        CpuFeatures haswell = ReferenceCpus.haswell().decode().withJvm(JvmView.of("test",
                Map.of("UseAVX", "2", "MaxVectorSize", "32", "UseCompiler", "true"), true, OptionalInt.of(256)));
        FeatureTrace t = trace(haswell, "avx512f");
        assertEquals(Verdict.NOT_PRESENT, t.verdict());
        assertTrue(t.presence().text().contains("= 0") && t.presence().text().endsWith(": not present"));
        assertEquals(List.of("jvm.avx512", "jvm.vector512_float"), t.jvm().stream().map(NameCheck::name).toList());
        assertEquals("UseAVX=2", t.jvm().get(0).reason().orElseThrow().detail());
    }

    @Test
    void aPolicyTraceIsItsRow() {
        PolicyTrace p = (PolicyTrace) ReferenceCpus.skylakeSp().decode().trace("prefer_ymm").orElseThrow();
        assertTrue(p.holds());
        assertEquals("prefer 256-bit code", p.meaning());
        assertTrue(p.appliesTo().startsWith("Intel family 6 models 0x55, 0x6A"), p.appliesTo());
        assertEquals("GenuineIntel family 0x6 model 0x55", p.cpu().orElseThrow());
        assertEquals("prefer_ymm applies only to " + p.appliesTo(),
                ReferenceCpus.zen4().decode().reasons("prefer_ymm").get(0).detail(), "reasons read the same row");
    }

    @Test
    void theDescriptionIsWhatReportsPrint() {
        CpuDescription d = ReferenceCpus.skylakeSp().decode().describe(20);
        assertEquals(List.of("vendor", "brand", "family", "model", "stepping", "signature", "microarchitecture",
                "hypervisor", "xcr0", "xcr0Source", "level"), d.fields().stream().map(CpuDescription.Field::key).toList());
        assertEquals(0x55, d.fields().get(3).value());
        assertEquals("identity", d.lines().get(1).label());
        assertEquals("GenuineIntel, family 0x6 model 0x55 stepping 4, signature 00050654, 20 logical CPUs",
                d.lines().get(1).text());
        assertEquals("GenuineIntel 6/55/4  Skylake-SP  x86-64-v4", d.summary());
        assertEquals("base", d.usable().get(0).label());
    }
}
