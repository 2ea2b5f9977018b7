package io.cpufeatures.x86;

import io.cpufeatures.x86.raw.Hex;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.x86.feature.FeatureNames;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.policy.PolicyFlag;
import io.cpufeatures.x86.policy.PreferYmmPolicy;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/** The x86 decoding as the architecture-neutral facade sees it: canonical names, reasons, identity. */
final class X86ArchitectureFeatures implements ArchitectureFeatures {

    static final String ARCHITECTURE = "x86_64";

    private static final Map<String, String> NAMES = acceptedNames();

    private final X86CpuInfo info;
    private final Set<X86Feature> disabled;
    private final Set<String> present;
    private final Set<String> usable;
    private final Map<String, List<Reason>> notUsable;
    private final Set<String> policy;

    X86ArchitectureFeatures(X86CpuInfo info, Set<X86Feature> disabled) {
        this.info = info;
        this.disabled = disabled.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(disabled));
        this.present = canonical(info.present());
        this.usable = canonical(info.usable());
        Map<String, List<Reason>> n = new LinkedHashMap<>();
        info.notUsable().forEach((f, r) -> n.put(f.canonicalName(), r));
        this.notUsable = Collections.unmodifiableMap(n);
        Set<String> flags = new LinkedHashSet<>();
        info.policy().forEach(p -> flags.add(p.canonicalName()));
        this.policy = Collections.unmodifiableSet(flags);
    }

    private static Set<String> canonical(Set<X86Feature> features) {
        Set<String> names = new LinkedHashSet<>();
        features.forEach(f -> names.add(f.canonicalName()));
        return Collections.unmodifiableSet(names);
    }

    private static Map<String, String> acceptedNames() {
        Map<String, String> m = new LinkedHashMap<>();
        for (X86Feature f : X86Feature.values()) {
            m.put(f.canonicalName(), f.canonicalName());
            f.aliases().forEach(a -> m.put(a, f.canonicalName()));
        }
        for (PolicyFlag p : PolicyFlag.values()) {
            m.put(p.canonicalName(), p.canonicalName());
        }
        return Collections.unmodifiableMap(m);
    }

    /** The canonical name of any spelling of an x86 feature or policy flag. */
    static Optional<String> canonical(String name) {
        Optional<X86Feature> f = FeatureNames.find(name);
        if (f.isPresent()) {
            return Optional.of(f.get().canonicalName());
        }
        String n = FeatureNames.normalise(name);
        for (PolicyFlag p : PolicyFlag.values()) {
            if (p.canonicalName().equals(n)) {
                return Optional.of(n);
            }
        }
        return Optional.empty();
    }

    @Override
    public String architecture() {
        return ARCHITECTURE;
    }

    @Override
    public Set<String> present() {
        return present;
    }

    @Override
    public Set<String> usable() {
        return usable;
    }

    @Override
    public Map<String, List<Reason>> notUsable() {
        return notUsable;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        for (PolicyFlag p : PolicyFlag.values()) {
            if (p.canonicalName().equals(canonicalName)) {
                return policy.contains(canonicalName) ? List.of() : List.of(new Reason(ReasonKind.NOT_PRESENT,
                        canonicalName + " applies only to Intel family 6 models " + PreferYmmPolicy.MODELS.stream()
                                .sorted().map(m -> String.format("0x%02X", m)).collect(Collectors.joining(", "))));
            }
        }
        Optional<X86Feature> f = FeatureNames.find(canonicalName);
        if (f.isEmpty()) {
            return List.of(new Reason(ReasonKind.NOT_PRESENT, "'" + canonicalName + "' is not an x86 feature"));
        }
        if (info.usable().contains(f.get())) {
            return List.of();
        }
        if (info.present().contains(f.get())) {
            return info.reasons(f.get());
        }
        return List.of(new Reason(ReasonKind.NOT_PRESENT, "the CPU does not report it (" + f.get().bit() + " is 0)"));
    }

    @Override
    public Set<String> policyFlags() {
        return policy;
    }

    @Override
    public Map<String, String> names() {
        return NAMES;
    }

    @Override
    public Optional<String> canonicalName(String name) {
        return canonical(name);
    }

    @Override
    public List<String> suggestions(String name) {
        return FeatureNames.suggestions(name);
    }

    @Override
    public ArchitectureFeatures without(Set<String> canonicalNames) {
        Set<X86Feature> more = EnumSet.noneOf(X86Feature.class);
        more.addAll(disabled);
        for (String n : canonicalNames) {
            FeatureNames.find(n).ifPresent(more::add);
        }
        return new X86ArchitectureFeatures(X86Decoder.decode(info.snapshot(), more), more);
    }

    @Override
    public Map<String, String> identity() {
        Map<String, String> m = new LinkedHashMap<>();
        var id = info.identity();
        m.put("vendor", id.vendor());
        m.put("brand", id.brand());
        m.put("family", Hex.prefixed(id.family()));
        m.put("model", Hex.prefixed(id.model()));
        m.put("stepping", Integer.toString(id.stepping()));
        m.put("signature", id.signatureHex());
        info.microarchitecture().ifPresent(u -> m.put("microarchitecture", u));
        info.hypervisor().ifPresent(h -> m.put("hypervisor", h));
        m.put("xcr0", info.xcr0().describe());
        m.put("level", info.level().id());
        info.avx10Version().ifPresent(v -> m.put("avx10", Integer.toString(v)));
        return Collections.unmodifiableMap(m);
    }

    @Override
    public X86CpuInfo details() {
        return info;
    }
}
