package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The corrections of issue 15 to the microarchitecture table, and the cores of hybrid parts, on emulated CPUs. */
class MicroarchitecturesTest {

    private static String name(EmulatedCpu.Builder cpu) {
        return X86DecodedCpu.of(cpu.build()).microarchitecture().orElse("?");
    }

    /** A logical CPU of a hybrid part: the hybrid flag, and CPUID.0x1A with this core type and native model id. */
    private static EmulatedCpu.Builder hybridCore(int model, int coreType, int nativeModelId) {
        return EmulatedCpu.intel(6, model, 2).features(X86Feature.HYBRID_CPU.canonicalName()).leaf(0x1A, 0, coreType << 24 | nativeModelId, 0, 0, 0);
    }

    @Test
    void amdFamiliesAreNamedAfterTheirCores() {
        assertEquals("Bulldozer", name(EmulatedCpu.amd(0x15, 0x01, 2)), "Interlagos/Zambezi OR-B2");
        assertEquals("Piledriver", name(EmulatedCpu.amd(0x15, 0x02, 0)), "Vishera/Abu Dhabi OR-C0, qemu's Opteron_G5");
        assertEquals("Piledriver", name(EmulatedCpu.amd(0x15, 0x10, 1)), "Trinity");
        assertEquals("K10 (Llano)", name(EmulatedCpu.amd(0x12, 0x01, 0)));
        assertEquals("K8 (Griffin)", name(EmulatedCpu.amd(0x11, 0x03, 1)));
        assertEquals("Zen 2", name(EmulatedCpu.amd(0x17, 0x84, 0)), "4800S desktop kit");
        assertEquals("Zen 2", name(EmulatedCpu.amd(0x17, 0x47, 0)), "4700S desktop kit");
        assertEquals("Zen 6", name(EmulatedCpu.amd(0x1a, 0x80, 0)), "Linux 847ebc447671");
        assertEquals("Zen 5", name(EmulatedCpu.amd(0x1a, 0x44, 0)));
    }

    @Test
    void intelModelsLinuxListsAreNamed() {
        assertEquals("Atom Airmont", name(EmulatedCpu.intel(6, 0x75, 0)));
        assertEquals("Whiskey Lake / Comet Lake", name(EmulatedCpu.intel(6, 0x8E, 0xC)));
        assertEquals("Kaby Lake R / Coffee Lake", name(EmulatedCpu.intel(6, 0x8E, 0xA)));
    }

    @Test
    void theCoresOfAHybridPartAreNamedByCoreType() {
        assertEquals("Lakefield (Sunny Cove)", name(hybridCore(0x8A, 0x40, 0)));
        assertEquals("Lakefield (Tremont)", name(hybridCore(0x8A, 0x20, 0)));
        assertEquals("Alder Lake (Golden Cove)", name(hybridCore(0x9A, 0x40, 1)));
        assertEquals("Alder Lake (Gracemont)", name(hybridCore(0x9A, 0x20, 1)));
        assertEquals("Raptor Lake (Raptor Cove)", name(hybridCore(0xB7, 0x40, 1)));
        assertEquals("Meteor Lake (Crestmont)", name(hybridCore(0xAA, 0x20, 2)));
        // Arrow Lake-H: two kinds of efficiency core, told apart by the native model id.
        assertEquals("Arrow Lake (Lion Cove)", name(hybridCore(0xC5, 0x40, 3)));
        assertEquals("Arrow Lake (Skymont)", name(hybridCore(0xC5, 0x20, 3)));
        assertEquals("Arrow Lake (Crestmont)", name(hybridCore(0xC5, 0x20, 2)));
        assertEquals("Wildcat Lake (Darkmont)", name(hybridCore(0xD5, 0x20, 4)));
    }

