package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import io.cpufeatures.aarch64.feature.FeatureNames;
import io.cpufeatures.aarch64.identity.CoreModel;
import io.cpufeatures.aarch64.identity.Implementers;
import io.cpufeatures.aarch64.raw.AArch64Snapshot;
import io.cpufeatures.aarch64.raw.Midr;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.spi.ArchitectureFeatures;
import io.cpufeatures.core.trace.Trace;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The AArch64 decoding as the architecture-neutral facade sees it: canonical names, reasons, traces, description. */
final class AArch64ArchitectureFeatures implements ArchitectureFeatures {

    static final String ARCHITECTURE = AArch64Snapshot.ARCHITECTURE;

    private final AArch64CpuInfo info;
    private final Set<AArch64Feature> disabled;
    private final Set<String> present;
    private final Set<String> usable;
    private final Map<String, List<Reason>> notUsable;

    AArch64ArchitectureFeatures(AArch64CpuInfo info, Set<AArch64Feature> disabled) {
        this.info = info;
        this.disabled = disabled.isEmpty() ? Set.of() : Collections.unmodifiableSet(EnumSet.copyOf(disabled));
        this.present = canonical(info.present());
        this.usable = canonical(info.usable());
        Map<String, List<Reason>> n = new LinkedHashMap<>();
        info.notUsable().forEach((f, r) -> n.put(f.canonicalName(), r));
        this.notUsable = Collections.unmodifiableMap(n);
    }

    private static Set<String> canonical(Set<AArch64Feature> features) {
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
        Optional<AArch64Feature> f = FeatureNames.byCanonical(canonicalName);
        if (f.isEmpty()) {
            return List.of(new Reason(ReasonKind.NOT_PRESENT, "'" + canonicalName + "' is not an aarch64 feature"));
        }
        if (info.isUsable(f.get())) {
            return List.of();
        }
        if (info.present().contains(f.get())) {
            return info.reasons(f.get());
        }
        return List.of(new Reason(ReasonKind.NOT_PRESENT, AArch64Traces.absence(info.snapshot(), f.get())));
    }

    /** None: AArch64 has no policy flags. */
    @Override
    public Set<String> policyFlags() {
        return Set.of();
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        return FeatureNames.byCanonical(canonicalName).map(f -> AArch64Traces.feature(info, f));
    }

    @Override
    public ArchitectureFeatures without(Set<String> canonicalNames) {
        Set<AArch64Feature> more = EnumSet.noneOf(AArch64Feature.class);
        more.addAll(disabled);
        for (String n : canonicalNames) {
            FeatureNames.byCanonical(n).ifPresent(more::add);
        }
        return new AArch64ArchitectureFeatures(AArch64Decoder.decode(info.snapshot(), more), more);
    }

    @Override
    public Map<String, String> identity() {
        Map<String, String> m = new LinkedHashMap<>();
        Optional<Midr> midr = info.midr();
        midr.ifPresent(x -> {
            m.put("implementer", Implementers.describe(x.implementer()));
            m.put("part", String.format("0x%03x", x.part()));
            m.put("revision", x.revisionName());
            m.put("midr", x.toString());
        });
        info.core().ifPresent(c -> {
            m.put("microarchitecture", c.name());
            c.architectureVersion().ifPresent(a -> m.put("architectureVersion", a));
            c.productNames().ifPresent(p -> m.put("products", p));
        });
        AArch64Snapshot s = info.snapshot();
        m.put("hwcap", AArch64Description.hex(s.hwcap()));
        m.put("hwcap2", AArch64Description.hex(s.hwcap2()));
        s.hwcap3().ifPresent(h -> m.put("hwcap3", AArch64Description.hex(h)));
        m.put("idRegisters", s.idSource().id());
        info.sveVectorBits().ifPresent(b -> m.put("sveVectorBits", Integer.toString(b)));
        info.smeVectorBits().ifPresent(b -> m.put("smeVectorBits", Integer.toString(b)));
        return Collections.unmodifiableMap(m);
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        return AArch64Description.of(info, logicalCpus);
    }

    @Override
    public Optional<CpuSnapshot> snapshot() {
        return Optional.of(info.snapshot());
    }

    @Override
    public AArch64CpuInfo details() {
        return info;
    }

    /** For the core table's name of this CPU in logs. */
    @Override
    public String toString() {
        return "aarch64 " + info.core().map(CoreModel::name).orElse("?");
    }
}
