package io.cpufeatures.aarch64.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.emulation.EmulatedArmCpu;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.aarch64.testing.QemuDumps;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.x86.dump.CpuidFormatException;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.util.Map;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The AArch64 dump format: round trips, big.LITTLE groups, each refusal in one line, and no confusion with x86's formats. */
class AArch64DumpTextTest {

    private static final String N1 = AArch64DumpText.FORMAT.write(List.of(ReferenceArmCpus.neoverseN1().snapshot()));

    @Test
    void whatIsWrittenReadsBackUnchanged() throws Exception {
        List<AArch64Snapshot> cpus = List.of(ReferenceArmCpus.a64fx().snapshot(), ReferenceArmCpus.neoverseN1()
                .withoutIdRegisters().snapshot(), EmulatedArmCpu.arm(0xd4f, 0, 1).features("asimd", "fp", "sme", "bf16",
                "sme2").smeVectorBits(512).snapshot());
        SnapshotDump<AArch64Snapshot> dump = AArch64DumpText.FORMAT.parse("x.txt", AArch64DumpText.FORMAT.write(cpus)).orElseThrow();
        assertEquals(3, dump.logicalCpus());
        for (int i = 0; i < cpus.size(); i++) {
            assertEquals(cpus.get(i), dump.kinds().get(i).cpu());
            assertEquals("file (x.txt logical CPU " + i + ")", dump.kinds().get(i).cpu().source().toString());
        }
        String bundled = QemuDumps.text("max");
        AArch64Snapshot max = AArch64DumpText.FORMAT.parse("max", bundled).orElseThrow().kinds().get(0).cpu();
        assertEquals(bundled.replaceAll("# source: .*\n", ""), AArch64DumpText.FORMAT.write(List.of(max)).replaceAll("# source: .*\n", ""));
    }

    @Test
    void identicalCpusAreOneKindAsOnABigLittlePart() throws Exception {
        AArch64Snapshot little = EmulatedArmCpu.arm(0xd05, 2, 0).features("fp", "asimd", "atomics").snapshot();
        AArch64Snapshot big = EmulatedArmCpu.arm(0xd0b, 4, 1).features("fp", "asimd", "atomics").snapshot();
        CpuDump dump = CpuDumps.parse("soc.txt", AArch64DumpText.FORMAT.write(List.of(little, little, big, big, little)),
                Map.of());
        assertEquals(5, dump.logicalCpus());
        assertEquals(List.of(3, 2), dump.kinds().stream().map(CpuKind::logicalCpus).toList());
        assertEquals(List.of(0, 2), dump.kinds().stream().map(CpuKind::firstLogicalCpu).toList());
        assertEquals("Cortex-A76", dump.kinds().get(1).cpu().identity().get("microarchitecture"));
    }

    @Test
    void eachKindOfMalformedFileIsRefusedInOneLineNamingTheLine() {
        refused(N1.replace("dump 1", "dump 2"), 1, "header 'cpufeatures-aarch64-dump 2' is not version 1; this reader accepts"
                + " 'cpufeatures-aarch64-dump 1'");
        refused("hello\n" + N1, 1, "'hello' before the header; the first line that is not blank or a comment must be"
                + " 'cpufeatures-aarch64-dump 1'");
        refused(N1.replaceFirst("hwcap2 0x0\n", ""), 3, "the CPU of this line has no 'hwcap2'; every CPU needs hwcap, hwcap2 and"
                + " id_registers");
        refused(N1.replace("hwcap 0x", "hwcap 0y"), 5, "'hwcap 0y10119ffb': the value is not 0x and 1 to 16 hex digits");
        refused(N1.replace("hwcap3 absent", "hwcap4 absent"), 7, "unknown key 'hwcap4'; accepted: hwcap, hwcap2, hwcap3,"
                + " id_registers, sve_vector_bytes, sme_vector_bytes, apple_cpufamily, hwcap_unstated, hwcap2_unstated, hwcap3_unstated and the registers [MIDR_EL1,");
        refused(N1.replace("hwcap3 absent", "hwcap 0x1"), 7, "'hwcap' given twice for the CPU of line 3 (first on line 5)");
        refused(N1.replace("cpu 0", "cpu 1"), 3, "'cpu 1' out of order; expected 'cpu 0'");
        refused(N1.replace("id_registers mrs", "id_registers sysfs"), 3, "the CPU of this line does not hold together:"
                + " ID_AA64PFR0_EL1 cannot come from ID register source 'sysfs' (it holds MIDR_EL1 and REVIDR_EL1 only)");
        refused(N1.replace("hwcap 0x10119ffb", "hwcap 0x101197fb"), 3, "the CPU of this line does not hold together: ID registers read with MRS, but HWCAP_CPUID"
                + " (AT_HWCAP bit 11) is clear");
        refused(N1.replace("sve_vector_bytes none", "sve_vector_bytes 32"), 3, "the CPU of this line does not hold together: an SVE vector length of 32 bytes without"
                + " HWCAP_SVE (AT_HWCAP bit 22)");
        refused(AArch64DumpText.FORMAT.write(List.of(ReferenceArmCpus.a64fx().snapshot())).replace("sve_vector_bytes 64",
                "sve_vector_bytes 40"), 3, "the CPU of this line does not hold together: SVE vector length 40 bytes: the architecture allows 16 to 256 bytes");
        refused(N1.replace("cpu 0\n", ""), 4, "'hwcap 0x10119ffb' before 'cpu 0'; every value belongs to a logical CPU");
        refused(N1.replace("hwcap3 absent", "hwcap3 absent now"), 7, "'hwcap3 absent now' is not 'key value'");
        refused(N1 + "cpufeatures-aarch64-dump 1\n", 27, "a second header; one file holds one dump");
        refused("cpufeatures-aarch64-dump 1\n# nothing\n", 0, "no 'cpu 0' after the header");
    }

