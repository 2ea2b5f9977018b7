package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.sun.jna.Function;
import com.sun.jna.Memory;
import com.sun.jna.WString;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.os.NativeProbeException;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Windows on Arm without Windows: {@code RegGetValueW} answered with a real ThinkPad X13s's CentralProcessor\0 values
 * (the recorded listing in src/test/resources/.../windows) gives its registers and features; a value Windows lacks
 * is absent, any other error is the probe's failure.
 */
class WindowsProbeTest {

    /** CentralProcessor\0 of the X13s, as its owner's listing gives them (decimal). */
    private static final Map<String, Long> X13S_CPU0 = Map.of("CP 4000", 1091556528L, "CP 4020", 1224979098931106066L,
            "CP 4021", 16L, "CP 4030", 4521192084017440L, "CP 4031", 18874417L, "CP 4038", 1048609L, "CP 4039", 2097154L,
            "CP 403A", 16L);

    private static Function regGetValue(Map<String, Long> values, int error) {
        Function f = mock(Function.class);
        when(f.invokeInt(any())).thenAnswer(a -> {
            Object[] args = a.getArgument(0);
            if (error != 0) {
                return error;
            }
            String key = args[1].toString();
            String name = ((WString) args[2]).toString();
            Long v = key.endsWith("CentralProcessor\\0") ? values.get(name) : null;
            if (v == null) {
                return 2;
            }
            ((Memory) args[5]).setLong(0, v);
            return 0;
        });
        return f;
    }

    @Test
    void theRegistersOfTheFirstProcessorGiveItsFeatures() throws Exception {
        AArch64Snapshot s = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 0)));
        assertEquals(SourceKind.NATIVE, s.source().kind());
        assertEquals(IdRegisterSource.REGISTRY, s.idSource());
        assertEquals(8, s.registers().size());
        CpuFeatures cpu = CpuFeatures.of(s);
        for (String f : new String[] {"fp", "asimd", "aes", "pmull", "sha1", "sha2", "crc32", "atomics", "lrcpc", "asimddp"}) {
            assertTrue(cpu.has(f), f + " " + cpu.usable());
        }
        assertFalse(cpu.has("sve"));
        assertTrue(cpu.identity().toString().contains("A78C"), cpu.identity().toString());
    }

    @Test
    void anErrorOrNoMidrIsTheProbesFailure() {
        assertTrue(assertThrows(NativeProbeException.class,
                () -> AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 5)))).getMessage()
                .contains("failed: error 5"));
        assertTrue(assertThrows(NativeProbeException.class,
                () -> AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(Map.of(), 0)))).getMessage()
                .contains("no CentralProcessor\\0 'CP 4000'"));
    }
}
