package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.PolicyFlag;
import io.cpufeatures.x86.table.PsAbiLevel;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.EnumSet;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PolicyTest {

    @Test
    void preferYmmFollowsTheKernelModelListForAnyStepping() {
        for (int model : new int[] {0x55, 0x6A, 0x6C, 0x7D, 0x7E, 0x9D, 0x8C, 0x8D}) {
            for (int stepping : new int[] {0, 4, 7, 11}) {
                assertTrue(PreferYmmPolicy.preferYmm(CpuIdentity.of(EmulatedCpu.intel(6, model, stepping).build())));
            }
        }
        for (int model : new int[] {0x8F, 0xCF, 0xAD, 0xA7, 0x97, 0x57}) {
            assertFalse(PreferYmmPolicy.preferYmm(CpuIdentity.of(EmulatedCpu.intel(6, model, 1).build())));
        }
        assertFalse(PreferYmmPolicy.preferYmm(CpuIdentity.of(EmulatedCpu.amd(6, 0x55, 4).build())));
    }

    @Test
    void preferYmmNeverRemovesUsability() {
        X86DecodedCpu cpu = X86DecodedCpu.of(EmulatedCpu.intel(6, 0x55, 7).features(X86Feature.FPU.canonicalName(), X86Feature.FXSR.canonicalName(),
                X86Feature.XSAVE.canonicalName(), X86Feature.OSXSAVE.canonicalName(), X86Feature.AVX.canonicalName(), X86Feature.AVX512F.canonicalName()).osEnabled(0xe7).build());
        assertTrue(cpu.hasPolicy(PolicyFlag.PREFER_YMM));
        assertTrue(cpu.isUsable(X86Feature.AVX512F));
    }

    @Test
    void cascadeLakeAndCooperLakeAreToldApartFromSkylakeSpByStepping() {
        assertEquals(Optional.of("Skylake-SP"), uarch(EmulatedCpu.intel(6, 0x55, 4)));
        assertEquals(Optional.of("Cascade Lake"), uarch(EmulatedCpu.intel(6, 0x55, 7)));
        assertEquals(Optional.of("Cooper Lake"), uarch(EmulatedCpu.intel(6, 0x55, 11)));
        assertEquals(Optional.of("Granite Rapids"), uarch(EmulatedCpu.intel(6, 0xAD, 1)));
        assertEquals(Optional.of("Zen 5"), uarch(EmulatedCpu.amd(0x1A, 0x02, 1)));
        assertEquals(Optional.of("Zen+"), uarch(EmulatedCpu.amd(0x17, 0x08, 2)));
        assertEquals(Optional.empty(), uarch(EmulatedCpu.intel(6, 0xFF, 0)));
    }

    private static Optional<String> uarch(EmulatedCpu.Builder cpu) {
        return Microarchitectures.of(CpuIdentity.of(cpu.build()));
    }

    @Test
    void levelsAreCumulative() {
        EnumSet<X86Feature> usable = EnumSet.noneOf(X86Feature.class);
        assertEquals(PsAbiLevel.NONE, PsAbiLevel.of(usable));
        usable.addAll(PsAbiLevel.V1.adds());
        assertEquals(PsAbiLevel.V1, PsAbiLevel.of(usable));
        usable.addAll(PsAbiLevel.V3.adds());
        assertEquals(PsAbiLevel.V1, PsAbiLevel.of(usable), "v3 without v2 is still v1");
        usable.addAll(PsAbiLevel.V2.adds());
        assertEquals(PsAbiLevel.V3, PsAbiLevel.of(usable));
        usable.addAll(PsAbiLevel.V4.adds());
        assertEquals(PsAbiLevel.V4, PsAbiLevel.of(usable));
        usable.remove(X86Feature.LM);
        assertEquals(PsAbiLevel.NONE, PsAbiLevel.of(usable), "no long mode, no x86-64 level");
    }

    @Test
    void theHypervisorIsNamedOnlyWhenTheHypervisorBitIsSet() {
        EmulatedCpu.Builder kvm = EmulatedCpu.amd(0x1A, 0x02, 1).leaf(0x4000_0000, 0, 0x4000_0001, 0x4b4d564b, 0x564b4d56,
                0x0000004d);
        assertEquals(Optional.empty(), X86DecodedCpu.of(kvm.build()).hypervisor());
        assertEquals(Optional.of("KVM"), X86DecodedCpu.of(kvm.features(X86Feature.HYPERVISOR.canonicalName()).build()).hypervisor());
        EmulatedCpu.Builder odd = EmulatedCpu.intel(6, 0x55, 4).features(X86Feature.HYPERVISOR.canonicalName())
                .leaf(0x4000_0000, 0, 0x4000_0001, 0x64636261, 0x68676665, 0x6c6b6a69);
        assertEquals(Optional.of("abcdefghijkl"), X86DecodedCpu.of(odd.build()).hypervisor());
    }
}
