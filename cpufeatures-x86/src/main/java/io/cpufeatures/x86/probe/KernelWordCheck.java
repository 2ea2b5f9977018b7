package io.cpufeatures.x86.probe;

import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.table.X86Feature;

/**
 * Whether the kernel's word describes the CPU this process runs on. On x86 Linux the auxiliary vector's
 * {@code AT_HWCAP} is the kernel's own CPUID.1:EDX word ({@code ELF_HWCAP}, arch/x86/include/asm/elf.h: the boot CPU's
 * {@code x86_capability[CPUID_1_EDX]}), the same word {@code /proc/cpuinfo} prints the first flags of. An emulator of
 * user-mode CPUID builds the vector for the CPU it emulates ({@code qemu-user}: {@code get_elf_hwcap}, linux-user/elfload.c,
 * the model's leaf-1 EDX) while {@code /proc/cpuinfo} stays the host's: where the two words differ, the kernel's
 * {@code flags} are another CPU's. Only the bits the feature table names are compared. The signal is sound (a real
 * kernel gives one word to both) but not complete: an emulator whose model has the host's leaf-1 EDX, or one that
 * leaves the vector alone (Intel SDE), is not seen; docs/probing.md says so.
 */
final class KernelWordCheck {

    /** The CPUID.1:EDX bits the feature table names. */
    static final int KNOWN_LEAF1_EDX = knownLeaf1Edx();

    private KernelWordCheck() {
    }

    private static int knownLeaf1Edx() {
        int mask = 0;
        for (X86Feature f : X86Feature.values()) {
            CpuidBit b = f.bit();
            if (b.leaf() == 1 && b.subleaf() == 0 && b.register() == Register.EDX) {
                mask |= 1 << b.bit();
            }
        }
        return mask;
    }

    /**
     * Why the kernel's word is another CPU's than this process's, or null.
     *
     * @param kernel the snapshot made from {@code /proc/cpuinfo}
     * @param hwcap  {@code AT_HWCAP} of this process, or null where the vector lacks it
     * @return the mismatch in words, naming the bits; null when the words agree or there is no vector word
     */
    static String otherCpu(CpuidSnapshot kernel, Long hwcap) {
        if (hwcap == null) {
            return null;
        }
        int fromText = kernel.read(1).edx() & KNOWN_LEAF1_EDX;
        int fromVector = (int) (long) hwcap & KNOWN_LEAF1_EDX;
        if (fromText == fromVector) {
            return null;
        }
        return "the kernel's /proc/cpuinfo describes another CPU than the one this process runs on: its CPUID.1:EDX"
                + " flags are 0x" + Integer.toHexString(fromText) + ", the process's AT_HWCAP 0x"
                + Integer.toHexString(fromVector) + " (differing bits 0x" + Integer.toHexString(fromText ^ fromVector)
                + "), as under an emulator of user-mode CPUID such as qemu-user";
    }
}
