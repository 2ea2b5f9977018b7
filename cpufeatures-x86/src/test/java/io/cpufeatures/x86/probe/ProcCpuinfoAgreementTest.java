package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.DependencyChain;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.x86.table.CpuidBit;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.rules.FeatureDependencies;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * On whatever x86 Linux machine it runs, under any hypervisor: the native probe against the kernel's
 * /proc/cpuinfo flags, telling an error of ours from a decision of the kernel's or the hypervisor's. The
 * kernel may hide any flag it likes (errata and quirks, {@code clearcpuid=}, a flag newer than the kernel),
 * and the kernel's CPUID is not always the process's: a paravirtual or nested hypervisor (PVM, for one)
 * answers the guest kernel's CPUID itself and leaves user mode's to the level below, and CPUID faulting
 * lets a kernel or sandbox answer a process differently. On CI such a machine showed {@code x2apic},
 * {@code tsc_deadline_timer} and {@code topoext} in /proc/cpuinfo that the process's CPUID did not report.
 * So single flags may differ either way, printed, never a failure by themselves, and
 * <ol>
 *   <li>a probe that read a whole word wrong is caught per word: in the words every kernel since 4.x reads
 *       (leaf 1 ECX and EDX, leaf 7.0 EBX, leaf 0x80000001 ECX and EDX), when the kernel shows three or more
 *       flags of ours there, we must report at least half of them; when we see three or more set that the
 *       kernel has a name for, it must show at least one;</li>
 *   <li>a flag the kernel shows and we see present but refuse must be refused by a rule of our own (an
 *       erratum, a dependency row of ours, AMX's per-process permission): the kernel applies the XCR0 and
 *       {@code cpuid-deps.c} rules itself before it prints, so a refusal by those is our error.</li>
 * </ol>
 * Single table bits are checked where they can be: against the shared corpus's decodings by other tools.
 */
class ProcCpuinfoAgreementTest {

    /**
     * Flags of our table that Linux has no /proc name for (no quoted name in
     * {@code arch/x86/include/asm/cpufeatures.h}, or not in the kernel's table at all): never shown, so not
     * counted in a word's check.
     */
    private static final Set<String> KERNEL_NEVER_SHOWS = Set.of("osxsave", "hybrid_cpu", "sha512", "sm3", "sm4",
            "amx_fp16", "avx_ifma", "xfd", "spec_ctrl", "intel_stibp", "spec_ctrl_ssbd", "core_capabilities", "lkgs",
            "wrmsrns", "cmpccxadd", "fzrm", "fsrs", "fsrc", "prefetchwt1", "avx_vnni_int8", "avx_ne_convert",
            "amx_complex", "avx_vnni_int16", "prefetchiti", "avx10", "avx10_128", "avx10_256", "avx10_512", "apx",
            "lass", "lam", "shstk", "mp", "ia64", "tsc_adjust");

    /** The CPUID words every kernel since 4.x reads (leaf, subleaf, register). */
    private static final List<CpuidBit> OLD_WORDS = List.of(new CpuidBit(0x1, 0, Register.ECX, 0),
            new CpuidBit(0x1, 0, Register.EDX, 0), new CpuidBit(0x7, 0, Register.EBX, 0),
            new CpuidBit(0x8000_0001, 0, Register.ECX, 0), new CpuidBit(0x8000_0001, 0, Register.EDX, 0));

    @Test
    void theKernelOnlyHidesAndEveryRefusalOfAFlagItShowsIsOurOwn() throws Exception {
        Path procPath = Path.of("/proc/cpuinfo");
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && Files.isReadable(procPath), "x86 Linux only");
        X86Probe.Outcome o = X86Probe.system().probe(ProbeMode.NATIVE);
        assumeTrue(o.snapshot().isPresent(), "native probe unavailable: " + o.source());
        X86DecodedCpu cpu = X86DecodedCpu.of(o.snapshot().get());
        Set<String> proc = new TreeSet<>();
        for (String line : Files.readAllLines(procPath)) {
            if (line.startsWith("flags")) {
                proc.addAll(List.of(line.substring(line.indexOf(':') + 1).trim().split("\\s+")));
                break;
            }
        }
        assumeTrue(!proc.isEmpty(), "/proc/cpuinfo has no flags line");
        List<String> problems = new ArrayList<>();
        List<String> hidden = new ArrayList<>();
        List<String> notReported = new ArrayList<>();
        Map<CpuidBit, int[]> words = new LinkedHashMap<>();
        OLD_WORDS.forEach(w -> words.put(w, new int[4]));
        for (X86Feature f : X86Feature.values()) {
            String name = f.canonicalName();
            boolean present = cpu.present().contains(f);
            boolean shown = proc.contains(name);
            if (shown && !present) {
                notReported.add(name + " (" + f.bit() + ")");
            } else if (present && !shown) {
                hidden.add(name);
            } else if (shown && !cpu.isUsable(f) && !refusedByOurOwnRule(cpu, f)) {
                problems.add(name + ": the kernel shows it and we refuse it by a rule the kernel applies too: "
                        + cpu.reasons(f));
            }
            int[] counts = words.get(new CpuidBit(f.bit().leaf(), f.bit().subleaf(), f.bit().register(), 0));
            if (counts != null && present && !KERNEL_NEVER_SHOWS.contains(name)) {
                counts[0]++;
                counts[1] += shown ? 1 : 0;
            }
            if (counts != null && shown) {
                counts[2]++;
                counts[3] += present ? 1 : 0;
            }
        }
        words.forEach((w, counts) -> {
            if (counts[0] >= 3 && counts[1] == 0) {
                problems.add("CPUID." + Integer.toHexString(w.leaf()) + ":" + w.register() + ": the kernel shows none of the "
                        + counts[0] + " flags we read set there; the probe read the word wrong");
            }
            if (counts[2] >= 3 && 2 * counts[3] < counts[2]) {
                problems.add("CPUID." + Integer.toHexString(w.leaf()) + ":" + w.register() + ": we report only " + counts[3]
                        + " of the " + counts[2] + " flags the kernel shows there; the probe read the word wrong");
            }
        });
        System.out.printf("/proc/cpuinfo agreement: %d features, hidden by the kernel: %s, shown by the kernel and not"
                + " reported to this process: %s%n", X86Feature.values().length, hidden, notReported);
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** Whether {@code f} is refused by an erratum, AMX's permission, or a dependency row of our own on its chain. */
    private static boolean refusedByOurOwnRule(X86DecodedCpu cpu, X86Feature f) {
        for (Reason r : cpu.reasons(f)) {
            if (r.kind() == ReasonKind.ERRATUM || r.kind() == ReasonKind.OS_PERMISSION) {
                return true;
            }
        }
        Optional<DependencyChain<X86Feature>> chain = FeatureDependencies.DEPENDENCIES.chain(f, cpu.usable(), cpu.present());
        if (chain.isEmpty()) {
            return false;
        }
        List<X86Feature> path = chain.get().path();
        for (int i = 0; i + 1 < path.size(); i++) {
            X86Feature from = path.get(i);
            X86Feature to = path.get(i + 1);
            boolean oursOnly = FeatureDependencies.DEPENDENCIES.rows().stream()
                    .filter(d -> d.feature() == from && d.dependsOn() == to).allMatch(d -> d.origin().ours());
            if (oursOnly || refusedByOurOwnRule(cpu, to)) {
                return true;
            }
        }
        return false;
    }
}
