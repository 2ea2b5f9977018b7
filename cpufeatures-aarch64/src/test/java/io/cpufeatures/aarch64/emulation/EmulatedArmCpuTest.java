package io.cpufeatures.aarch64.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.NameCheck;
import io.cpufeatures.core.trace.Verdict;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** CPUs described in code through every layer: what the kernel hides, dependencies, disabling, traces, description. */
class EmulatedArmCpuTest {

    /** An SVE2 CPU with the SVE2 crypto extensions. */
    private static EmulatedArmCpu.Builder sve2Cpu() {
        return EmulatedArmCpu.arm(0xd4f, 0, 1).features("fp", "asimd", "fphp", "asimdhp", "crypto", "sha3", "sve", "sve2",
                "sveaes", "svesha3");
    }

    @Test
    void theHwcapsAreWhatLinuxDerivesFromTheRegisters() {
        AArch64Snapshot a53 = ReferenceArmCpus.cortexA53().snapshot();
        assertEquals(0x8fb, a53.hwcap(), "what qemu's cortex-a53 model shows");
        assertEquals(0, a53.hwcap2());
        assertEquals(IdRegisterSource.MRS, a53.idSource());
        assertEquals(0x410fd034L, a53.register(IdRegister.MIDR_EL1).orElseThrow());
        // qemu's neoverse-n1 omits SSBS, which a kernel derives from PFR1.SSBS = 2
        assertEquals(0x119ffb | 1L << 28, ReferenceArmCpus.neoverseN1().snapshot().hwcap());
        AArch64Snapshot a64fx = ReferenceArmCpus.a64fx().snapshot();
        assertEquals(0x415ffb, a64fx.hwcap(), "what qemu's a64fx model shows");
        assertEquals(OptionalInt.of(64), a64fx.sveVectorBytes());
    }

    @Test
    void aFeatureTheKernelHidesIsPresentNotUsableAndTakesItsDependentsAlong() {
        CpuFeatures cpu = sve2Cpu().hiddenByKernel("sve").decode();
        assertTrue(cpu.isPresent("sve") && !cpu.has("sve"));
        Reason sve = cpu.reasons("sve").get(0);
        assertEquals(ReasonKind.OS_SUPPORT, sve.kind());
        assertEquals("present in ID_AA64PFR0_EL1.SVE [35:32] = 1 but the kernel does not set HWCAP_SVE (AT_HWCAP bit 22):"
                + " it does not support or has disabled it", sve.detail());
        List<Reason> sveaes = cpu.reasons("sveaes");
        assertEquals(ReasonKind.OS_SUPPORT, sveaes.get(0).kind(), "no SVE hwcap at all without SVE, as in Linux");
        assertEquals(ReasonKind.DEPENDENCY, sveaes.get(1).kind());
        assertTrue(sveaes.get(1).detail().startsWith("sveaes <- sve2 <- sve: sve os: present in"), sveaes.get(1).detail());
        assertTrue(cpu.has("aes"), "the AdvSIMD crypto instructions stay");
    }

    @Test
    void disablingAFeatureRemovesWhatDependsOnIt() {
        CpuFeatures cpu = sve2Cpu().decode().without(List.of("sve2"));
        assertFalse(cpu.has("sve2") || cpu.has("sveaes") || cpu.has("svesha3"));
        assertTrue(cpu.has("sve"));
        assertEquals("sveaes <- sve2: sve2 disabled: disabled by cpufeatures.disable", cpu.reasons("sveaes").get(0).detail());
        assertFalse(sve2Cpu().decode().without(List.of("crypto")).has("sveaes"), "a group disables its members");
    }

    @Test
    void aTraceShowsTheFieldTheHwcapAndTheJitGates() {
        CpuFeatures cpu = ReferenceArmCpus.a64fx().decode().withJvm(JvmView.of("test",
                Map.of("UseSVE", "1", "MaxVectorSize", "64", "UseCompiler", "true"), true, OptionalInt.of(512)));
        FeatureTrace sve = (FeatureTrace) cpu.trace("sve").orElseThrow();
        assertEquals("ID register", sve.presence().label());
        assertEquals("ID_AA64PFR0_EL1.SVE [35:32] = 1, at least 1 (ID_AA64PFR0_EL1=0x100110000)", sve.presence().text());
        assertEquals("HWCAP_SVE (AT_HWCAP bit 22) = 1: the kernel allows it", sve.osState().text());
        assertEquals(Verdict.USABLE, sve.verdict());
        assertEquals(List.of("asimd", "fphp"), sve.dependsOn().stream().map(l -> l.feature()).toList());
        assertEquals(List.of("jvm.sve", "jvm.vector256", "jvm.vector512", "jvm.vector1024", "jvm.vector2048"),
                sve.jvm().stream().map(NameCheck::name).toList());
        assertEquals(List.of(true, true, true, false, false), sve.jvm().stream().map(NameCheck::holds).toList());
        FeatureTrace sve2 = (FeatureTrace) cpu.trace("sve2").orElseThrow();
        assertEquals(Verdict.NOT_PRESENT, sve2.verdict());
        assertTrue(sve2.presence().text().endsWith(": not present"), sve2.presence().text());
        assertFalse(sve2.jvm().get(0).holds(), "UseSVE=1 is not SVE2");
        assertEquals(ReasonKind.NOT_PRESENT, cpu.reasons("avx2").get(0).kind(), "an x86 name reads absent, never throws");
    }

