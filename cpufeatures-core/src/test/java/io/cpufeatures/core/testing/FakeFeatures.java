package io.cpufeatures.core.testing;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.spi.ArchitectureFeatures;
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
public final class FakeFeatures implements ArchitectureFeatures {

    static final Map<String, String> NAMES = Map.of("alpha", "alpha", "beta", "beta", "b", "beta", "gamma", "gamma",
            "slow_wide", "slow_wide");

    private final Set<String> disabled;

    public FakeFeatures(Set<String> disabled) {
        this.disabled = Set.copyOf(disabled);
    }

    @Override
    public String architecture() {
        return "fake";
    }

    @Override
    public Set<String> present() {
        return Set.of("beta", "gamma");
    }

    @Override
    public Set<String> usable() {
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
    public Map<String, List<Reason>> notUsable() {
        Map<String, List<Reason>> m = new LinkedHashMap<>();
        for (String f : present()) {
            if (!usable().contains(f)) {
                m.put(f, reasons(f));
            }
        }
        return m;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        if (usable().contains(canonicalName) || canonicalName.equals("slow_wide")) {
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
    public Map<String, String> names() {
        return NAMES;
    }

    @Override
    public Optional<String> canonicalName(String name) {
        return Optional.ofNullable(NAMES.get(name.toLowerCase()));
    }

    @Override
    public List<String> suggestions(String name) {
        return List.of();
    }

    @Override
    public ArchitectureFeatures without(Set<String> canonicalNames) {
        Set<String> more = new LinkedHashSet<>(disabled);
        more.addAll(canonicalNames);
        return new FakeFeatures(more);
    }

    @Override
    public Map<String, String> identity() {
        return Map.of("vendor", "Fake");
    }

    @Override
    public Object details() {
        return this;
    }
}
