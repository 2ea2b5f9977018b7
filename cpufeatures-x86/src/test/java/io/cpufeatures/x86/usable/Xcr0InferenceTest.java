package io.cpufeatures.x86.usable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.raw.Xcr0Source;
import io.cpufeatures.x86.testing.SyntheticCpu;
import org.junit.jupiter.api.Test;

class Xcr0InferenceTest {

    private static SyntheticCpu skylakeSp() {
        return SyntheticCpu.intel(6, 0x55, 4).with(X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.AVX,
                X86Feature.AVX512F);
    }

    @Test
    void anXgetbvValueIsTakenAsIs() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().xsave(0x2ff, 0x2ff).xgetbv(0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertEquals(Xcr0Source.XGETBV, s.source());
    }

    @Test
    void enabledSizeEqualToTheMaximumMeansEverySupportedComponentIsEnabled() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().xsave(0x2ff, 0x2ff).zeroXsaveSubleaves().build());
        assertEquals(Xcr0Source.INFERRED_FROM_LEAF_0xD, s.source());
        assertEquals(0x2ff, s.value().getAsLong());
        assertEquals(0, s.undetermined());
    }

    @Test
    void componentsEndingBeyondTheEnabledSizeAreNotEnabled() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().xsave(0x2ff, 0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertFalse(s.enables(0xE7));
        assertTrue(s.enables(0x7));
    }

    @Test
    void onlyTheLegacyAreaMeansOnlyX87AndSse() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().xsave(0x7, 0x3).build());
        assertEquals(0x3, s.value().getAsLong());
    }

    @Test
    void aZeroSubleafIsNoProofEitherWayButAvxHasItsFixedPlace() {
        // Enabled: x87, SSE, AVX and AVX-512 (end 2688) but not PKRU (2688..2696); subleaves read zero.
        Xcr0State s = Xcr0Inference.of(skylakeSp().xsave(0x2e7, 0xe7).zeroXsaveSubleaves().build());
        assertEquals(0x7, s.value().getAsLong(), "only AVX's place is known without subleaves");
        assertEquals(0x2e0, s.undetermined());
        assertTrue(s.describe().contains("undetermined"), s.describe());
    }

    @Test
    void withoutOsxsaveXcr0IsNotReadable() {
        Xcr0State s = Xcr0Inference.of(SyntheticCpu.intel(6, 0x3c, 3).with(X86Feature.XSAVE, X86Feature.AVX)
                .xsave(0x7, 0x7).build());
        assertFalse(s.osxsave());
        assertTrue(s.value().isEmpty());
        assertEquals(Xcr0Source.UNKNOWN, s.source());
    }

    @Test
    void withoutLeaf0xDXcr0IsUnknown() {
        Xcr0State s = Xcr0Inference.of(SyntheticCpu.intel(6, 0x3c, 3).with(X86Feature.XSAVE, X86Feature.OSXSAVE).build());
        assertTrue(s.osxsave());
        assertTrue(s.value().isEmpty());
    }
}
