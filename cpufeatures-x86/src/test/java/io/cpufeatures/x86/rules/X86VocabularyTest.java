package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.X86Feature;

import io.cpufeatures.x86.table.PsAbiLevel;

import io.cpufeatures.x86.rules.X86DecodedCpu;

import io.cpufeatures.x86.rules.X86JvmGates;

import io.cpufeatures.x86.rules.X86Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.FeatureName;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.PolicyRule;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The x86 vocabulary: groups derived from the psABI table, and the JIT gates as one table. */
class X86VocabularyTest {

    @Test
    void everyPsAbiGroupIsItsLevelWithEveryLevelBelow() {
        List<String> cumulative = new ArrayList<>();
        for (PsAbiLevel level : PsAbiLevel.values()) {
            if (level == PsAbiLevel.NONE) {
                continue;
            }
            level.adds().forEach(f -> cumulative.add(f.canonicalName()));
            FeatureName group = CpuFeatures.resolve(level.id(), "test");
            assertEquals(FeatureName.Kind.GROUP, group.kind());
            assertEquals(cumulative, group.members(), level.id());
        }
        assertTrue(CpuFeatures.resolve("x86-64-v1", "test").members().containsAll(List.of("lm", "cmov", "sse2")),
                "v1's baseline is part of every group");
    }

    @Test
    void aCpuHoldsALevelGroupExactlyWhenItsLevelIsThatHigh() {
        for (CpuFeatures cpu : List.of(ReferenceCpus.core2().decode(), ReferenceCpus.skylakePentium().decode(),
                ReferenceCpus.haswell().decode(), ReferenceCpus.zen4().decode(), ReferenceCpus.zen4().osEnabled(0x7).decode())) {
            PsAbiLevel level = cpu.unwrap(X86DecodedCpu.class).orElseThrow().level();
            for (PsAbiLevel l : PsAbiLevel.values()) {
                if (l != PsAbiLevel.NONE) {
                    assertEquals(level.compareTo(l) >= 0, cpu.has(l.id()), cpu.identity() + " " + l);
                }
            }
        }
    }

    @Test
    void theX86JitGatesReadHotSpotsFlags() {
        Map<String, String> flags = new HashMap<>(Map.of("UseAVX", "2", "UseSSE", "4", "MaxVectorSize", "32",
                "UseBMI2Instructions", "true", "UseBMI1Instructions", "false", "UseCompiler", "true"));
        JvmView v = JvmView.of("HotSpot", flags, true, OptionalInt.of(256));
        assertTrue(v.has("jvm.avx2"));
        assertFalse(v.has("jvm.avx512"));
        assertEquals("UseAVX=2", v.reasons("jvm.avx512").get(0).detail());
        assertTrue(v.has("jvm.sse4_2"));
        assertTrue(v.has("jvm.bmi2"));
        assertEquals("UseBMI1Instructions=false", v.reasons("jvm.bmi1").get(0).detail());
        assertEquals("HotSpot flag UseFMA does not exist on this JVM or platform", v.reasons("jvm.fma").get(0).detail());
        assertEquals(List.of("jvm.vector_api", "jvm.vector128", "jvm.vector256", "jvm.vector512", "jvm.vector256_float",
                "jvm.vector512_float", "jvm.avx", "jvm.avx2",
                "jvm.avx512", "jvm.sse4_2", "jvm.bmi1", "jvm.bmi2", "jvm.fma", "jvm.popcnt", "jvm.lzcnt", "jvm.tzcnt"), v.names());
    }

    @Test
    void everyGateAFeatureNamesExistsAndEveryFeatureNamedIsInTheTable() {
        List<String> gates = JvmView.of("HotSpot", Map.of(), false, OptionalInt.empty()).names();
        X86JvmGates.byFeature().forEach((feature, names) -> {
            assertTrue(gates.containsAll(names), feature + " " + names);
            assertEquals(FeatureName.Kind.FEATURE, CpuFeatures.resolve(feature.canonicalName(), "test").kind());
        });
        assertTrue(X86JvmGates.byFeature().containsKey(X86Feature.AVX2));
    }

    @Test
    void theVocabularysPolicyFlagsAreThePolicyTablesInOrder() {
        // The vocabulary names the flags from PolicyFlag so that it is built without the policy table's predicates.
        assertEquals(X86Architecture.INSTANCE.policies().stream().map(PolicyRule::flag).toList(), X86Architecture.INSTANCE.vocabulary().policyFlags());
    }
}
