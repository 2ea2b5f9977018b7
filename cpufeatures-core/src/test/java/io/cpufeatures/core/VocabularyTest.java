package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.internal.Vocabulary;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.GroupTrace;
import io.cpufeatures.core.trace.JvmTrace;
import io.cpufeatures.core.trace.NameCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** One index of names: every kind resolves in one place, suggestions come from it, groups and traces use it. */
class VocabularyTest {

    private static FeatureVocabulary vocabulary(String arch, Map<String, List<String>> features) {
        return vocabulary(arch, features, List.of(), Map.of());
    }

    private static FeatureVocabulary vocabulary(String arch, Map<String, List<String>> features, List<JvmGate> gates,
            Map<String, List<String>> gatesOf) {
        return new FeatureVocabulary() {
            @Override
            public String architecture() {
                return arch;
            }

            @Override
            public Map<String, List<String>> features() {
                return features;
            }

            @Override
            public List<String> policyFlags() {
                return List.of();
            }

            @Override
            public Map<String, List<String>> groups() {
                return Map.of();
            }

            @Override
            public List<JvmGate> jvmGates() {
                return gates;
            }

            @Override
            public Map<String, List<String>> jvmGatesOf() {
                return gatesOf;
            }

            @Override
            public String acceptedNames() {
                return arch + " names";
            }
        };
    }

    @Test
    void everyKindOfNameResolvesWithItsCanonicalSpelling() {
        assertEquals(FeatureName.Kind.FEATURE, CpuFeatures.resolve("B", "test").kind());
        assertEquals("beta", CpuFeatures.resolve(" B ", "test").canonical());
        assertEquals(FeatureName.Kind.POLICY, CpuFeatures.resolve("SLOW-WIDE", "test").kind());
        FeatureName group = CpuFeatures.resolve("fake_all", "test");
        assertEquals(FeatureName.Kind.GROUP, group.kind());
        assertEquals(List.of("beta", "gamma"), group.members());
        assertEquals(FeatureName.Kind.JVM, CpuFeatures.resolve("JVM.Vector512", "test").kind());
        assertEquals(List.of(), CpuFeatures.resolve("jvm.vector512", "test").architectures(), "a core gate is every arch's");
        assertEquals(List.of("fake"), CpuFeatures.resolve("jvm.fake_bmi2", "test").architectures());
    }

    @Test
    void anUnknownNameGetsSuggestionsAndWhatIsAccepted() {
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class, () -> CpuFeatures.resolve("gama", "here"));
        assertEquals("gamma", e.suggestions().get(0));
        assertTrue(e.getMessage().startsWith("unknown feature 'gama' in here; did you mean gamma"), e.getMessage());
        assertTrue(e.getMessage().contains("Accepted: fake names (alpha, beta) and aliases (b)"), e.getMessage());
    }

    @Test
    void aSpellingMeansOneThingOnEveryArchitecture() {
        Vocabulary shared = new Vocabulary(JvmGate.CORE, List.of(vocabulary("one", Map.of("aes", List.of())),
                vocabulary("two", Map.of("aes", List.of()))));
        assertEquals(List.of("one", "two"), shared.resolve("aes", "test").architectures(), "one name, two architectures");
        IllegalStateException clash = assertThrows(IllegalStateException.class, () -> new Vocabulary(JvmGate.CORE,
                List.of(vocabulary("one", Map.of("sha_ni", List.of("sha"))), vocabulary("two", Map.of("sha2", List.of("sha"))))));
        assertTrue(clash.getMessage().contains("'sha'") && clash.getMessage().contains("sha_ni")
                && clash.getMessage().contains("sha2"), clash.getMessage());
    }

    /** {@code aes} of x86 and of AArch64 is one name, but each architecture's JIT has its own gates beside it. */
    @Test
    void aSharedNameHasEachArchitecturesOwnJitGates() {
        Vocabulary shared = new Vocabulary(JvmGate.CORE, List.of(
                vocabulary("one", Map.of("aes", List.of())),
                vocabulary("two", Map.of("aes", List.of()), List.of(JvmGate.enabled("jvm.two_aes", "UseAESIntrinsics")),
                        Map.of("aes", List.of("jvm.two_aes")))));
        assertEquals(List.of(), shared.jvmGatesOf("one", "aes"));
        assertEquals(List.of("jvm.two_aes"), shared.jvmGatesOf("two", "aes"));
        assertEquals(List.of(), shared.jvmGatesOf("three", "aes"), "an architecture no module has");
    }

    @Test
    void aGroupHoldsWhenAllItsMembersDoAndItsReasonsNameTheMissingOnes() {
        CpuFeatures f = CpuFeatures.probe(ProbeSettings.none());
        assertTrue(f.has("fake-all"));
        CpuFeatures noBeta = f.without(List.of("beta"));
        assertFalse(noBeta.has("fake-all"));
        assertEquals(List.of("beta: disabled by cpufeatures.disable", "gamma: gamma <- beta"),
                noBeta.reasons("fake-all").stream().map(Reason::detail).toList());
        GroupTrace t = (GroupTrace) noBeta.trace("fake-all").orElseThrow();
        assertFalse(t.holds());
        assertEquals(List.of("beta", "gamma"), t.members().stream().map(NameCheck::name).toList());
        assertFalse(f.without(List.of("fake-all")).has("gamma"), "disabling a group disables its members");
    }

    @Test
    void aFeatureTraceGetsTheJitGatesItsVocabularyNames() {
        CpuFeatures f = CpuFeatures.probe(ProbeSettings.none()).withJvm(JvmView.of("test",
                Map.of("UseBMI2Instructions", "false", "MaxVectorSize", "64"), true, OptionalInt.of(512)));
        FeatureTrace beta = (FeatureTrace) f.trace("b").orElseThrow();
        assertEquals("beta", beta.name());
        assertEquals(List.of("jvm.fake_bmi2", "jvm.vector256"), beta.jvm().stream().map(NameCheck::name).toList());
        assertFalse(beta.jvm().get(0).holds());
        assertEquals("UseBMI2Instructions=false", beta.jvm().get(0).reason().orElseThrow().detail());
        assertTrue(beta.jvm().get(1).holds());
        assertTrue(f.trace("slow_wide").orElseThrow() instanceof PolicyTrace);
        JvmTrace jvm = (JvmTrace) f.trace("jvm.fake_bmi2").orElseThrow();
        assertFalse(jvm.holds());
        assertEquals("test", jvm.vm());
    }

    @Test
    void aMachineWithoutItsModuleSaysWhichToAdd() {
        String arch = System.getProperty("os.arch");
        try {
            System.setProperty("os.arch", "riscv64");
            assertTrue(io.cpufeatures.core.internal.Architectures.missingModule("riscv64").isEmpty(),
                    "the fake module runs everywhere");
        } finally {
            System.setProperty("os.arch", arch);
        }
    }
}
