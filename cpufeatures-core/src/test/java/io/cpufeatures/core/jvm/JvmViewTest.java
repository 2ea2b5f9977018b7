package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.testing.EqualsTester;
import io.cpufeatures.core.ReasonKind;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class JvmViewTest {

    private static Map<String, String> avx512Flags() {
        Map<String, String> f = new HashMap<>();
        f.put("UseAVX", "3");
        f.put("UseSSE", "4");
        f.put("MaxVectorSize", "64");
        f.put("UseBMI1Instructions", "true");
        f.put("UseBMI2Instructions", "true");
        f.put("UseFMA", "true");
        f.put("UseCompiler", "true");
        f.put("TieredStopAtLevel", "4");
        return f;
    }

    @Test
    void aWideJitWithTheVectorApiCompilesEveryWidth() {
        JvmView v = JvmView.of("HotSpot", avx512Flags(), true, OptionalInt.of(512));
        for (String n : new String[] {"jvm.vector_api", "jvm.vector128", "jvm.vector256", "jvm.vector512",
            "jvm.vector256_float", "jvm.vector512_float", "jvm.fake_level3", "jvm.fake_bmi2"}) {
            assertTrue(v.has(n), n + " " + v.reasons(n));
        }
        assertEquals(List.of("jvm.vector_api", "jvm.vector128", "jvm.vector256", "jvm.vector512", "jvm.vector256_float",
                "jvm.vector512_float", "jvm.fake_level3", "jvm.fake_bmi2"), v.names(), "the core's gates, then the modules'");
    }

    @Test
    void maxVectorSize32CapsTheVectorApiAt256Bits() {
        Map<String, String> f = avx512Flags();
        f.put("MaxVectorSize", "32");
        f.put("UseAVX", "2");
        JvmView v = JvmView.of("HotSpot", f, true, OptionalInt.of(256));
        assertTrue(v.has("jvm.vector256"));
        assertFalse(v.has("jvm.vector512"));
        assertEquals("MaxVectorSize=32: the JIT compiles vectors up to 256 bits", v.reasons("jvm.vector512").get(0).detail());
        assertEquals("UseAVX=2", v.reasons("jvm.fake_level3").get(0).detail(), "an integer flag below its minimum");
    }

    @Test
    void withoutTheModuleTheHintSaysWhatToAdd() {
        JvmView v = JvmView.of("HotSpot", avx512Flags(), false, OptionalInt.empty());
        assertFalse(v.has("jvm.vector_api"));
        assertEquals(ReasonKind.JVM, v.reasons("jvm.vector512").get(0).kind());
        assertTrue(v.reasons("jvm.vector512").get(0).detail().contains("--add-modules jdk.incubator.vector"));
        assertTrue(v.has("jvm.fake_bmi2"), "flag-based features do not need the module");
    }

    @Test
    void assumingTheVectorApiGivesWhatTheFlagsDecideAndKeepsWhatWasDisabled() {
        // The derivation follows this JVM's os.arch, whose module here is the fake: every lane at MaxVectorSize.
        Map<String, String> f = avx512Flags();
        f.put("UseAVX", "2");
        f.put("UseSVE", "1");
        f.put("MaxVectorSize", "32");
        JvmView without = JvmView.of("HotSpot", f, false, OptionalInt.empty());
        assertFalse(without.has("jvm.vector256"));
        JvmView assumed = without.assumingVectorApi();
        assertTrue(assumed.vectorApiReadable() && assumed.vectorApiAssumed());
        assertEquals(without.derivedVectorBits(), assumed.preferredVectorBits());
        assertEquals(OptionalInt.of(256), assumed.derivedVectorBits(), "MaxVectorSize=32: 256 bits");
        assertTrue(assumed.has("jvm.vector_api") && assumed.has("jvm.vector256"), assumed.toString());
        assertFalse(assumed.has("jvm.vector512"), "MaxVectorSize=32 still caps it");
        JvmView disabled = without.without(java.util.Set.of("jvm.vector256")).assumingVectorApi();
        assertEquals(ReasonKind.DISABLED, disabled.reasons("jvm.vector256").get(0).kind(), "a user's disable stays");
        JvmView real = JvmView.of("HotSpot", f, true, OptionalInt.of(256));
        assertSame(real, real.assumingVectorApi(), "a readable module is never assumed over");
    }

    @Test
    void interpreterOnlyOrC1OnlyNeverCompilesVectors() {
        Map<String, String> xint = avx512Flags();
        xint.put("UseCompiler", "false");
        assertTrue(JvmView.of("HotSpot", xint, true, OptionalInt.of(512)).reasons("jvm.vector128").get(0).detail()
                .contains("-Xint"));
        Map<String, String> c1 = avx512Flags();
        c1.put("TieredStopAtLevel", "1");
        assertTrue(JvmView.of("HotSpot", c1, true, OptionalInt.of(512)).reasons("jvm.vector256").get(0).detail()
                .contains("TieredStopAtLevel=1"));
    }

    @Test
    void offHotSpotFlagFeaturesAreFalseWithThatReason() {
        JvmView v = JvmView.of("Eclipse OpenJ9 VM", Map.of(), true, OptionalInt.of(256));
        assertFalse(v.isHotSpot());
        assertFalse(v.has("jvm.fake_bmi2"));
        assertTrue(v.reasons("jvm.fake_bmi2").get(0).detail().startsWith("HotSpot flags unreadable on Eclipse OpenJ9 VM"));
        assertTrue(v.has("jvm.vector256"), "the preferred species stands in for MaxVectorSize");
        assertFalse(v.has("jvm.vector512"));
    }

    @Test
    void disablingAJvmFeatureSaysSoAndUnknownNamesAreRefused() {
        JvmView v = JvmView.of("HotSpot", avx512Flags(), true, OptionalInt.of(512)).without(java.util.Set.of("jvm.vector512"));
        assertFalse(v.has("jvm.vector512"));
        assertEquals(ReasonKind.DISABLED, v.reasons("jvm.vector512").get(0).kind());
        assertThrows(IllegalArgumentException.class, () -> v.has("jvm.avx1024"));
    }

    @Test
    void aBooleanFlagThatIsOffOrMissingRefusesItsGate() {
        Map<String, String> f = avx512Flags();
        f.put("UseBMI2Instructions", "false");
        assertEquals("UseBMI2Instructions=false", JvmView.of("HotSpot", f, true, OptionalInt.of(512))
                .reasons("jvm.fake_bmi2").get(0).detail());
        f.remove("UseBMI2Instructions");
        assertEquals("HotSpot flag UseBMI2Instructions does not exist on this JVM or platform",
                JvmView.of("HotSpot", f, true, OptionalInt.of(512)).reasons("jvm.fake_bmi2").get(0).detail());
    }

    @Test
    void gatesAreNamedJvmDotLowerCaseWords() {
        for (String bad : new String[] {"vector512", "jvm.Vector512", "jvm.", "jvm.a-b"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> JvmGate.atLeast(bad, "F", 1));
            assertTrue(e.getMessage().contains("'" + bad + "'"), e.getMessage());
        }
    }

    @Test
    void theRunningJvmIsReadWhenAsked() {
        JvmView v = JvmView.current();
        if (v.isHotSpot()) {
            assertTrue(v.flag("MaxVectorSize").isPresent(), v.toString());
        }
        assertEquals(v.vectorApiReadable(), ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent());
    }

    @Test
    void gatesAreEqualExactlyWhenTheirNamesAndRulesAre() {
        new EqualsTester()
                .addEqualityGroup(JvmGate.enabled("jvm.aes", "UseAES"), JvmGate.enabled("jvm.aes", "UseAES"))
                .addEqualityGroup(JvmGate.enabled("jvm.aes", "UseAESIntrinsics"))
                .addEqualityGroup(JvmGate.enabled("jvm.sha", "UseAES"))
                .addEqualityGroup(JvmGate.atLeast("jvm.aes", "UseAES", 1), JvmGate.atLeast("jvm.aes", "UseAES", 1))
                .addEqualityGroup(JvmGate.atLeast("jvm.aes", "UseAES", 2))
                .addEqualityGroup(new JvmGate("jvm.aes", new JvmGate.VectorBits(128)),
                        new JvmGate("jvm.aes", new JvmGate.VectorBits(128)))
                .addEqualityGroup(new JvmGate("jvm.aes", new JvmGate.VectorBits(256)),
                        new JvmGate("jvm.aes", new JvmGate.VectorBits(256, LaneType.ALL)))
                .addEqualityGroup(new JvmGate("jvm.aes", new JvmGate.VectorBits(256, LaneType.FLOATING_POINT)))
                .addEqualityGroup(new JvmGate("jvm.aes", new JvmGate.VectorApi()), new JvmGate("jvm.aes", new JvmGate.VectorApi()))
                .testEquals();
    }

    @Test
    void theWidthGatesSayWhichLaneTypesTheyHoldFor() {
        Map<String, JvmGate.VectorBits> rules = new HashMap<>();
        for (JvmGate g : JvmGate.CORE) {
            if (g.rule() instanceof JvmGate.VectorBits v) {
                rules.put(g.name(), v);
            }
        }
        assertEquals(LaneType.ALL, rules.get("jvm.vector256").lanes());
        assertEquals(LaneType.FLOATING_POINT, rules.get("jvm.vector512_float").lanes());
        assertEquals(512, rules.get("jvm.vector512_float").bits());
        assertEquals("byte, short, int, long, float and double", LaneType.describe(LaneType.ALL));
        assertEquals("float and double", LaneType.describe(LaneType.FLOATING_POINT));
        assertThrows(IllegalArgumentException.class, () -> new JvmGate.VectorBits(256, List.of()));
    }

    @Test
    void offHotSpotTheReasonSaysWhichLanesFallShortAndWhatEachGateNeeds() {
        // no flags: nothing derives, and the preferred size given stands in for each lane type
        JvmView v = JvmView.of("Eclipse OpenJ9 VM", Map.of(), true, OptionalInt.of(256));
        assertTrue(v.has("jvm.vector256_float"));
        assertEquals("the JIT compiles float and double vectors up to 256 bits (as the Vector API reports);"
                + " jvm.vector512_float needs 512 bits for float and double", v.reasons("jvm.vector512_float").get(0)
                .detail());
        assertTrue(v.reasons("jvm.vector512").get(0).detail().endsWith(
                "jvm.vector512 needs 512 bits for byte, short, int, long, float and double"), v.reasons("jvm.vector512")
                .toString());
    }
}
