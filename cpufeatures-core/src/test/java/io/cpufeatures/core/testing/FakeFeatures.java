package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.trace.Check;
import io.cpufeatures.core.trace.FeatureTrace;
import io.cpufeatures.core.trace.PolicyTrace;
import io.cpufeatures.core.trace.Trace;
import io.cpufeatures.core.trace.Verdict;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A tiny architecture for facade tests: features "alpha", "beta" (alias "b"), "gamma" (depends on
 * beta), policy flag "slow_wide"; "beta" and "gamma" usable unless disabled.
 */
public final class FakeFeatures implements DecodedCpu {

    /** The one fact a fake CPU has. */
    public static final CpuDescription.FactKind VENDOR = new CpuDescription.FactKind("vendor", "vendor",
            CpuDescription.Type.STRING, "the fake vendor");


    private final Set<String> disabled;
    private final Optional<String> coreType;

    public FakeFeatures(Set<String> disabled) {
        this(disabled, Optional.empty());
    }

    /** One core type of a hybrid fake machine. */
    public FakeFeatures(Set<String> disabled, Optional<String> coreType) {
        this.disabled = Set.copyOf(disabled);
        this.coreType = coreType;
    }

    @Override
    public Optional<String> coreType() {
        return coreType;
    }

    @Override
    public String architecture() {
        return "fake";
    }

    @Override
    public Set<String> presentNames() {
        return Set.of("beta", "gamma");
    }

    @Override
    public Set<String> usableNames() {
        Set<String> u = new LinkedHashSet<>();
        if (!disabled.contains("beta")) {
            u.add("beta");
            if (!disabled.contains("gamma")) {
                u.add("gamma");
            }
        }
        return u;
    }

    @Override
    public Map<String, List<Reason>> notUsableByName() {
        Map<String, List<Reason>> m = new LinkedHashMap<>();
        for (String f : presentNames()) {
            if (!usableNames().contains(f)) {
                m.put(f, reasons(f));
            }
        }
        return m;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        if (usableNames().contains(canonicalName) || canonicalName.equals("slow_wide")) {
            return List.of();
        }
        if (disabled.contains(canonicalName)) {
            return List.of(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable"));
        }
        if (canonicalName.equals("gamma")) {
            return List.of(new Reason(ReasonKind.DEPENDENCY, "gamma <- beta"));
        }
        return List.of(new Reason(ReasonKind.NOT_PRESENT, canonicalName + " not reported"));
    }

    @Override
    public Set<String> policyFlags() {
        return Set.of("slow_wide");
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        if (canonicalName.equals("slow_wide")) {
            return Optional.of(new PolicyTrace("slow_wide", "prefer narrow code", "every fake CPU", "the fake's own rule",
                    Optional.of("a fake CPU"), true));
        }
        List<Reason> reasons = reasons(canonicalName);
        boolean present = presentNames().contains(canonicalName);
        Verdict verdict = reasons.isEmpty() ? Verdict.USABLE : present ? Verdict.NOT_USABLE : Verdict.NOT_PRESENT;
        return Optional.of(new FeatureTrace(canonicalName, List.of(), "fake", new Check("bit", "fake bit", present),
                new Check("OS state", "none needed", true), List.of(), List.of(), List.of(),
                disabled.contains(canonicalName), List.of(), List.of(), verdict,
                verdict == Verdict.NOT_USABLE ? reasons : List.of(), Optional.empty()));
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        Set<String> more = new LinkedHashSet<>(disabled);
        more.addAll(canonicalNames);
        return new FakeFeatures(more, coreType);
    }

    @Override
    public Map<String, String> identityFacts() {
        return Map.of("vendor", "Fake");
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        return new CpuDescription(List.of(CpuDescription.Fact.line("cpu", "a fake CPU", VENDOR.is("Fake"))
                .summarised("Fake")), List.of(), List.of("beta"));
    }

    @Override
    public Optional<CpuSnapshot> decodedFrom() {
        return Optional.empty();
    }

}
