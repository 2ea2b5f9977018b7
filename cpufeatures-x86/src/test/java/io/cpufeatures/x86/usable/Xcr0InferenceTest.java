package io.cpufeatures.x86.usable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.raw.CpuidSnapshot;
import io.cpufeatures.x86.raw.SnapshotSource;
import io.cpufeatures.x86.raw.Xcr0Source;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import org.junit.jupiter.api.Test;

class Xcr0InferenceTest {

    /** A Skylake-SP whose XCR0 is to be inferred from leaf 0xD, as in a dump. */
    private static EmulatedCpu.Builder skylakeSp() {
        return EmulatedCpu.intel(6, 0x55, 4).with(X86Feature.XSAVE, X86Feature.OSXSAVE, X86Feature.AVX,
                X86Feature.AVX512F).xcr0Unknown();
    }

    /** Leaves the (0xD, n) subleaf of every component of {@code mask} reading zero, as Zen 2 and 3 do for PKRU. */
    private static EmulatedCpu.Builder zeroSubleaves(EmulatedCpu.Builder cpu, long mask) {
        for (int c = 2; c < 64; c++) {
            if ((mask >>> c & 1) != 0) {
                cpu.leaf(0xD, c, 0, 0, 0, 0);
            }
        }
        return cpu;
    }

    @Test
    void anXgetbvValueIsTakenAsIs() {
        // Leaf 0xD says every supported component is enabled; XGETBV, which is the truth, says 0x7.
        Xcr0State s = Xcr0Inference.of(EmulatedCpu.intel(6, 0x55, 4).with(X86Feature.XSAVE, X86Feature.OSXSAVE,
                X86Feature.AVX, X86Feature.AVX512F).leaf(0xD, 0, 0x2ff, 2696, 2696, 0).osEnabled(0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertEquals(Xcr0Source.XGETBV, s.source());
    }

    @Test
    void enabledSizeEqualToTheMaximumMeansEverySupportedComponentIsEnabled() {
        Xcr0State s = Xcr0Inference.of(zeroSubleaves(skylakeSp().supportedState(0x2ff).osEnabled(0x2ff), 0x2ff).build());
        assertEquals(Xcr0Source.INFERRED_FROM_LEAF_0xD, s.source());
        assertEquals(0x2ff, s.value().getAsLong());
        assertEquals(0, s.undetermined());
    }

    @Test
    void componentsEndingBeyondTheEnabledSizeAreNotEnabled() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().supportedState(0x2ff).osEnabled(0x7).build());
        assertEquals(0x7, s.value().getAsLong());
        assertFalse(s.enables(0xE7));
        assertTrue(s.enables(0x7));
    }

    @Test
    void onlyTheLegacyAreaMeansOnlyX87AndSse() {
        Xcr0State s = Xcr0Inference.of(skylakeSp().supportedState(0x7).osEnabled(0x3).build());
        assertEquals(0x3, s.value().getAsLong());
    }

    @Test
    void aZeroSubleafIsNoProofEitherWayButAvxHasItsFixedPlace() {
        // Enabled: x87, SSE, AVX and AVX-512 (end 2688) but not PKRU (2688..2696); subleaves read zero.
        Xcr0State s = Xcr0Inference.of(zeroSubleaves(skylakeSp().supportedState(0x2e7).osEnabled(0xe7), 0x2e7).build());
        assertEquals(0x7, s.value().getAsLong(), "only AVX's place is known without subleaves");
        assertEquals(0x2e0, s.undetermined());
        assertTrue(s.describe().contains("undetermined"), s.describe());
    }

    @Test
    void withoutOsxsaveXcr0IsNotReadable() {
        Xcr0State s = Xcr0Inference.of(EmulatedCpu.intel(6, 0x3c, 3).with(X86Feature.XSAVE, X86Feature.AVX)
                .supportedState(0x7).osEnabled(0x7).build());
        assertFalse(s.osxsave());
        assertTrue(s.value().isEmpty());
        assertEquals(Xcr0Source.UNKNOWN, s.source());
    }

    @Test
    void withoutLeaf0xDXcr0IsUnknown() {
        CpuidSnapshot noLeaf0xD = CpuidSnapshot.builder(SnapshotSource.emulated("test"))
                .put(0, 0, 1, 0x756e6547, 0x6c65746e, 0x49656e69)
                .put(1, 0, 0x306c3, 0, 1 << 26 | 1 << 27, 0).build();
        Xcr0State s = Xcr0Inference.of(noLeaf0xD);
        assertTrue(s.osxsave());
        assertTrue(s.value().isEmpty());
    }
}
