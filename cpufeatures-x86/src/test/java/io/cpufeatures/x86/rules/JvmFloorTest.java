package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.rules.X86Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.kit.JvmFloor;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The floor on x86: what HotSpot's flags show it enabled, the psABI baseline, and everything else unknown, with why. */
class JvmFloorTest {

    private static final X86Architecture X86 = X86Architecture.INSTANCE;

    private static JvmFloor floor(Map<String, String> flags) {
        java.util.Set<String> baseline = new java.util.LinkedHashSet<>();
        X86.baseline().forEach(f -> baseline.add(f.canonicalName()));
        return JvmFloor.of("x86_64", X86.vocabulary(), baseline, JvmView.of("HotSpot", flags, false, OptionalInt.empty()));
    }

    private static Map<String, String> haswellFlags() {
        Map<String, String> f = new HashMap<>();
        f.put("UseAVX", "2");
        f.put("UseSSE", "4");
        f.put("UseBMI1Instructions", "true");
        f.put("UseBMI2Instructions", "false");
        f.put("UseFMA", "true");
        f.put("UsePopCountInstruction", "true");
        f.put("UseCountLeadingZerosInstruction", "true");
        f.put("MaxVectorSize", "32");
        return f;
    }

    @Test
    void whatTheFlagsShowIsUsableAndTheBaselineAlways() {
        JvmFloor f = floor(haswellFlags());
        for (String known : new String[] {"sse", "sse2", "cmov", "cx8", "lm", "avx", "avx2", "sse4_2", "fma", "popcnt",
            "bmi1", "abm"}) {
            assertTrue(f.usableNames().contains(known), known + " " + f.usableNames());
        }
        assertEquals(f.usableNames(), f.presentNames(), "present is all the floor knows");
        assertTrue(f.basis("avx2").orElseThrow().contains("UseAVX=2"), f.basis("avx2").orElseThrow());
        assertTrue(f.basis("sse2").orElseThrow().contains("every x86_64 CPU has it"));
    }

    @Test
    void everythingElseIsUnknownNeverAbsentAndSaysWhichFlag() {
        JvmFloor f = floor(haswellFlags());
        assertFalse(f.usableNames().contains("avx512f"));
        assertEquals(ReasonKind.JVM, f.reasons("avx512f").get(0).kind());
        assertTrue(f.reasons("avx512f").get(0).detail().startsWith("unknown:") && f.reasons("avx512f").get(0).detail()
                .contains("UseAVX=2"), f.reasons("avx512f").toString());
        assertTrue(f.reasons("bmi2").get(0).detail().contains("UseBMI2Instructions=false"), f.reasons("bmi2").toString());
        assertTrue(f.reasons("adx").get(0).detail().contains("does not cover adx"), f.reasons("adx").toString());
        assertTrue(f.notUsableByName().isEmpty(), "nothing is known present yet unusable");
    }

    @Test
    void withoutFlagsOnlyTheBaselineAndDisablingIsSaid() {
        JvmFloor bare = floor(Map.of());
        assertEquals(List.of("fpu", "cx8", "cmov", "mmx", "fxsr", "sse", "sse2", "lm"), List.copyOf(bare.usableNames()));
        JvmFloor less = (JvmFloor) floor(haswellFlags()).without(Set.of("avx2"));
        assertFalse(less.usableNames().contains("avx2"));
        assertEquals(ReasonKind.DISABLED, less.reasons("avx2").get(0).kind());
    }
}
