package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.x86.X86CpuInfo;
import io.cpufeatures.x86.feature.CpuidBit;
import io.cpufeatures.x86.feature.FeatureNames;
import io.cpufeatures.x86.feature.StateRequirement;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.feature.XsaveComponent;
import io.cpufeatures.x86.policy.PolicyFlag;
import io.cpufeatures.x86.policy.PreferYmmPolicy;
import io.cpufeatures.x86.raw.CpuidRegisters;
import io.cpufeatures.x86.raw.Hex;
import io.cpufeatures.x86.usable.Erratum;
import io.cpufeatures.x86.usable.Errata;
import io.cpufeatures.x86.usable.FeatureDependencies;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/** One feature through every layer: CPUID bit, XSAVE state, dependencies, errata, policy, JVM, verdict. */
final class FeatureExplainer {

    /** The JVM features that decide whether Java code gets to use a CPU feature. */
    private static final Map<X86Feature, List<String>> JVM = Map.of(
            X86Feature.SSE2, List.of("jvm.vector128"),
            X86Feature.SSE4_2, List.of("jvm.sse4_2"),
            X86Feature.AVX, List.of("jvm.avx"),
            X86Feature.AVX2, List.of("jvm.avx2", "jvm.vector256"),
            X86Feature.AVX512F, List.of("jvm.avx512", "jvm.vector512"),
            X86Feature.BMI1, List.of("jvm.bmi1", "jvm.tzcnt"),
            X86Feature.BMI2, List.of("jvm.bmi2"),
            X86Feature.FMA, List.of("jvm.fma"),
            X86Feature.POPCNT, List.of("jvm.popcnt"),
            X86Feature.ABM, List.of("jvm.lzcnt"));

    private final StringBuilder out = new StringBuilder();

    private FeatureExplainer() {
    }

    /**
     * The explanation of {@code name} on {@code cpu}.
     *
     * @throws io.cpufeatures.core.UnknownFeatureException for an unknown name, with the closest ones
     */
    static String explain(Machine.Cpu cpu, JvmView jvm, String name) {
        String canonical = CpuFeatures.canonicalName(name, "explain");
        FeatureExplainer e = new FeatureExplainer();
        if (JvmView.isJvmName(canonical)) {
            e.jvmFeature(jvm, canonical);
        } else if (canonical.equals(PolicyFlag.PREFER_YMM.canonicalName())) {
            e.preferYmm(cpu);
        } else {
            X86CpuInfo x86 = cpu.x86().orElseThrow(() -> new CliFailure(CliFailure.FILE_FAILED,
                    "no x86 CPU information here (" + cpu.features().source() + ")"));
            e.feature(x86, FeatureNames.require(canonical, "explain"), jvm);
        }
        return e.out.toString();
    }

