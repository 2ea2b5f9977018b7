package io.cpufeatures.ppc64le.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.TestResources;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.ProcCpuinfoText;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Real POWER machines' {@code /proc/cpuinfo} (POWER7 to POWER10, bare metal and LPARs; each file names its source:
 * util-linux's lscpu dumps, insights-core's, kata-containers', py-cpuinfo's and cpu_features' test data, and two
 * linuxppc-dev mails) read as dumps. The expected processor and ISA level come from the PVR's version in the text, as
 * the kernel's {@code arch/powerpc/include/asm/reg.h} numbers them (0x003f POWER7, 0x004a POWER7+, 0x004b POWER8E,
 * 0x004d POWER8, 0x004e POWER9, 0x0080 POWER10) and Documentation/arch/powerpc/isa-versions.rst levels them (2.06,
 * 2.07, 3.0, 3.1). The text lists no features: every one but AltiVec is unknown, and says so.
 */
class ProcCpuinfoDumpTest {

    /** One machine: its file, its processor, its ISA level, its PVR, how many logical CPUs the text lists. */
    record Machine(String file, String processor, String isa, String pvr, int cpus) {
    }

    static List<Machine> machines() {
        return List.of(
                new Machine("power7-ibm-8233-e8b.txt", "POWER7", "2.06", "0x003f0201", 16),
                new Machine("power7-64-cpus.txt", "POWER7", "2.06", "0x003f0201", 64),
                new Machine("power7plus-ibm-8231-e2d.txt", "POWER7+", "2.06", "0x004a0200", 28),
                new Machine("power8e-ibm-s822l-8247-22l.txt", "POWER8E", "2.07", "0x004b0201", 20),
                new Machine("power8e-rhel-7-3.txt", "POWER8E", "2.07", "0x004b0201", 16),
                new Machine("power8-firestone.txt", "POWER8", "2.07", "0x004d0200", 2),
                new Machine("power9-w8.txt", "POWER9", "3.0", "0x004e1202", 1),
                new Machine("power9-boston-9006-22p.txt", "POWER9", "3.0", "0x004e1202", 1),
                new Machine("power10-dd1-smt4.txt", "POWER10", "3.1", "0x00801100", 1));
    }

    static String text(String file) {
        return TestResources.text("/io/cpufeatures/ppc64le/proc-cpuinfo/" + file);
    }

    @ParameterizedTest
    @MethodSource("machines")
    void eachMachineIsNamedByItsProcessorVersion(Machine m) throws Exception {
        String text = TestResources.recorded("/io/cpufeatures/ppc64le/proc-cpuinfo/" + m.file());
        assertTrue(text.contains("(pvr " + m.pvr().substring(2, 6) + " " + m.pvr().substring(6) + ")"), m.file());
        CpuDump dump = CpuDumps.parse(m.file(), text, Map.of());
        assertEquals(ProcCpuinfoDump.FORMAT, dump.format());
        assertEquals(m.cpus(), dump.logicalCpus());
        assertEquals(1, dump.kinds().size());
        Map<String, String> identity = dump.machine().describe(m.cpus()).identity();
        assertEquals(m.processor(), identity.get("processor"));
        assertEquals("pvr", identity.get("processorBasis"));
        assertEquals(m.isa(), identity.get("isa"));
        assertEquals(m.pvr(), identity.get("pvr"));
        assertEquals(ProcCpuinfoDump.UNSTATED, identity.get("unstated"), "what the text could not say");
    }

    @Test
    void altivecIsTheOneFeatureTheTextStatesAndTheOthersAreUnknown() throws Exception {
        CpuFeatures cpu = CpuDumps.parse("w8", text("power9-w8.txt"), Map.of()).machine();
        assertTrue(cpu.has("altivec"), "'altivec supported' is the kernel's word");
        assertFalse(cpu.has("vsx"));
        assertEquals(ReasonKind.NOT_PRESENT, cpu.reasons("vsx").get(0).kind());
        assertTrue(cpu.reasons("vsx").get(0).detail().startsWith("not stated: the source gives no HWCAP words"),
                cpu.reasons("vsx").toString());
        FeatureTrace vsx = (FeatureTrace) cpu.trace("vsx").orElseThrow();
        assertTrue(vsx.presence().text().contains("not stated"), vsx.presence().text());
        Ppc64leSnapshot s = cpu.unwrap(Ppc64leSnapshot.class).orElseThrow();
        assertTrue(s.source().detail().contains("PowerNV"), "the machine's lines go to the detail: " + s.source());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> CpuDumps.write(List.of(cpu)));
        assertTrue(e.getMessage().contains("does not state HWCAP words"), e.getMessage());
    }

    @Test
    void everyTextIsAPowerpcKernelsAndTheBundledDumpsAreNot() throws Exception {
        for (Machine m : machines()) {
            assertEquals(Optional.of("ppc64le"), ProcCpuinfoText.architecture(text(m.file())), m.file());
        }
        for (String other : List.of("qemu/qemu-power9.txt", "real/power8-redhat-cip.txt")) {
            assertEquals(Optional.empty(), ProcCpuinfoText.architecture(TestResources.text("/io/cpufeatures/ppc64le/" + other)), other);
        }
    }

    @Test
    void aRevisionWithoutItsPvrIsRefusedOnItsLine() {
        DumpFormatException e = assertThrows(DumpFormatException.class, () -> ProcCpuinfoDump.read("t",
                "processor\t: 0\ncpu\t\t: POWER9, altivec supported\nrevision\t: 2.2 (pvr 004e 12g2)\n"));
        assertTrue(e.getMessage().startsWith("t:3: 'revision' is '2.2 (pvr 004e 12g2)'; accepted: the kernel's"),
                e.getMessage());
    }
}
