package io.cpufeatures.aarch64.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.table.FieldRule;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The table's own invariants: the kernel's bits, each once; fields inside their registers; names as the kernel prints them. */
class AArch64FeatureTableTest {

    @Test
    void everyHwcapBitOfLinux7IsARowAndNoBitIsTwoRows() {
        Map<HwcapWord, Long> seen = new EnumMap<>(HwcapWord.class);
        for (AArch64Feature f : AArch64Feature.values()) {
            long bit = 1L << f.bit();
            long before = seen.getOrDefault(f.word(), 0L);
            assertEquals(0, before & bit, f + " shares its bit");
            seen.put(f.word(), before | bit);
            assertEquals(f.word().macroPrefix() + f.name(), f.macro());
        }
        // Linux 7.0 arch/arm64/include/uapi/asm/hwcap.h: AT_HWCAP bits 0-47, AT_HWCAP2 0-63, AT_HWCAP3 0-3, none skipped.
        assertEquals((1L << 48) - 1, seen.get(HwcapWord.HWCAP));
        assertEquals(-1L, seen.get(HwcapWord.HWCAP2));
        assertEquals(0xfL, seen.get(HwcapWord.HWCAP3));
    }

    @Test
    void namesAreTheKernelsLowerCaseCpuinfoNamesAndAliasesAreUnique() {
        Set<String> all = new HashSet<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            assertTrue(f.canonicalName().matches("[a-z0-9]+"), f.canonicalName());
            assertTrue(all.add(f.canonicalName()), f.canonicalName());
            for (String a : f.aliases()) {
                assertTrue(a.matches("[a-z0-9_]+"), a);
                assertTrue(all.add(a), "alias " + a + " of " + f + " is taken");
            }
        }
        assertEquals("svebitperm", AArch64Feature.SVEBITPERM.canonicalName(), "SVE names have no underscores");
        assertEquals(List.of("neon", "advsimd", "simd"), AArch64Feature.ASIMD.aliases());
    }

    @Test
    void onlyCpuidAndEvtstrmHaveNoFieldAndOnlyPointerAuthenticationHasAlternatives() {
        List<AArch64Feature> kernelOnly = new ArrayList<>();
        List<AArch64Feature> alternatives = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            if (f.idRule().kernelOnly()) {
                kernelOnly.add(f);
            } else if (f.idRule().alternatives().size() > 1) {
                alternatives.add(f);
            }
        }
        assertEquals(List.of(AArch64Feature.EVTSTRM, AArch64Feature.CPUID), kernelOnly);
        assertEquals(List.of(AArch64Feature.PACA, AArch64Feature.PACG), alternatives);
    }

    @Test
    void onlyFpAndAdvSimdAreSignedAndEveryMinimumFitsItsField() {
        for (AArch64Feature f : AArch64Feature.values()) {
            for (FieldRule r : f.idRule().alternatives()) {
                boolean fpOrSimd = r.register() == IdRegister.ID_AA64PFR0_EL1 && (r.lsb() == 16 || r.lsb() == 20);
                assertEquals(fpOrSimd, r.signed(), r.toString());
                assertTrue(r.minimum() >= 0 && r.minimum() < 1 << r.width(), r.toString());
                assertFalse(r.register() == IdRegister.MIDR_EL1 || r.register() == IdRegister.REVIDR_EL1, r.toString());
            }
        }
    }

    @Test
    void aSignedFieldOfFifteenIsNotImplemented() {
        FieldRule fp = AArch64Feature.FP.idRule().alternatives().get(0);
        assertEquals(-1, fp.value(0xfL << 16));
        assertFalse(fp.holds(0xfL << 16), "0xF: no floating point");
        assertTrue(fp.holds(0), "0: floating point");
        assertTrue(AArch64Feature.FPHP.idRule().alternatives().get(0).holds(1L << 16), "1: with half precision");
        assertEquals("ID_AA64PFR0_EL1.FP [19:16] >= 0 (signed)", fp.toString());
        assertEquals("ID_AA64SMFR0_EL1.FA64 [63]", AArch64Feature.SME_FA64.idRule().alternatives().get(0).position());
    }
}
