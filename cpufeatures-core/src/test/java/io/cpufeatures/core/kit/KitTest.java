package io.cpufeatures.core.kit;

import static io.cpufeatures.core.kit.ToyArchitecture.Toy.BASE;
import static io.cpufeatures.core.kit.ToyArchitecture.Toy.CRYPT;
import static io.cpufeatures.core.kit.ToyArchitecture.Toy.SOLO;
import static io.cpufeatures.core.kit.ToyArchitecture.Toy.VEC;
import static io.cpufeatures.core.kit.ToyArchitecture.Toy.WIDE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.testing.NullPointerTester;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.jvm.JvmGate;
import io.cpufeatures.core.kit.ToyArchitecture.Toy;
import io.cpufeatures.core.kit.ToyArchitecture.ToyCpu;
import io.cpufeatures.core.kit.ToyArchitecture.ToyInfo;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.core.trace.ErratumCheck;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.Link;
import io.cpufeatures.core.trace.PolicyCheck;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Verdict;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The kit through a whole toy architecture: tables, the usable layer, traces, the facade's view, the vocabulary. */
class KitTest {

    private static final Set<Toy> ALL = EnumSet.allOf(Toy.class);

    private static ToyInfo toy(Set<Toy> bits, boolean vectorState, int model) {
        return ToyArchitecture.INSTANCE.decode(new ToyCpu(bits, vectorState, model), Set.of());
    }

    @Test
    void aTableRefusesTwoFeaturesOfOneNameAndAFamilyItDoesNotList() {
        IllegalStateException family = assertThrows(IllegalStateException.class,
                () -> FeatureTable.of(Toy.class, "a toy", List.of("core", "vector")));
        assertEquals("crypt: family 'crypto' is not one of [core, vector]", family.getMessage());
        assertEquals(Optional.of(VEC), ToyArchitecture.FEATURES.byCanonical("vec"));
        assertEquals(Optional.empty(), ToyArchitecture.FEATURES.byCanonical("simd"), "an alias is not a canonical name");
        assertEquals(List.of("base", "vec", "crypt"), List.copyOf(ToyArchitecture.FEATURES.names(Set.of(CRYPT, VEC, BASE))),
                "names come in table order");
        assertEquals(List.of(new CpuDescription.FeatureGroup("core", List.of("base", "solo")),
                new CpuDescription.FeatureGroup("crypto", List.of("crypt"))),
                ToyArchitecture.FEATURES.byFamily(EnumSet.of(SOLO, CRYPT, BASE)));
    }

    @Test
    void theDependencyTableIsClosedOnceAndACycleIsRefusedByName() {
        DependencyTable<Toy> d = ToyArchitecture.DEPENDENCIES;
        assertEquals(List.of(VEC), d.direct(WIDE));
        assertEquals(Set.of(VEC, BASE), d.closureOf(WIDE));
        assertEquals(Set.of(), d.closureOf(SOLO));
        assertTrue(d.closureWithin(WIDE, EnumSet.of(VEC, BASE)));
        assertFalse(d.closureWithin(WIDE, EnumSet.of(VEC)));
        IllegalStateException cycle = assertThrows(IllegalStateException.class, () -> DependencyTable.of(
                ToyArchitecture.FEATURES, List.of(DependencyRule.of(ToyArchitecture.MANUAL, BASE, WIDE),
                        DependencyRule.of(ToyArchitecture.MANUAL, WIDE, BASE))));
        assertEquals("dependency cycle through base", cycle.getMessage());
        DependencyTable<Toy> twice = DependencyTable.of(ToyArchitecture.FEATURES, List.of(
                DependencyRule.of(ToyArchitecture.MANUAL, WIDE, VEC), DependencyRule.ours(WIDE, VEC, "again")));
        assertEquals(List.of(VEC), twice.direct(WIDE), "two rows of one pair give one dependency");
        assertEquals(2, twice.rows().size());
    }

    @Test
    void aRuleOfOurOwnSaysWhyAndOneFromElsewhereDoesNot() {
        assertThrows(IllegalArgumentException.class, () -> DependencyRule.ours(WIDE, VEC, ""));
        assertThrows(IllegalArgumentException.class, () -> new DependencyRule<>(WIDE, VEC, ToyArchitecture.MANUAL, "why"));
        IllegalArgumentException self = assertThrows(IllegalArgumentException.class,
                () -> DependencyRule.of(ToyArchitecture.MANUAL, VEC, VEC));
        assertEquals("vec cannot depend on itself", self.getMessage());
        assertThrows(IllegalArgumentException.class, () -> RuleOrigin.from(" "));
        assertThrows(IllegalArgumentException.class, () -> new Erratum<Toy, ToyCpu>("E", Set.of(), "x", "y", c -> true));
    }

