package io.cpufeatures.x86.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.x86.rules.X86Decoder;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The corrections of issue 15 to the microarchitecture table, and the cores of hybrid parts, on emulated CPUs. */
class MicroarchitecturesTest {

    private static String name(EmulatedCpu.Builder cpu) {
        return X86Decoder.decode(cpu.build()).microarchitecture().orElse("?");
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
        assertEquals(Optional.of("Skylake"), X86Decoder.decode(EmulatedCpu.intel(6, 0x5E, 3).build()).microarchitecture());
    }
}
