package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.core.SourceKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * What the kernel's word says of this machine beside what its CPU said: where the report's answer came from the native
 * probe, the kernel's {@code /proc/cpuinfo} is decoded too, by the same decoder, and the usable names that differ are
 * listed; or why the kernel's word was refused (an emulator, say). The process's own answer is never changed by it:
 * {@code has()} keeps the first source's (docs/probing.md, "Where the kernel's word and CPUID differ").
 *
 * @param cpuidOnly  names usable by the CPU's own answers and not by the kernel's word
 * @param kernelOnly names usable by the kernel's word and not by the CPU's own answers
 * @param refused    why the kernel's word gave no answer, or null
 */
record KernelWord(List<String> cpuidOnly, List<String> kernelOnly, String refused) {

    KernelWord {
        cpuidOnly = List.copyOf(cpuidOnly);
        kernelOnly = List.copyOf(kernelOnly);
    }

    /**
     * The comparison for {@code live}, the report of this process's CPU.
     *
     * @return empty unless {@code live} is an x86 CPU read by its own instructions (on arm64 and ppc64le the native
     *         answer is the kernel's word already)
     */
    static Optional<KernelWord> of(CpuFeatures live) {
        if (live.source().kind() != SourceKind.NATIVE || !live.architecture().equals("x86_64")) {
            return Optional.empty();
        }
        Properties p = new Properties();
        p.setProperty("cpufeatures.probe", ProbeMode.PROC_CPUINFO.id());
        CpuFeatures kernel = CpuFeatures.probe(ProbeSettings.from(p, Map.of()));
        if (kernel.source().kind() != SourceKind.PROC_CPUINFO) {
            if (kernel.source().failures().isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(new KernelWord(List.of(), List.of(), kernel.source().failures().get(0).reason()));
        }
        return Optional.of(new KernelWord(minus(live.usable(), kernel.usable()), minus(kernel.usable(), live.usable()),
                null));
    }

    private static List<String> minus(Set<String> a, Set<String> b) {
        Set<String> d = new TreeSet<>(a);
        d.removeAll(b);
        return List.copyOf(d);
    }

    /** {@return the report's line: the same, the differences, or the refusal} */
    String line() {
        if (refused != null) {
            return "not used: " + refused;
        }
        if (cpuidOnly.isEmpty() && kernelOnly.isEmpty()) {
            return "/proc/cpuinfo agrees with CPUID on every usable name";
        }
        return "/proc/cpuinfo differs (the answer is CPUID's): CPUID only: " + (cpuidOnly.isEmpty() ? "none"
                : String.join(" ", cpuidOnly)) + "; the kernel only: " + (kernelOnly.isEmpty() ? "none"
                : String.join(" ", kernelOnly));
    }
}