    private void feature(X86CpuInfo x86, X86Feature f, JvmView jvm) {
        line("feature", f.canonicalName() + (f.aliases().isEmpty() ? "" : " (also " + String.join(", ", f.aliases()) + ")")
                + ", " + f.family().label());
        CpuidBit b = f.bit();
        CpuidRegisters r = x86.snapshot().read(b.leaf(), b.subleaf());
        boolean present = x86.present().contains(f);
        line("CPUID bit", b + " = " + (r.bit(b.register(), b.bit()) ? 1 : 0) + " (" + b.register().name().toLowerCase()
                + "=0x" + Hex.of(r.get(b.register()), 8) + ")" + (present ? "" : ": not present")
                + (!present && r.bit(b.register(), b.bit()) ? " (the leaf is not defined on this CPU)" : ""));
        StateRequirement s = f.state();
        if (s == StateRequirement.NONE) {
            line("OS state", "none needed (no XSAVE-managed registers)");
        } else if (s == StateRequirement.OSXSAVE) {
            line("OS state", "needs CPUID.1:ECX.OSXSAVE (CR4.OSXSAVE): " + (x86.xcr0().osxsave() ? "set" : "clear"));
        } else {
            String enabled = x86.xcr0().describe();
            if (x86.xcr0().value().isPresent()) {
                long missing = s.xcr0Mask() & ~x86.xcr0().value().getAsLong();
                enabled += missing == 0 ? ": all enabled" : ": lacks " + XsaveComponent.names(missing);
            }
            line("OS state", s.name() + " needs XCR0 0x" + Long.toHexString(s.xcr0Mask()) + " ("
                    + XsaveComponent.names(s.xcr0Mask()) + ")" + (s.onlyWithOsxsave() ? " when OSXSAVE is set" : "")
                    + "; OSXSAVE " + (x86.xcr0().osxsave() ? "set" : "clear") + "; " + enabled);
        }
        List<String> deps = new ArrayList<>();
        for (X86Feature d : FeatureDependencies.direct(f)) {
            deps.add(d.canonicalName() + " (" + state(x86, d) + ")");
        }
        line("depends on", deps.isEmpty() ? "nothing" : String.join(", ", deps));
        List<String> closure = FeatureDependencies.closureOf(f).stream().filter(d -> !FeatureDependencies.direct(f).contains(d))
                .map(d -> d.canonicalName() + " (" + state(x86, d) + ")").collect(Collectors.toList());
        if (!closure.isEmpty()) {
            line("  and through them", String.join(", ", closure));
        }
        List<String> errata = new ArrayList<>();
        for (Erratum er : Errata.table()) {
            if (er.features().contains(f)) {
                errata.add(er.id() + (er.applies().test(x86.identity(), x86.present()) ? " applies" : " does not apply"));
            }
        }
        line("errata", errata.isEmpty() ? "none known" : String.join(", ", errata));
        line("policy", "prefer_ymm " + (x86.hasPolicy(PolicyFlag.PREFER_YMM) ? "set: prefer 256-bit code" : "not set"));
        List<String> jvmLines = new ArrayList<>();
        for (String j : JVM.getOrDefault(f, List.of())) {
            jvmLines.add(j + (jvm.has(j) ? " yes" : " no (" + jvm.reasons(j).get(0).detail() + ")"));
        }
        line("JVM", jvmLines.isEmpty() ? "no JVM feature maps to it" : String.join("; ", jvmLines));
        List<Reason> reasons = x86.reasons(f);
        String verdict;
        if (x86.isUsable(f)) {
            verdict = "usable";
        } else if (!present) {
            verdict = "not usable: the CPU does not report it";
        } else {
            verdict = "not usable: " + reasons.stream().map(Reason::toString).collect(Collectors.joining("; "));
        }
        line("verdict", verdict);
    }

    private static String state(X86CpuInfo x86, X86Feature d) {
        if (x86.isUsable(d)) {
            return "usable";
        }
        return x86.present().contains(d) ? "not usable: " + x86.reasons(d).get(0) : "not present";
    }

    private void jvmFeature(JvmView jvm, String name) {
        line("feature", name + " (the JVM's view)");
        line("JVM", jvm.vmName() + " " + System.getProperty("java.version"));
        line("flags", jvm.flags().isEmpty() ? "unreadable (not HotSpot)" : jvm.flags().toString());
        line("Vector API", jvm.vectorApiReadable() ? "readable, preferred " + jvm.preferredVectorBits().orElse(0) + " bits"
                : "not readable");
        line("verdict", jvm.has(name) ? "holds" : "does not hold: " + jvm.reasons(name).get(0).detail());
    }

    private void preferYmm(Machine.Cpu cpu) {
        line("flag", "prefer_ymm (policy: prefer 256-bit code; never removes usability)");
        line("rule", "Linux sets it on Intel family 6 models " + PreferYmmPolicy.MODELS.stream().sorted()
                .map(m -> "0x" + Integer.toHexString(m)).collect(Collectors.joining(", ")) + ", any stepping");
        cpu.x86().ifPresent(x86 -> line("this CPU", x86.identity().vendor() + " family 0x"
                + Integer.toHexString(x86.identity().family()) + " model 0x" + Integer.toHexString(x86.identity().model())));
        line("verdict", cpu.features().has("prefer_ymm") ? "set" : "not set");
    }

    private void line(String label, String value) {
        out.append(label).append(" ".repeat(Math.max(1, 18 - label.length()))).append(value).append('\n');
    }
}
