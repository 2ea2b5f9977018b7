package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.X86Decoder;
import io.cpufeatures.x86.feature.X86Feature;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * On whatever x86 Linux machine it runs: the native probe's present and usable features against
 * the kernel's /proc/cpuinfo flags, for every feature both know. The report follows CPUID; each
 * difference allowed is listed here with the reason the kernel differs.
 */
class ProcCpuinfoAgreementTest {

    /** Flags of our table the kernel never prints (it has no /proc name for them). */
    private static final Set<String> KERNEL_NEVER_SHOWS = Set.of("osxsave", "hybrid_cpu", "sha512", "sm3", "sm4",
            "amx_fp16", "avx_ifma", "xfd", "spec_ctrl", "intel_stibp", "spec_ctrl_ssbd", "core_capabilities", "lkgs",
            "wrmsrns", "cmpccxadd", "fzrm", "fsrs", "fsrc", "prefetchwt1", "avx_vnni_int8", "avx_ne_convert",
            "amx_complex", "avx_vnni_int16", "prefetchiti", "avx10", "avx10_128", "avx10_256", "avx10_512", "apx",
            "lass", "lam", "shstk", "mp", "ia64", "tsc_adjust");

    /** Flags the kernel may hide although CPUID reports them, and why. */
    private static final Map<String, String> KERNEL_MAY_HIDE = Map.ofEntries(
            Map.entry("abm", "some guest kernels hide ABM/LZCNT from /proc (seen on this project's Zen 5 guests)"),
            Map.entry("sse4a", "some guest kernels hide SSE4a from /proc (seen on this project's Zen 5 guests)"),
            Map.entry("rdseed", "Linux clears RDSEED on parts whose RDSEED it distrusts (seen on this project's Zen 5 guests)"),
            Map.entry("mpx", "Linux dropped MPX support in 5.6 and no longer shows it"),
            Map.entry("la57", "newer kernels show la57 only when 5-level paging is in use"),
            Map.entry("pku", "shown only when the kernel enables protection keys (CONFIG_X86_INTEL_MEMORY_PROTECTION_KEYS)"),
            Map.entry("ospke", "reflects CR4.PKE, which only a kernel using protection keys sets"),
            Map.entry("sgx", "shown only with CONFIG_X86_SGX and firmware enabling SGX"),
            Map.entry("sgx_lc", "shown only with CONFIG_X86_SGX"),
            Map.entry("umip", "cleared when the kernel does not enable UMIP"),
            Map.entry("ibt", "shown only with CONFIG_X86_KERNEL_IBT"),
            Map.entry("xsaves", "cleared by the kernel on AMD family 0x17 (erratum 1386) and when it does not use XSAVES"),
            Map.entry("rdrand", "cleared on AMD family 0x15/0x16 after suspend/resume problems, unless rdrand=force"),
            Map.entry("x2apic", "cleared when the kernel does not use x2APIC"),
            Map.entry("tsc_deadline_timer", "cleared when the kernel distrusts the deadline timer (errata, VMs)"),
            Map.entry("fsgsbase", "cleared when booted with nofsgsbase"),
            Map.entry("md_clear", "a mitigation flag the kernel manages itself"),
            Map.entry("flush_l1d", "a mitigation flag the kernel manages itself"),
            Map.entry("rtm", "cleared when the kernel disables TSX (tsx=off, TAA mitigation)"),
            Map.entry("hle", "cleared when the kernel disables TSX (tsx=off, TAA mitigation)"),
            Map.entry("tsxldtrk", "cleared when the kernel disables TSX"),
            Map.entry("waitpkg", "cleared when the kernel does not enable UMWAIT"),
            Map.entry("pconfig", "shown only with TME/MKTME support"),
            Map.entry("tme", "shown only with TME support"),
            Map.entry("arch_lbr", "cleared when the kernel's perf does not use architectural LBR"),
            Map.entry("hypervisor", "set by some kernels from other evidence"),
            Map.entry("lwp", "Linux dropped LWP support and clears the flag"),
            Map.entry("ht", "cleared by some kernels when SMT is off"),
            Map.entry("monitor", "cleared when MONITOR/MWAIT is disabled (idle=..., VMs)"),
            Map.entry("svm", "cleared when the firmware disables SVM or in guests"),
            Map.entry("vmx", "cleared when the firmware disables VMX or in guests"),
            Map.entry("xtpr", "cleared by the kernel on some configurations"),
            Map.entry("pcid", "cleared with nopcid"),
            Map.entry("invpcid", "cleared with noinvpcid"),
            Map.entry("smap", "cleared with nosmap"),
            Map.entry("smep", "cleared with nosmep"));

    @Test
    void presentAndUsableAgreeWithTheKernelExceptWhereTheKernelIsKnownToDiffer() throws Exception {
        Path procPath = Path.of("/proc/cpuinfo");
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(procPath), "x86 Linux only");
        X86Probe.Outcome o = X86Probe.system().probe(ProbeMode.NATIVE);
        assumeTrue(o.snapshot().isPresent(), "native probe unavailable: " + o.source());
        X86CpuInfo cpu = X86Decoder.decode(o.snapshot().get());
        Set<String> proc = new TreeSet<>();
        for (String line : Files.readAllLines(procPath)) {
            if (line.startsWith("flags")) {
                proc.addAll(List.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+")));
                break;
            }
        }
        List<String> problems = new ArrayList<>();
        List<String> allowed = new ArrayList<>();
        int compared = 0;
        for (X86Feature f : X86Feature.values()) {
            String name = f.canonicalName();
            if (KERNEL_NEVER_SHOWS.contains(name)) {
                continue;
            }
            compared++;
            boolean present = cpu.present().contains(f);
            boolean shown = proc.contains(name);
            if (present == shown) {
                if (shown && !cpu.isUsable(f) && !KERNEL_MAY_HIDE.containsKey(name)) {
                    problems.add(name + ": the kernel shows it, we say not usable: " + cpu.reasons(f));
                }
                continue;
            }
            if (present && KERNEL_MAY_HIDE.containsKey(name)) {
                allowed.add(name + " (" + KERNEL_MAY_HIDE.get(name) + ")");
            } else {
                problems.add(name + ": CPUID " + (present ? "reports" : "does not report") + " it, /proc/cpuinfo "
                        + (shown ? "shows" : "does not show") + " it");
            }
        }
        System.out.printf("/proc/cpuinfo agreement: %d features compared, differences allowed: %s%n", compared, allowed);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
