package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * On this machine, {@code has()} from the kernel's word against {@code has()} from CPUID, name by name. They may differ
 * only where the kernel decides for itself ({@link #KERNEL_DECIDES}, each with the kernel's reason), or where the kernel
 * does not read the CPUID this process reads: its CPUID.1:EDX word ({@code AT_HWCAP}) differs from the process's (a
 * paravirtualised guest kernel, PVM, whose CPUID the hypervisor answers; a kernel told {@code clearcpuid=}). Then every
 * difference is allowed and printed: the kernel's word is another reading of the CPU, which docs/probing.md's table
 * shows for the CI machine. Holds on any x86 Linux machine, under any hypervisor.
 */
class KernelWordAgreementTest {

    /**
     * Names the kernel shows or hides by its own decision, whatever CPUID says, with its reason
     * (arch/x86/include/asm/cpufeatures.h and the code that sets or clears each).
     */
    static final Map<String, String> KERNEL_DECIDES = Map.ofEntries(
            Map.entry("x2apic", "the kernel's APIC set-up sets and clears it (x2apic_setup, nox2apic)"),
            Map.entry("tsc_deadline_timer", "cleared where the kernel's APIC timer must not use it (its errata list)"),
            Map.entry("fsgsbase", "shown only where the kernel enabled CR4.FSGSBASE (nofsgsbase)"),
            Map.entry("smap", "shown only where the kernel enabled CR4.SMAP (nosmap)"),
            Map.entry("smep", "shown only where the kernel enabled CR4.SMEP (nosmep)"),
            Map.entry("pcid", "cleared by nopcid"),
            Map.entry("invpcid", "cleared by noinvpcid"),
            Map.entry("pku", "shown only where the kernel enabled CR4.PKE (nopku)"),
            Map.entry("ospke", "CR4.PKE as the kernel set it"),
            Map.entry("umip", "shown only where the kernel enabled CR4.UMIP"),
            Map.entry("la57", "shown only where the kernel runs 5-level paging (no5lvl)"),
            Map.entry("mtrr", "cleared where the kernel runs without MTRRs (a guest whose hypervisor offers none)"),
            Map.entry("pdpe1gb", "cleared where the kernel maps no 1 GiB pages (nogbpages)"),
            Map.entry("topoext", "set by the kernel's AMD topology code"),
            Map.entry("hypervisor", "the hypervisor bit, which a kernel sets from its paravirt interface too"));

    @Test
    void theKernelsWordAndCpuidGiveTheSameAnswersButWhereTheKernelDecides() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && Files.isReadable(Path.of("/proc/cpuinfo")),
                "x86-64 Linux only");
        X86Probe.Outcome cpuid = X86Probe.system().probe(ProbeMode.NATIVE);
        assumeTrue(cpuid.snapshot().isPresent(), "the native probe is unavailable here: " + cpuid.source());
        X86Probe.Outcome kernel = X86Probe.system().probe(ProbeMode.PROC_CPUINFO);
        assumeTrue(kernel.snapshot().isPresent(), "the kernel's word is refused here: " + kernel.source());
        X86DecodedCpu a = X86DecodedCpu.of(cpuid.snapshot().get());
        X86DecodedCpu b = X86DecodedCpu.of(kernel.snapshot().get());
        int mask = KernelWordCheck.KNOWN_LEAF1_EDX;
        long hwcap = AuxvFile.read(AuxvFile.SELF, AuxvFile.AT_HWCAP)[0];
        boolean otherCpuid = (cpuid.snapshot().get().read(1).get(Register.EDX) & mask) != ((int) hwcap & mask);
        List<String> unexplained = new ArrayList<>();
        TreeSet<String> cpuidOnly = new TreeSet<>();
        TreeSet<String> kernelOnly = new TreeSet<>();
        for (X86Feature f : X86Feature.values()) {
            boolean x = a.isUsable(f);
            boolean y = b.isUsable(f);
            if (x == y) {
                continue;
            }
            (x ? cpuidOnly : kernelOnly).add(f.canonicalName());
            if (!KERNEL_DECIDES.containsKey(f.canonicalName()) && !otherCpuid) {
                unexplained.add(f.canonicalName() + (x ? " (CPUID only)" : " (the kernel only)"));
            }
        }
        System.out.println("kernel's word against CPUID: CPUID only " + cpuidOnly + ", the kernel only " + kernelOnly
                + (otherCpuid ? "; the kernel reads another CPUID (AT_HWCAP 0x" + Long.toHexString(hwcap & mask)
                + ")" : ""));
        assertEquals(List.of(), unexplained, "differences the kernel's own decisions do not explain");
    }
}
