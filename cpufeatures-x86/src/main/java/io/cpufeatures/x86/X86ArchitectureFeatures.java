package io.cpufeatures.x86;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.core.trace.Trace;
import io.cpufeatures.x86.feature.CoreType;
import io.cpufeatures.x86.feature.FeatureNames;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.policy.PolicyRule;
import io.cpufeatures.x86.policy.PolicyRules;
import io.cpufeatures.x86.raw.Hex;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The x86 decoding as the architecture-neutral facade sees it: canonical names, reasons, traces, description. */
final class X86ArchitectureFeatures implements ArchitectureFeatures {

    static final String ARCHITECTURE = "x86_64";

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
        Optional<PolicyRule> rule = PolicyRules.named(canonicalName);
        if (rule.isPresent()) {
            return policy.contains(canonicalName) ? List.of() : List.of(new Reason(ReasonKind.NOT_PRESENT,
                    canonicalName + " applies only to " + rule.get().appliesTo()));
        }
        Optional<X86Feature> f = FeatureNames.byCanonical(canonicalName);
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
    public Optional<Trace> trace(String canonicalName) {
        Optional<PolicyRule> rule = PolicyRules.named(canonicalName);
        if (rule.isPresent()) {
            return Optional.of(X86Traces.policy(info, rule.get()));
        }
        return FeatureNames.byCanonical(canonicalName).map(f -> X86Traces.feature(info, f));
    }

    @Override
    public ArchitectureFeatures without(Set<String> canonicalNames) {
        Set<X86Feature> more = EnumSet.noneOf(X86Feature.class);
        more.addAll(disabled);
        for (String n : canonicalNames) {
            FeatureNames.byCanonical(n).ifPresent(more::add);
        }
        return new X86ArchitectureFeatures(X86Decoder.decode(info.snapshot(), more), more);
    }

    @Override
    public Map<String, String> identity() {
        Map<String, String> m = new LinkedHashMap<>();
        var id = info.identity();
        m.put("vendor", id.vendorString());
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
    public CpuDescription describe(int logicalCpus) {
        return X86Description.of(info, logicalCpus);
    }

    @Override
    public Optional<CpuSnapshot> snapshot() {
        return Optional.of(info.snapshot());
    }

    @Override
    public X86CpuInfo details() {
        return info;
    }

    /** The core type of CPUID.0x1A, on a part that sets the hybrid flag (an all-Atom part reports 0x1A too). */
    @Override
    public Optional<String> coreType() {
        return coreTypeOf(info).map(CoreType::id);
    }

    static Optional<CoreType> coreTypeOf(X86CpuInfo info) {
        return info.present().contains(X86Feature.HYBRID_CPU) ? info.identity().hybridCoreType() : Optional.empty();
    }
}