    @Test
    void everythingPresentIsUsableWhenEveryCheckPasses() {
        TableDecoding<Toy, ToyCpu> d = toy(ALL, true, 1);
        assertEquals(ALL, d.usable());
        assertEquals(Map.of(), d.notUsable());
        assertEquals(Set.of(), d.policyFlags());
    }

    @Test
    void ownReasonsComeInOrderThenTheDependencyChainWithItsRootsReason() {
        ToyInfo info = ToyArchitecture.INSTANCE.decode(new ToyCpu(ALL, false, 7), EnumSet.of(WIDE));
        TableDecoding<Toy, ToyCpu> d = info;
        assertEquals(EnumSet.of(BASE, SOLO), d.usable());
        assertEquals(List.of(TableDecoding.DISABLED, new Reason(ReasonKind.OS_SUPPORT, "the OS left vector state off"),
                new Reason(ReasonKind.DEPENDENCY, "wide <- vec: vec os: the OS left vector state off")), d.reasons(WIDE),
                "the user's mask, then the architecture's check, then the chain");
        assertEquals(List.of(ToyArchitecture.BROKEN_CRYPT.reason()), d.reasons(CRYPT));
        assertEquals("TOY-7: crypt returns garbage (toy errata sheet)", d.reasons(CRYPT).get(0).detail());
        assertEquals(List.of(), d.reasons(BASE));
        assertEquals(Set.of(WIDE), d.disabled());
    }

    @Test
    void aChainEndsAtTheFirstFeatureThatIsNotPresent() {
        TableDecoding<Toy, ToyCpu> d = toy(EnumSet.of(VEC, WIDE), true, 1);
        assertEquals(List.of(new Reason(ReasonKind.DEPENDENCY, "wide <- vec <- base: base not present")), d.reasons(WIDE));
        assertEquals(List.of(new Reason(ReasonKind.DEPENDENCY, "vec <- base: base not present")), d.reasons(VEC));
        assertEquals(Optional.of(BASE), ToyArchitecture.DEPENDENCIES.chain(WIDE, d.usable(), d.present())
                .map(DependencyChain::root));
        assertEquals(Optional.empty(), ToyArchitecture.DEPENDENCIES.chain(SOLO, d.usable(), d.present()));
    }

    @Test
    void aPolicyNeverRemovesUsability() {
        TableDecoding<Toy, ToyCpu> d = toy(ALL, true, 9);
        assertEquals(Set.of("prefer_narrow"), d.policyFlags());
        assertEquals(ALL, d.usable());
    }

    @Test
    void aFeatureTraceReadsTheRowsTheDecoderApplied() {
        ToyInfo info = ToyArchitecture.INSTANCE.decode(new ToyCpu(ALL, false, 7), EnumSet.of(WIDE));
        FeatureTrace t = Traces.feature(info, WIDE);
        assertEquals("wide", t.name());
        assertEquals("vector", t.family());
        assertEquals("bit 2 set", t.presence().text());
        assertFalse(t.osState().holds());
        assertEquals(List.of(new Link("vec", Verdict.NOT_USABLE, Optional.of(new Reason(ReasonKind.OS_SUPPORT,
                "the OS left vector state off")))), t.dependsOn());
        assertEquals(List.of(new Link("base", Verdict.USABLE, Optional.empty())), t.indirectly());
        assertTrue(t.disabled());
        assertEquals(List.of(new PolicyCheck("prefer_narrow", false, "prefer narrow code")), t.policies());
        assertEquals(Verdict.NOT_USABLE, t.verdict());
        assertEquals(Optional.of("vec"), t.root());
        FeatureTrace crypt = Traces.feature(info, CRYPT);
        assertEquals(List.of(new ErratumCheck("TOY-7", true, "crypt returns garbage", "toy errata sheet")), crypt.errata());
        FeatureTrace absent = Traces.feature(toy(Set.of(), true, 1), SOLO);
        assertEquals(Verdict.NOT_PRESENT, absent.verdict());
        assertEquals(List.of(), absent.reasons());
        PolicyTrace p = Traces.policy(toy(ALL, true, 9), ToyArchitecture.PREFER_NARROW);
        assertTrue(p.holds());
        assertEquals(Optional.of("toy model 9"), p.cpu());
    }