    private static void refused(String text, int line, String problem) {
        DumpFormatException e = assertThrows(DumpFormatException.class,
                () -> AArch64DumpText.FORMAT.parse("dump.txt", text));
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.problem().startsWith(problem), e.getMessage() + "\n  expected: " + problem);
        assertEquals("dump.txt" + (line > 0 ? ":" + line : "") + ": " + e.problem(), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), "one line: " + e.getMessage());
    }

    /** The acceptance's "same one-line error": through the core's reader both are a DumpFormatException "file:line: problem". */
    @Test
    void aMalformedArm64DumpGetsTheSameKindOfErrorAsAMalformedX86One() {
        DumpFormatException arm = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("arm.txt", N1.replace("hwcap 0x", "hwcap 0xg"), Map.of()));
        DumpFormatException x86 = assertThrows(DumpFormatException.class, () -> CpuDumps.parse("x86.txt",
                "CPU 0:\n   0x00000000 0x00: eax=0x0000000d ebx=0x756e6547 ecx=0x6c65746e edx=0x49656e69\n   0x1 nonsense\n",
                Map.of()));
        assertTrue(x86 instanceof CpuidFormatException, "x86's own formats keep their subclass");
        assertTrue(arm.getMessage().matches("arm\\.txt:5: [^\\n]+"), arm.getMessage());
        assertTrue(x86.getMessage().matches("x86\\.txt:3: [^\\n]+"), x86.getMessage());
    }

    @Test
    void neitherArchitectureClaimsTheOthersDumps() throws Exception {
        String x86 = CpuDumps.write(List.of(ReferenceCpus.zen4().decode()));
        assertTrue(AArch64DumpText.FORMAT.parse("x86.txt", x86).isEmpty());
        ArchitectureModule x86Module = Architectures.get().providers().stream().filter(p -> p.architecture().equals("x86_64"))
                .findFirst().orElseThrow();
        assertTrue(x86Module.parseDump("arm.txt", N1, Map.of()).isEmpty());
        for (String model : QemuDumps.MODELS) {
            assertTrue(x86Module.parseDump(model, QemuDumps.text(model), Map.of()).isEmpty(), model);
        }
        assertEquals("cpuid_r", CpuDumps.parse("x86.txt", x86, Map.of()).format());
        assertEquals("aarch64_dump", CpuDumps.parse("arm.txt", N1, Map.of()).format());
        DumpFormatException neither = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("empty.txt", "nothing here\n", Map.of()));
        assertTrue(neither.getMessage().contains("cpuid -r") && neither.getMessage().contains(AArch64DumpText.FORMAT.magic()),
                neither.getMessage());
    }

    @Test
    void anXcr0GivenWithAnArm64DumpIsRefused() {
        DumpFormatException e = assertThrows(DumpFormatException.class,
                () -> CpuDumps.parse("arm.txt", N1, Map.of("xcr0", "0x7")));
        assertEquals("arm.txt: 'xcr0' was given to assume, and an aarch64 dump is read assuming nothing", e.getMessage());
    }

    @Test
    void aReportWrittenByTheCoreReadsBackAsTheSameCpu() throws Exception {
        CpuFeatures a64fx = ReferenceArmCpus.a64fx().decode();
        CpuFeatures back = CpuDumps.parse("a.txt", CpuDumps.write(List.of(a64fx)), Map.of()).kinds().get(0).cpu();
        assertEquals(a64fx.snapshot(), back.snapshot());
        assertEquals(a64fx.usable(), back.usable());
    }
}
