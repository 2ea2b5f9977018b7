package io.cpufeatures.aarch64.probe;

import io.cpufeatures.os.WindowsRegistry;

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
import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.WindowsProcessorFeatures;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
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

    /** IsProcessorFeaturePresent answering 1 for {@code granted}, 0 for every other constant. */
    private static Supplier<WindowsProcessorFeatures> windows(Set<Integer> granted) {
        Function f = mock(Function.class);
        when(f.invokeInt(any())).thenAnswer(a -> granted.contains((Integer) ((Object[]) a.getArgument(0))[0]) ? 1 : 0);
        return () -> new WindowsProcessorFeatures(f);
    }

    /**
     * Answers consistent with the X13s's registers (Cortex-A78C, Armv8.2 with RCpc, no JSCVT): NEON, crypto, CRC32, LSE,
     * DotProd, RCpc. (Constructed from the registers, not recorded.)
     */
    private static final Set<Integer> X13S_PF = Set.of(19, 30, 31, 34, 43, 45);

    private static final Supplier<WindowsProcessorFeatures> NO_KERNEL32 = () -> {
        throw new UnsatisfiedLinkError("Unable to load library 'kernel32'");
    };

    @Test
    void theRegistersOfTheFirstProcessorGiveItsFeatures() throws Exception {
        AArch64Snapshot s = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 0)), NO_KERNEL32);
        assertTrue(s.source().detail().endsWith("IsProcessorFeaturePresent not asked: Unable to load library 'kernel32'"
                + " (SVE and SME not granted: nothing shows Windows saves their state)"), s.source().detail());
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
    void windowsAnswersAgreeingWithTheRegistersChangeNothing() throws Exception {
        AArch64Snapshot registersOnly = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 0)),
                NO_KERNEL32);
        AArch64Snapshot both = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 0)),
                windows(X13S_PF));
        assertEquals(CpuFeatures.of(registersOnly).usable(), CpuFeatures.of(both).usable());
        assertTrue(both.source().detail().endsWith("IsProcessorFeaturePresent: 6 of 23 PF_ARM constants 1"),
                both.source().detail());
    }

    /** A Windows that saves SVE state says so with PF_ARM_SVE(2): the kernel's grant the registry cannot show. */
    @Test
    void windowsGrantingSveAddsItsBitsAndSaysSo() throws Exception {
        Set<Integer> pf = new java.util.HashSet<>(X13S_PF);
        pf.add(46);
        AArch64Snapshot s = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(X13S_CPU0, 0)), windows(pf));
        assertTrue(s.hasHwcap(AArch64Feature.SVE.word(), AArch64Feature.SVE.bit()));
        assertTrue(s.source().detail().endsWith("; granted beyond the registers' view: sve"), s.source().detail());
    }

    /** No CP values in the registry (an older Windows): the answers alone, as HWCAP words without ID registers. */
    @Test
    void withoutRegistryValuesTheAnswersAloneAreTheSnapshot() throws Exception {
        AArch64Snapshot s = AArch64Probe.windowsSnapshot(new WindowsRegistry(regGetValue(Map.of(), 0)), windows(X13S_PF));
        assertTrue(s.registers().isEmpty());
        CpuFeatures cpu = CpuFeatures.of(s);
        for (String f : new String[] {"fp", "asimd", "aes", "pmull", "sha1", "sha2", "crc32", "atomics", "asimddp", "lrcpc"}) {
            assertTrue(cpu.has(f), f + " " + cpu.usable());
        }
        assertFalse(cpu.has("sve"));
        assertFalse(cpu.has("jscvt"));
        assertTrue(s.source().detail().contains("ID registers not read (the registry has no CentralProcessor\\0 'CP 4000')"),
                s.source().detail());
    }

    @Test
    void anErrorOrNeitherSourceIsTheProbesFailure() {
        assertTrue(assertThrows(NativeProbeException.class, () -> AArch64Probe.windowsSnapshot(
                new WindowsRegistry(regGetValue(X13S_CPU0, 5)), windows(X13S_PF))).getMessage().contains("failed: error 5"));
        String neither = assertThrows(NativeProbeException.class, () -> AArch64Probe.windowsSnapshot(
                new WindowsRegistry(regGetValue(Map.of(), 0)), NO_KERNEL32)).getMessage();
        assertEquals("the registry has no CentralProcessor\\0 'CP 4000' (MIDR_EL1) and IsProcessorFeaturePresent not"
                + " asked: Unable to load library 'kernel32'", neither);
    }

    @Test
    void everyConstantNamesFeaturesOfTheTable() {
        assertEquals(23, WindowsArmFeatures.CONSTANTS.size());
        WindowsArmFeatures.CONSTANTS.values().forEach(c -> assertFalse(c.features().isEmpty(), c.name()));
    }
}