    @Test
    void theFacadesViewNamesEveryAnswerCanonically() {
        DecodedCpu f = toy(EnumSet.of(BASE, VEC, WIDE), false, 1);
        assertEquals("toy", f.architecture());
        assertEquals(List.of("base", "vec", "wide"), List.copyOf(f.presentNames()));
        assertEquals(Set.of("base"), f.usableNames());
        assertEquals(List.of("vec", "wide"), List.copyOf(f.notUsableByName().keySet()));
        assertEquals(List.of(), f.reasons("base"));
        assertEquals(List.of(new Reason(ReasonKind.NOT_PRESENT, "the toy does not report bit 3")), f.reasons("crypt"));
        assertEquals(List.of(new Reason(ReasonKind.NOT_PRESENT, "'avx2' is not a toy feature")), f.reasons("avx2"));
        assertEquals(List.of(new Reason(ReasonKind.NOT_PRESENT, "prefer_narrow applies only to model 9")),
                f.reasons("prefer_narrow"));
        assertTrue(f.trace("prefer_narrow").orElseThrow() instanceof PolicyTrace);
        assertTrue(f.trace("wide").orElseThrow() instanceof FeatureTrace);
        assertEquals(Optional.empty(), f.trace("avx2"));
        DecodedCpu fewer = f.without(Set.of("base"));
        assertEquals(Set.of(), fewer.usableNames());
        assertEquals(List.of(TableDecoding.DISABLED), fewer.reasons("base"));
        assertEquals(Set.of("base"), f.usableNames(), "without() leaves the original as it was");
        assertEquals(Set.of(), fewer.without(Set.of("vec")).usableNames(), "what was disabled stays disabled");
        assertEquals(Map.of("toyModel", "1"), f.identityFacts());
        assertEquals("toy 1", f.describe(4).summary());
    }

    @Test
    void everyPublicConstructorAndStaticMethodOfTheKitRefusesNull() {
        ToyInfo info = toy(ALL, true, 1);
        NullPointerTester tester = new NullPointerTester()
                .setDefault(Enum.class, VEC)
                .setDefault(FeatureRow.class, VEC)
                .setDefault(Class.class, Toy.class)
                .setDefault(FeatureTable.class, ToyArchitecture.FEATURES)
                .setDefault(RuleOrigin.class, ToyArchitecture.MANUAL)
                .setDefault(Architecture.class, ToyArchitecture.INSTANCE)
                .setDefault(TableDecoding.class, info)
                .setDefault(PolicyRule.class, ToyArchitecture.PREFER_NARROW)
                .setDefault(EnumSet.class, EnumSet.of(BASE))
                .setDefault(Object.class, info);
        for (Class<?> type : List.of(FeatureTable.class, RuleOrigin.class, DependencyRule.class, DependencyTable.class,
                DependencyChain.class, Erratum.class, PolicyRule.class, TableDecoding.class,
                Vocabularies.class)) {
            tester.testAllPublicConstructors(type);
            tester.testAllPublicStaticMethods(type);
        }
        tester.testAllPublicInstanceMethods(ToyArchitecture.FEATURES);
        tester.testAllPublicInstanceMethods(ToyArchitecture.DEPENDENCIES);
    }

    @Test
    void theVocabularyComesFromTheTables() {
        FeatureVocabulary v = Vocabularies.of("toy", ToyArchitecture.FEATURES, List.of("prefer_narrow"), ToyArchitecture.groups(),
                List.of(JvmGate.enabled("jvm.toyvec", "UseToyVec")), Map.of(VEC, List.of("jvm.toyvec")), "toy names");
        assertEquals("toy", v.architecture());
        assertEquals(List.of("base", "vec", "wide", "crypt", "solo"), List.copyOf(v.features().keySet()), "table order");
        assertEquals(List.of("simd"), v.features().get("vec"));
        assertEquals(List.of("prefer_narrow"), v.policyFlags());
        assertEquals(Map.of("vec", List.of("jvm.toyvec")), v.jvmGatesOf());
        assertEquals("toy names", v.acceptedNames());
    }

    @Test
    void aHexValueIsReadOnlyInTheFormItsKeyAccepts() {
        assertEquals(0x119ffbL, KeyValueDump.Key.hexValue("0x119ffb"));
        assertEquals(-1L, KeyValueDump.Key.hexValue("0xffffffffffffffff"));
        for (String bad : List.of("119ffb", "0x", "0x1g", "0x" + "1".repeat(17), " 0x1")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> KeyValueDump.Key.hexValue(bad));
            assertEquals("'" + bad + "' is not 0x and 1 to 16 hex digits", e.getMessage());
        }
    }
}
