package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.sun.jna.Function;
import io.cpufeatures.os.WindowsProcessorFeatures;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.Set;
import java.util.function.IntPredicate;
import org.junit.jupiter.api.Test;

/**
 * Windows x64's cross-check without Windows: {@code IsProcessorFeaturePresent} answered as a Windows would, held
 * against a decoded Haswell (AVX2, no AVX-512) and a Skylake-SP whose OS did not enable the ZMM state.
 */
class WindowsFeatureCheckTest {

    private static WindowsProcessorFeatures windows(IntPredicate present) {
        Function f = mock(Function.class);
        when(f.invokeInt(any())).thenAnswer(a -> present.test((Integer) ((Object[]) a.getArgument(0))[0]) ? 1 : 0);
        return new WindowsProcessorFeatures(f);
    }

    /** What a Windows that knows every constant answers for {@code snapshot}: 1 exactly where the decoding says usable. */
    private static IntPredicate truthful(CpuidSnapshot snapshot) {
        var decoded = X86DecodedCpu.of(snapshot);
        return pf -> decoded.isUsable(WindowsFeatureCheck.CONSTANTS.get(pf).feature());
    }

    @Test
    void aWindowsThatAgreesIsCountedAsAgreeing() {
        CpuidSnapshot haswell = ReferenceCpus.haswell().build();
        String note = WindowsFeatureCheck.check(haswell, () -> windows(truthful(haswell)));
        assertEquals("IsProcessorFeaturePresent agrees on 16 of 16", note);
    }

    @Test
    void anOlderWindowsLeavesTheNewerConstantsUnconfirmedNotRefused() {
        CpuidSnapshot haswell = ReferenceCpus.haswell().build();
        // Windows 10 before the AVX constants: 0 for 39 and above.
        String note = WindowsFeatureCheck.check(haswell, () -> windows(pf -> pf < 39 && truthful(haswell).test(pf)));
        assertTrue(note.startsWith("IsProcessorFeaturePresent agrees on 13 of 16; not confirmed"), note);
        assertTrue(note.endsWith(": avx, avx2, erms"), note);
        assertTrue(X86DecodedCpu.of(haswell).isUsable(io.cpufeatures.x86.table.X86Feature.AVX2),
                "the decoding stays the answer");
    }

    @Test
    void windowsGrantingWhatTheDecodingRefusesIsAContradictionWithTheReason() {
        CpuidSnapshot noZmm = ReferenceCpus.skylakeSp().osEnabled(0x7).build();
        IntPredicate truth = truthful(noZmm);
        String note = WindowsFeatureCheck.check(noZmm, () -> windows(pf -> pf == 41 || truth.test(pf)));
        assertTrue(note.contains("; Windows contradicts: avx512f (PF_AVX512F_INSTRUCTIONS_AVAILABLE is 1; refused: "), note);
        assertTrue(note.contains("XCR0"), note);
    }

    @Test
    void aFunctionThatCannotBeReachedIsACheckNotMadeNeverAFailedProbe() {
        CpuidSnapshot haswell = ReferenceCpus.haswell().build();
        String missing = WindowsFeatureCheck.check(haswell, () -> {
            throw new UnsatisfiedLinkError("Unable to load library 'kernel32'");
        });
        assertEquals("IsProcessorFeaturePresent not asked: Unable to load library 'kernel32'", missing);
        Function broken = mock(Function.class);
        when(broken.invokeInt(any())).thenThrow(new IllegalStateException("invalid memory access"));
        String failed = WindowsFeatureCheck.check(haswell, () -> new WindowsProcessorFeatures(broken));
        assertTrue(failed.startsWith("IsProcessorFeaturePresent not asked: IsProcessorFeaturePresent(3) could not be"
                + " called: java.lang.IllegalStateException: invalid memory access"), failed);
    }

    @Test
    void everyConstantNamesAFeatureOnce() {
        assertEquals(WindowsFeatureCheck.CONSTANTS.size(), Set.copyOf(WindowsFeatureCheck.CONSTANTS.values().stream()
                .map(WindowsFeatureCheck.Constant::feature).toList()).size());
    }
}
