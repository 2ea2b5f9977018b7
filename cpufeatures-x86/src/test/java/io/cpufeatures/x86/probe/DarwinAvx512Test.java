package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.os.DarwinSysctl;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * Darwin's lazy AVX-512 state: an Intel Mac with AVX-512 (a Mac Pro 2019's Cascade Lake, here built in code) reads
 * XCR0 = 0x7 until a thread uses AVX-512; macOS's word makes AVX-512 usable, its absence or an old macOS does not.
 */
class DarwinAvx512Test {

    /** A Cascade Lake as XGETBV reads it on macOS before any AVX-512 instruction: XCR0 = 0x7. */
    private static CpuidSnapshot cascadeLakeBeforeFirstUse() {
        return EmulatedCpu.intel(6, 0x55, 7).features("x86-64-v4", "osxsave").osEnabled(0x7).build();
    }

    private static DarwinSysctl sysctl(long avx512f) throws Exception {
        DarwinSysctl s = mock(DarwinSysctl.class);
        when(s.read(any())).thenReturn(avx512f < 0 ? OptionalLong.empty() : OptionalLong.of(avx512f));
        return s;
    }

    @Test
    void macOsSayingYesMakesAvx512UsableWithItsSourceSaid() throws Exception {
        CpuidSnapshot before = cascadeLakeBeforeFirstUse();
        assertFalse(CpuFeatures.of(before).has("avx512f"), "XCR0 = 0x7 alone: not usable");
        CpuidSnapshot after = DarwinAvx512.apply(before, sysctl(1), "13.4.1");
        assertEquals(Xcr0Source.DARWIN, after.xcr0Source());
        assertEquals(0xE7L, after.xcr0().getAsLong());
        CpuFeatures cpu = CpuFeatures.of(after);
        assertTrue(cpu.has("avx512f") && cpu.has("x86-64-v4"), cpu.reasons("avx512f").toString());
    }

    @Test
    void withoutMacOsWordOrOnAnOldMacOsNothingChanges() throws Exception {
        CpuidSnapshot before = cascadeLakeBeforeFirstUse();
        assertSame(before, DarwinAvx512.apply(before, sysctl(0), "13.4"), "hw.optional.avx512f = 0");
        assertSame(before, DarwinAvx512.apply(before, sysctl(-1), "13.4"), "no such key");
        DarwinSysctl unasked = mock(DarwinSysctl.class);
        assertSame(before, DarwinAvx512.apply(before, unasked, "12.1"), "Darwin 21.2 and older corrupt K0-K7");
        CpuidSnapshot noAvx512 = EmulatedCpu.intel(6, 0x9E, 10).features("x86-64-v3", "osxsave").osEnabled(0x7).build();
        assertSame(noAvx512, DarwinAvx512.apply(noAvx512, unasked, "14.0"), "no AVX-512F in CPUID");
        verifyNoInteractions(unasked);
    }

    @Test
    void versionsCompareByMajorThenMinor() {
        assertTrue(DarwinAvx512.atLeast("12.2", 12, 2));
        assertTrue(DarwinAvx512.atLeast("13.0.1", 12, 2));
        assertFalse(DarwinAvx512.atLeast("12.1.4", 12, 2));
        assertFalse(DarwinAvx512.atLeast("10.15.7", 12, 2));
        assertFalse(DarwinAvx512.atLeast("unknown", 12, 2));
    }
}
