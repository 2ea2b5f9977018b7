package io.cpufeatures.x86.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.Xcr0Source;
import org.junit.jupiter.api.Test;

/** The emulation API: what it builds decodes to what was described, and bad descriptions are refused. */
class EmulatedCpuTest {

    @Test
    void aDescribedCpuDecodesToItsIdentityFeaturesAndOsState() {
        CpuFeatures cpu = EmulatedCpu.intel(6, 0x55, 4).brand("Xeon test").features("x86-64-v4", "osxsave").decode();
        assertEquals(SourceKind.EMULATED, cpu.source().kind());
        assertEquals("Xeon test", cpu.identity().get("brand"));
        assertEquals("Skylake-SP", cpu.identity().get("microarchitecture"));
        assertEquals("x86-64-v4", cpu.identity().get("level"));
        assertTrue(cpu.has("avx512f") && cpu.has("prefer_ymm"));
        X86DecodedCpu info = cpu.unwrap(X86DecodedCpu.class).orElseThrow();
        assertEquals(Xcr0Source.XGETBV, info.xcr0().source());
        assertEquals(0xe7, info.xcr0().value().getAsLong());
        CpuFeatures ymmOnly = EmulatedCpu.intel(6, 0x55, 4).features("x86-64-v4", "osxsave").osEnabled(0x7).decode();
        assertFalse(ymmOnly.has("avx512f"));
        assertTrue(ymmOnly.has("avx2"));
        CpuFeatures inferred = EmulatedCpu.intel(6, 0x55, 4).features("x86-64-v4", "osxsave").osEnabled(0x7)
                .xcr0Unknown().decode();
        assertEquals(Xcr0Source.INFERRED_FROM_LEAF_0xD, inferred.unwrap(X86DecodedCpu.class).orElseThrow().xcr0().source());
        assertFalse(inferred.has("avx512f"), "leaf 0xD's enabled size tells the same story");
    }

    @Test
    void badDescriptionsAreRefusedSayingWhatIsAccepted() {
        IllegalArgumentException model = assertThrows(IllegalArgumentException.class, () -> EmulatedCpu.intel(5, 0x1f, 0));
        assertTrue(model.getMessage().contains("model 0..0xff (0..0xf below family 6)"), model.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EmulatedCpu.amd(0x19, 0x61, 16));
        assertThrows(IllegalArgumentException.class, () -> EmulatedCpu.of(X86Vendor.OTHER, 6, 1, 1));
        UnknownFeatureException typo = assertThrows(UnknownFeatureException.class,
                () -> EmulatedCpu.intel(6, 0x55, 4).features("avx512"));
        assertTrue(typo.getMessage().contains("EmulatedCpu.features") && typo.suggestions().contains("avx512f"),
                typo.getMessage());
        IllegalArgumentException notX86 = assertThrows(IllegalArgumentException.class,
                () -> EmulatedCpu.intel(6, 0x55, 4).features("jvm.avx2"));
        assertTrue(notX86.getMessage().contains("is not an x86 feature"), notX86.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EmulatedCpu.intel(6, 0x55, 4).brand("x".repeat(48)));
    }
}
