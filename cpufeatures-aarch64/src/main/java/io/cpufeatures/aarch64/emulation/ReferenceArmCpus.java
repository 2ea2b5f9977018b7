package io.cpufeatures.aarch64.emulation;

/**
 * AArch64 CPUs as qemu 7.2's user-mode models present them (their MIDR and the hwcaps the models
 * report under {@code qemu-aarch64 -cpu MODEL}), for tests and examples that select for machines one
 * does not have. qemu gives its Cortex-A53 and A72 models the Armv8.0 crypto extension, which real
 * SoCs with those cores may lack (a Raspberry Pi's does).
 */
public final class ReferenceArmCpus {

    private ReferenceArmCpus() {
    }

    /** {@return a builder for a Cortex-A53 r0p4: Armv8.0 with crypto and CRC32, no LSE} */
    public static EmulatedArmCpu.Builder cortexA53() {
        return EmulatedArmCpu.arm(0xd03, 0, 4).features("fp", "asimd", "crypto", "crc32")
                .describedAs("Cortex-A53 as qemu 7.2 models it");
    }

    /** {@return a builder for a Cortex-A72 r0p3 (the first Graviton's core): Armv8.0 with crypto and CRC32, no LSE} */
    public static EmulatedArmCpu.Builder cortexA72() {
        return EmulatedArmCpu.arm(0xd08, 0, 3).features("fp", "asimd", "crypto", "crc32")
                .describedAs("Cortex-A72 as qemu 7.2 models it");
    }

    /**
     * {@return a builder for a Neoverse N1 r4p1 (Graviton2): Armv8.2 with LSE, FP16, RDM, LRCPC, DC CVAP, dot product,
     * SSBS}
     */
    public static EmulatedArmCpu.Builder neoverseN1() {
        return EmulatedArmCpu.arm(0xd0c, 4, 1).features("fp", "asimd", "crypto", "crc32", "atomics", "fphp", "asimdhp",
                "asimdrdm", "lrcpc", "dcpop", "asimddp", "ssbs").describedAs("Neoverse N1 as qemu 7.2 models it");
    }

    /** {@return a builder for a Fujitsu A64FX r1p0: Armv8.2 with SVE (the first SVE CPU), 512-bit vectors, no SVE2} */
    public static EmulatedArmCpu.Builder a64fx() {
        return EmulatedArmCpu.of(0x46, 0x001, 1, 0).features("fp", "asimd", "crypto", "crc32", "atomics", "fphp",
                "asimdhp", "asimdrdm", "fcma", "dcpop", "sve").sveVectorBits(512).describedAs("A64FX as qemu 7.2 models it");
    }
}