    @Test
    void withoutHwcapCpuidPresenceIsTheKernelsViewAndTheTraceSaysWhy() {
        CpuFeatures cpu = ReferenceArmCpus.neoverseN1().withoutIdRegisters().decode();
        AArch64DecodedCpu info = cpu.unwrap(AArch64DecodedCpu.class).orElseThrow();
        assertTrue(info.midr().isEmpty());
        assertEquals(cpu.present(), cpu.usable());
        assertTrue(cpu.has("asimddp") && !cpu.has("cpuid"));
        FeatureTrace dp = (FeatureTrace) cpu.trace("asimddp").orElseThrow();
        assertEquals("presence", dp.presence().label());
        assertEquals("ID_AA64ISAR0_EL1 not read (HWCAP_CPUID is clear: the kernel does not emulate MRS of them): the kernel's"
                + " HWCAP_ASIMDDP stands for the CPU's, set", dp.presence().text());
        CpuDescription d = cpu.describe(4);
        assertEquals("(MIDR_EL1 unknown)", line(d, "cpu"));
        assertTrue(line(d, "identity").equals("MIDR_EL1 not read, 4 logical CPUs"), line(d, "identity"));
    }

    @Test
    void theDescriptionNamesTheCoreItsArchitectureAndTheProductsOnIt() {
        CpuDescription d = ReferenceArmCpus.neoverseN1().decode().describe(64);
        assertEquals("Arm Neoverse N1 r4p1", line(d, "cpu"));
        assertEquals("Neoverse N1 (AWS Graviton2)", line(d, "uarch"));
        assertEquals("Armv8.2-A (the core's, per GCC,ALP,AWS)", line(d, "architecture"));
        assertEquals("Arm d0c r4p1  Neoverse N1  Armv8.2-A", d.summary());
        assertEquals("FP/AdvSIMD", d.usable().get(0).label());
        assertEquals(0xd0c, field(d, "part"));
        assertEquals("0x414fd0c1", field(d, "midr"));
        assertEquals(null, field(d, "sveVectorBits"));
        CpuDescription a64fx = ReferenceArmCpus.a64fx().decode().describe(48);
        assertEquals(512, field(a64fx, "sveVectorBits"));
        assertEquals("vector length 512 bits (this process's, PR_SVE_GET_VL)", line(a64fx, "SVE"));
        assertTrue(a64fx.summary().endsWith("SVE 512"), a64fx.summary());
    }

    @Test
    void badInputIsRefusedWithWhatIsAccepted() {
        IllegalArgumentException bits = assertThrows(IllegalArgumentException.class,
                () -> ReferenceArmCpus.a64fx().sveVectorBits(192));
        assertEquals("SVE vector length 192 bits; accepted: 128 to 2048 in steps of 128", bits.getMessage());
        IllegalArgumentException noSve = assertThrows(IllegalArgumentException.class,
                () -> ReferenceArmCpus.neoverseN1().sveVectorBits(256).snapshot());
        assertEquals("an SVE vector length for a CPU without sve", noSve.getMessage());
        assertTrue(ReferenceArmCpus.a64fx().hiddenByKernel("sve").snapshot().sveVectorBytes().isEmpty(),
                "no length from a kernel that does not allow SVE");
        IllegalArgumentException x86 = assertThrows(IllegalArgumentException.class,
                () -> ReferenceArmCpus.neoverseN1().features("avx2"));
        assertTrue(x86.getMessage().contains("is not an aarch64 feature"), x86.getMessage());
        assertThrows(IllegalArgumentException.class, () -> EmulatedArmCpu.of(0x100, 0, 0, 0));
    }

    private static String line(CpuDescription d, String label) {
        return d.lines().stream().filter(l -> l.label().equals(label)).findFirst().orElseThrow().text();
    }

    private static Object field(CpuDescription d, String key) {
        return d.fields().stream().filter(f -> f.key().equals(key)).findFirst().orElseThrow().value();
    }
}
