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
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.os.DarwinSysctl;
import io.cpufeatures.os.NativeProbeException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/**
 * The macOS probe without a Mac: {@code sysctlbyname} answered from a real M2's recorded listing gives the snapshot
 * reading that listing gives, and the JNA binding's failures (a refused call, a key of the wrong size) are the
 * probe's failures, while a key the kernel lacks is simply absent.
 */
class MacProbeTest {

    private static Map<String, Long> m2Values() throws Exception {
        Map<String, Long> values = new HashMap<>();
        try (InputStream in = MacProbeTest.class.getResourceAsStream("/io/cpufeatures/aarch64/macos/apple-m2.txt")) {
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                int c = line.indexOf(": ");
                if (!line.startsWith("#") && c > 0 && line.substring(c + 2).strip().matches("-?[0-9]+")) {
                    values.put(line.substring(0, c), Long.parseLong(line.substring(c + 2).strip()));
                }
            }
        }
        return values;
    }

    @Test
    void theLiveKeysGiveWhatTheListingGives() throws Exception {
        Map<String, Long> values = m2Values();
        DarwinSysctl sysctl = mock(DarwinSysctl.class);
        when(sysctl.read(any())).thenAnswer(a -> values.containsKey((String) a.getArgument(0))
                ? OptionalLong.of(values.get((String) a.getArgument(0))) : OptionalLong.empty());
        AArch64Snapshot live = AArch64Probe.macSnapshot(sysctl);
        AArch64Snapshot listed;
        try (InputStream in = MacProbeTest.class.getResourceAsStream("/io/cpufeatures/aarch64/macos/apple-m2.txt")) {
            listed = (AArch64Snapshot) CpuDumps.parse("apple-m2.txt", new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    Map.of()).machine().snapshot().orElseThrow();
        }
        assertEquals(SourceKind.NATIVE, live.source().kind());
        assertTrue(live.source().detail().contains("Apple M2"), live.source().detail());
        assertEquals(listed.hwcap(), live.hwcap());
        assertEquals(listed.hwcap2(), live.hwcap2());
    }

    @Test
    void aRefusedSysctlIsTheProbesFailure() throws Exception {
        DarwinSysctl sysctl = mock(DarwinSysctl.class);
        when(sysctl.read(any())).thenThrow(new NativeProbeException("sysctlbyname(hw.optional.arm.FEAT_AES) failed: errno 1"));
        NativeProbeException e = assertThrows(NativeProbeException.class, () -> AArch64Probe.macSnapshot(sysctl));
        assertTrue(e.getMessage().contains("errno 1"), e.getMessage());
        DarwinSysctl empty = mock(DarwinSysctl.class);
        when(empty.read(any())).thenReturn(OptionalLong.empty());
        assertTrue(assertThrows(NativeProbeException.class, () -> AArch64Probe.macSnapshot(empty)).getMessage()
                .contains("no Arm feature key"), "a kernel without any feature key is no Apple-silicon Mac");
    }

    @Test
    void theBindingReadsFourAndEightByteValuesAndTellsAbsentFromFailed() throws Exception {
        Function f = mock(Function.class);
        when(f.invokeInt(any())).thenAnswer(a -> {
            Object[] args = a.getArgument(0);
            String name = (String) args[0];
            Memory value = (Memory) args[1];
            Memory size = (Memory) args[2];
            switch (name) {
                case "four" -> {
                    value.setInt(0, -634136515);
                    size.setLong(0, 4);
                    return 0;
                }
                case "eight" -> {
                    value.setLong(0, 1L << 40);
                    size.setLong(0, 8);
                    return 0;
                }
                case "two" -> {
                    size.setLong(0, 2);
                    return 0;
                }
                default -> {
                    return -1;
                }
            }
        });
        int[] errno = {2};
        DarwinSysctl sysctl = new DarwinSysctl(f, () -> errno[0]);
        assertEquals(OptionalLong.of(-634136515), sysctl.read("four"), "signed, as sysctl prints hw.cpufamily");
        assertEquals(OptionalLong.of(1L << 40), sysctl.read("eight"));
        assertEquals(OptionalLong.empty(), sysctl.read("missing"), "ENOENT: the kernel has no such key");
        assertTrue(assertThrows(NativeProbeException.class, () -> sysctl.read("two")).getMessage().contains("2 bytes"));
        errno[0] = 1;
        assertTrue(assertThrows(NativeProbeException.class, () -> sysctl.read("refused")).getMessage()
                .contains("sysctlbyname(refused) failed: errno 1"));
    }
}
