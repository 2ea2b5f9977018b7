package io.cpufeatures.core.jvm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.VMOption;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * Reading the JIT's flags when the HotSpot MXBean is missing or refuses, which no JVM here does:
 * the bean is a mock. Nothing throws; what cannot be read is absent, and a gate on an absent flag
 * is refused with that reason.
 */
class HotSpotFlagsTest {

    private static final List<String> NAMES = List.of("UseAVX", "MaxVectorSize", "UseSVE");

    @Test
    void withoutTheBeanNoFlagIsKnownAndTheGatesSaySo() {
        Map<String, String> flags = HotSpotFlags.read(NAMES, Optional.empty());
        assertEquals(Map.of(), flags);
        // HotSpot whose bean is gone: a gate on a flag cannot be shown to hold, so it is refused.
        JvmView view = JvmView.of("OpenJDK 64-Bit Server VM", flags, true, OptionalInt.of(256));
        assertFalse(view.has("jvm.fake_bmi2"));
        assertTrue(view.reasons("jvm.fake_bmi2").get(0).detail().contains("UseBMI2Instructions"),
                view.reasons("jvm.fake_bmi2").toString());
    }

    @Test
    void aFlagThisJvmDoesNotDefineIsAbsentAndTheOthersAreRead() {
        HotSpotDiagnosticMXBean bean = mock(HotSpotDiagnosticMXBean.class);
        when(bean.getVMOption("UseAVX")).thenReturn(new VMOption("UseAVX", "2", true, VMOption.Origin.DEFAULT));
        when(bean.getVMOption("MaxVectorSize")).thenReturn(new VMOption("MaxVectorSize", "32", true,
                VMOption.Origin.VM_CREATION));
        when(bean.getVMOption("UseSVE")).thenThrow(new IllegalArgumentException("VM option \"UseSVE\" does not exist"));

        assertEquals(Map.of("UseAVX", "2", "MaxVectorSize", "32"), HotSpotFlags.read(NAMES, Optional.of(bean)));
    }

    @Test
    void aBeanThatRefusesEveryFlagLeavesThemAllAbsent() {
        HotSpotDiagnosticMXBean bean = mock(HotSpotDiagnosticMXBean.class);
        when(bean.getVMOption(anyString())).thenThrow(new SecurityException("denied by policy"));
        assertEquals(Map.of(), HotSpotFlags.read(NAMES, Optional.of(bean)));
    }

    @Test
    void anObjectThatIsNotTheBeanReadsAsNoFlags() {
        assertEquals(Map.of(), HotSpotFlags.read(NAMES, Optional.of(new Object())));
    }
}
