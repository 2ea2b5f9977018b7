package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.kit.DecodedCpu;
import io.cpufeatures.core.trace.Trace;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A decoded CPU as the architecture-neutral facade sees it, for every architecture: canonical names,
 * reasons, traces and the description, all read from the architecture's {@link TableDecoding} and tables.
 * Immutable.
 *
 * @param <F> the feature enum
 * @param <C> what the checks read of one CPU
 * @param <S> the architecture's snapshot
 * @param <I> the architecture's own decoded CPU
 */
public final class DecodedFeatures<F extends Enum<F> & FeatureRow, C, S extends CpuSnapshot, I extends CpuInfo<F, S>>
        implements DecodedCpu {

    private final Architecture<F, C, S, I> architecture;
    private final I info;
    private final TableDecoding<F, C> cpu;
    /** The names of the present and usable features, and the reasons by name, made when first asked. */
    private volatile Set<String> present;
    private volatile Set<String> usable;
    private volatile Map<String, List<Reason>> notUsable;
    /** The core kind this CPU is one of, when its probe says so; null: the architecture's own answer. */
    private final Optional<String> kind;
    /** The caches its probe read beside the snapshot (sysfs); null: the architecture's own, from the snapshot. */
    private final List<CpuCache> caches;

    /**
     * The view of {@code info}.
     *
     * @param architecture the architecture that decoded it; not null
     * @param info         the decoded CPU; not null
     * @throws IllegalArgumentException if {@code info} was decoded over another feature table: its answer would not
     *                                  hold what this architecture's checks read
     */
    public DecodedFeatures(Architecture<F, C, S, I> architecture, I info) {
        this(architecture, info, null, null);
    }

    private DecodedFeatures(Architecture<F, C, S, I> architecture, I info, Optional<String> kind, List<CpuCache> caches) {
        this.kind = kind;
        this.caches = caches == null ? null : List.copyOf(caches);
        this.architecture = Objects.requireNonNull(architecture, "architecture");
        this.info = Objects.requireNonNull(info, "info");
        if (info.decoded().features() != architecture.features()) {
            throw new IllegalArgumentException(info + " was not decoded by " + architecture.name());
        }
        this.cpu = architecture.decoded(info);
    }

    @Override
    public String architecture() {
        return architecture.name();
    }

    @Override
    public Set<String> present() {
        Set<String> p = present;
        if (p == null) {
            present = p = architecture.features().names(cpu.present());
        }
        return p;
    }

    @Override
    public Set<String> usable() {
        Set<String> u = usable;
        if (u == null) {
            usable = u = architecture.features().names(cpu.usable());
        }
        return u;
    }

    @Override
    public Map<String, List<Reason>> notUsable() {
        Map<String, List<Reason>> n = notUsable;
        if (n == null) {
            Map<String, List<Reason>> byName = new LinkedHashMap<>();
            for (Map.Entry<F, List<Reason>> e : cpu.notUsable().entrySet()) {
                byName.put(e.getKey().canonicalName(), e.getValue());
            }
            notUsable = n = Collections.unmodifiableMap(byName);
        }
        return n;
    }

    /**
     * {@inheritDoc} A feature by its table's row, a policy flag by the policy rows: no name index is built.
     */
    @Override
    public Boolean answer(String name) {
        Optional<F> f = architecture.features().byCanonical(name);
        if (f.isPresent()) {
            return cpu.isUsable(f.get());
        }
        for (PolicyRule<C> r : architecture.policies()) {
            if (r.flag().equals(name)) {
                return cpu.policy().contains(name);
            }
        }
        return null;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        Optional<PolicyRule<C>> rule = policy(canonicalName);
        if (rule.isPresent()) {
            return cpu.policy().contains(canonicalName) ? List.of() : List.of(new Reason(ReasonKind.NOT_PRESENT,
                    canonicalName + " applies only to " + rule.get().appliesTo()));
        }
        Optional<F> f = architecture.features().byCanonical(canonicalName);
        if (f.isEmpty()) {
            return List.of(new Reason(ReasonKind.NOT_PRESENT, "'" + canonicalName + "' is not " + architecture.features().label()
                    + " feature"));
        }
        if (cpu.isUsable(f.get())) {
            return List.of();
        }
        if (cpu.present().contains(f.get())) {
            return cpu.reasons(f.get());
        }
        return List.of(new Reason(ReasonKind.NOT_PRESENT, architecture.absence(cpu.cpu(), f.get())));
    }

    private Optional<PolicyRule<C>> policy(String name) {
        for (PolicyRule<C> r : architecture.policies()) {
            if (r.flag().equals(name)) {
                return Optional.of(r);
            }
        }
        return Optional.empty();
    }

    @Override
    public Set<String> policyFlags() {
        return cpu.policy();
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        Optional<PolicyRule<C>> rule = policy(canonicalName);
        if (rule.isPresent()) {
            return Optional.of(Traces.policy(architecture, cpu, rule.get()));
        }
        return architecture.features().byCanonical(canonicalName).map(f -> Traces.feature(architecture, cpu, f));
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        Set<F> more = architecture.features().copyOf(cpu.disabled());
        for (String n : canonicalNames) {
            architecture.features().byCanonical(n).ifPresent(more::add);
        }
        return new DecodedFeatures<>(architecture, architecture.decodeWithout(info, more), kind, caches);
    }

    /**
     * The same view, as one kind of core of a machine whose probe read what the snapshot cannot hold: which
     * kind (the cores of a big.LITTLE part differ in MIDR_EL1 only, read per CPU from sysfs) and its caches
     * (sysfs's, where the architecture has no cache registers EL0 can read).
     *
     * @param coreKind the kind, as a report and a dispatch explanation name it ({@code Cortex-A76}); empty when
     *                 the machine's cores are all of one kind; not null
     * @param cpuCaches the caches of this kind's CPUs; not null
     * @return a new view; this one is unchanged
     */
    public DecodedFeatures<F, C, S, I> withProbed(Optional<String> coreKind, List<CpuCache> cpuCaches) {
        return new DecodedFeatures<>(architecture, info, Objects.requireNonNull(coreKind, "coreKind"),
                Objects.requireNonNull(cpuCaches, "cpuCaches"));
    }

    @Override
    public Map<String, String> identity() {
        return architecture.describe(info, 1).identity();
    }

    /**
     * {@return the fact every architecture's CPUs may have besides their own: what the snapshot's source does not state
     * that a probe of the machine reads ({@link io.cpufeatures.core.SnapshotSource#unstated()}), present only when it
     * leaves something out}
     */
    public static CpuDescription.FactKind unstated() {
        return Unstated.KIND;
    }

    /** {@link #unstated()}'s kind, made when a description first asks. */
    private static final class Unstated {
        static final CpuDescription.FactKind KIND = new CpuDescription.FactKind("unstated", "not stated",
                CpuDescription.Type.STRING, "only when the source leaves out what a probe of the machine reads (a"
                        + " kernel's or a tool's text: a Linux /proc/cpuinfo, a macOS sysctl listing, Coreinfo's output):"
                        + " what it does not state, comma-separated, in its architecture's words (docs/dump-formats.md)");
    }

    @Override
    public CpuDescription describe(int logicalCpus) {
        CpuDescription own = architecture.describe(info, logicalCpus);
        List<String> unstated = info.snapshot().source().unstated();
        if (unstated.isEmpty()) {
            return own;
        }
        String text = String.join(", ", unstated);
        List<CpuDescription.Fact> facts = new java.util.ArrayList<>(own.facts());
        facts.add(CpuDescription.Fact.line(unstated().label(), text, unstated().is(text)).summarised("not stated: "
                + text));
        return new CpuDescription(facts, own.usable(), own.keyFeatures());
    }

    @Override
    public Optional<CpuSnapshot> snapshot() {
        return Optional.of(info.snapshot());
    }

    @Override
    public List<Object> facts() {
        return info.facts();
    }

    @Override
    public boolean namesItsCore() {
        return kind != null || architecture.namesItsCore(info);
    }

    @Override
    public Optional<String> coreType() {
        return kind != null ? kind : architecture.coreType(info);
    }

    @Override
    public List<CpuCache> caches() {
        return caches != null ? caches : architecture.caches(info);
    }

    @Override
    public String toString() {
        return architecture.name() + " " + info;
    }
}