    @Test
    void aDieOfOnlyPerformanceCoresIsNamedAfterThemUnlessAHypervisorHidesTheHost() {
        // The Alder Lake i5-12400 (06-97-05): no hybrid flag, leaf 0x1A reads zero.
        assertEquals("Alder Lake (Golden Cove)", name(EmulatedCpu.intel(6, 0x97, 5).leaf(0x1A, 0, 0, 0, 0, 0)));
        assertEquals("Alder Lake", name(EmulatedCpu.intel(6, 0x97, 5).features(X86Feature.HYPERVISOR.canonicalName())));
        assertEquals("Alder Lake", name(EmulatedCpu.intel(6, 0x97, 5).features(X86Feature.HYBRID_CPU.canonicalName())),
                "a hybrid package whose core type is not known");
        assertEquals(Optional.of("Skylake"), X86DecodedCpu.of(EmulatedCpu.intel(6, 0x5E, 3).build()).microarchitecture());
    }

    /**
     * Lakefield (family 6 model 0x8A; Linux intel-family.h INTEL_LAKEFIELD "Sunny Cove / Tremont") has no die of one core
     * type: every part, the i5-L16G7 and the i3-L13G4 (signature 000806A1), is one Sunny Cove and four Tremont cores
     * (Intel ARK). Without CPUID.0x1A saying which core answered (a kernel before Linux 5.13 names no hybrid_cpu, a
     * reduced CPUID, a zero leaf 0x1A), the part is named, not a core; with it, the core is (cpu_features
     * src/impl_x86.c names the model INTEL_ATOM_TMT, Tremont: a core, not the part).
     */
    @Test
    void lakefieldWithoutCoreTypeEvidenceIsThePartNotItsBigCore() {
        assertEquals("Lakefield", name(EmulatedCpu.intel(6, 0x8A, 1)), "no hybrid flag, no leaf 0x1A");
        assertEquals("Lakefield", name(EmulatedCpu.intel(6, 0x8A, 1).leaf(0x1A, 0, 0, 0, 0, 0)), "leaf 0x1A reads zero");
        assertEquals("Lakefield", name(EmulatedCpu.intel(6, 0x8A, 1).features(X86Feature.HYBRID_CPU.canonicalName())));
        assertEquals("Lakefield (Sunny Cove)", name(hybridCore(0x8A, 0x40, 0)), "leaf 0x1A: a Core-type core");
        assertEquals("Lakefield (Tremont)", name(hybridCore(0x8A, 0x20, 0)), "leaf 0x1A: an Atom-type core");
        // a die of one core type still is named after it (the Alder Lake i5-12400, 06-97-05)
        assertEquals("Alder Lake (Golden Cove)", name(EmulatedCpu.intel(6, 0x97, 5)));
    }

    /**
     * AMD family 16h model 0x26 is the A9-9820 ("Cato", the Xbox One's die sold as an APU), eight Jaguar cores: google
     * cpu_features src/impl_x86.c (GetX86Microarchitecture: CPUID(0x16, 0x26) is AMD_JAGUAR) and the linux-hardware.org
     * probe it cites. Intel family 4 is the i486 line: Linux arch/x86/kernel/cpu/intel.c names models 0 to 9 of family
     * 4 "486 DX-25/33" to "486 DX/4-WB" (intel_cpu_dev's legacy model names), cpu_features names them INTEL_80486, and
     * Intel's AP-485 (Processor Identification and the CPUID Instruction) gives family 0100b to the Intel486 processors.
     */
    @Test
    void jaguarsA9_9820AndTheI486LineAreNamed() {
        assertEquals("Jaguar", name(EmulatedCpu.amd(0x16, 0x26, 1)), "A9-9820");
        assertEquals("Jaguar", name(EmulatedCpu.amd(0x16, 0x00, 1)), "Kabini/Temash, as before");
        assertEquals("Puma", name(EmulatedCpu.amd(0x16, 0x30, 1)), "Beema/Mullins, as before");
        assertEquals("?", name(EmulatedCpu.amd(0x16, 0x60, 0)), "a model no source names stays unknown");
        assertEquals("i486", name(EmulatedCpu.intel(4, 0x8, 0)), "IntelDX4, signature 00000480");
        assertEquals("i486", name(EmulatedCpu.intel(4, 0x3, 5)), "IntelDX2");
        assertEquals("i486", name(EmulatedCpu.intel(4, 0x9, 0)), "IntelDX4 write-back");
        assertEquals("Am486/5x86", name(EmulatedCpu.amd(4, 0xF, 4)), "AMD's own family 4, as before");
    }
}
