package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.os.FreeBsdAuxInfo;
import io.cpufeatures.os.NativeProbeException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * FreeBSD on arm64 without FreeBSD: {@code elf_aux_info} answered as FreeBSD answers it (its own AT_ numbers, 0 or
 * an error number) gives the HWCAP words, decoded as Linux's; ENOENT for AT_HWCAP2 is no second word, any other
 * error is the probe's failure.
 */
class FreeBsdProbeTest {

    /** A Neoverse N1's words, as Linux gives them (FreeBSD's arm64 bits are the same). */
    private static final long N1_HWCAP = 0x119fffL;

    private static Function elfAuxInfo(Map<Integer, Long> entries, int error) {
        Function f = mock(Function.class);
        when(f.invokeInt(any())).thenAnswer(a -> {
            Object[] args = a.getArgument(0);
            int type = (Integer) args[0];
            if (error != 0) {
                return error;
            }
            Long v = entries.get(type);
            if (v == null) {
                return 2;
            }
            ((Memory) args[1]).setLong(0, v);
            return 0;
        });
        return f;
    }

    @Test
    void theWordsAreReadWithFreeBsdsNumbersAndDecodedAsLinuxs() throws Exception {
        AArch64Snapshot s = AArch64Probe.freeBsdSnapshot(new FreeBsdAuxInfo(elfAuxInfo(Map.of(25, N1_HWCAP), 0)));
        assertEquals(N1_HWCAP, s.hwcap());
        assertEquals(0, s.hwcap2(), "ENOENT for AT_HWCAP2: no second word");
        assertEquals(SourceKind.NATIVE, s.source().kind());
        assertTrue(s.source().detail().contains("elf_aux_info"), s.source().detail());
        CpuFeatures cpu = CpuFeatures.of(s);
        for (String f : new String[] {"fp", "asimd", "aes", "crc32", "atomics", "asimddp", "lrcpc"}) {
            assertTrue(cpu.has(f), f + " " + cpu.usable());
        }
    }

    @Test
    void noHwcapOrAnErrorIsTheProbesFailure() {
        assertTrue(assertThrows(NativeProbeException.class,
                () -> AArch64Probe.freeBsdSnapshot(new FreeBsdAuxInfo(elfAuxInfo(Map.of(), 0)))).getMessage()
                .contains("found no entry"));
        assertTrue(assertThrows(NativeProbeException.class,
                () -> AArch64Probe.freeBsdSnapshot(new FreeBsdAuxInfo(elfAuxInfo(Map.of(25, N1_HWCAP), 22)))).getMessage()
                .contains("elf_aux_info(25) failed: error 22"));
    }
}
