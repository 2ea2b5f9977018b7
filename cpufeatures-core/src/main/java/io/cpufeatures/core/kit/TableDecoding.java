package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.trace.Trace;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * One decoded CPU, the same for every architecture: which present features a program may use, for every present
 * feature it may not the reasons (root reason first), the policy flags that apply, and, in canonical names, the
 * facade's view of them ({@link DecodedCpu}: reasons, traces, the description). An architecture's decoded CPU
 * ({@code X86DecodedCpu}) extends it with what is its own (identity, OS state, vector lengths). Immutable.
 *
 * <p>A present feature is usable when
 * <ol>
 *   <li>the user did not disable it ({@code cpufeatures.disable});</li>
 *   <li>the architecture's own check passes (OS state, kernel, permission: {@link OwnRules}), and no erratum of its
 *       table applies;</li>
 *   <li>every feature it depends on, directly or not, is usable: the clear-only fixpoint of the dependency
 *       table, read from its precomputed closure.</li>
 * </ol>
 * A dependency reason names the chain down to its root, then the root's own first reason
 * ({@code avx512_vbmi2 <- avx512vl <- avx512f <- avx <- xsave: xsave register-state: ...}).
 *
 * @param <F> the feature enum
 * @param <C> what the architecture's rules read of one CPU
 */
public abstract class TableDecoding<F extends Enum<F> & FeatureRow, C> implements DecodedCpu {

    /** The reason of a feature the user removed. */
    public static final Reason DISABLED = new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable");

    private final Architecture<F, ?> architecture;
    private final ArchitectureTables<F, C> tables;
    private final C cpu;
    private final Set<F> present;
    private final Set<F> usable;
    private final Set<String> policy;
    private final Set<F> disabled;
    /** The usable features kept by the OS's grant although a row of ours says a dependency is not usable, with why. */
    private final Map<F, List<String>> granted;
    /** The reasons of the present features that are not usable, and the names, worked out when first read. */
    private volatile Map<F, List<Reason>> reasons;
    private volatile Set<String> presentNames;
    private volatile Set<String> usableNames;
    private volatile Map<String, List<Reason>> notUsableNames;
    /** The core kind and caches its probe read beside the snapshot (sysfs); null: the architecture's own answer. */
    private Optional<String> probedKind;
    private List<CpuCache> probedCaches;

    /**
     * Applies the usable layer and the policy table of {@code architecture} to one CPU: which features are usable, and
     * which policy flags apply. Each check is asked whether it passes, each erratum whether it applies, once; the
     * reasons of what is not usable are worked out from the same checks when they are first read.
     *
     * @param architecture the architecture decoding, whose tables' rules read {@code C}; not null
     * @param cpu          what the rules read of the CPU; not null
     * @param present      the features the CPU has; not null
     * @param disabled     the features the user removed (they and what depends on them become unusable); not null
     */
    @SuppressWarnings("unchecked") // an architecture's decoded CPU reads what its own tables' rules read
    protected TableDecoding(Architecture<F, ?> architecture, C cpu, Set<F> present, Set<F> disabled) {
        this.architecture = architecture;
        this.tables = (ArchitectureTables<F, C>) architecture.tables();
        this.cpu = Objects.requireNonNull(cpu, "cpu");
        FeatureTable<F> table = tables.features();
        DependencyTable<F> dependencies = tables.dependencies();
        EnumSet<F> presentSet = table.copyOf(present);
        EnumSet<F> disabledSet = table.copyOf(disabled);
        List<Erratum<F, C>> applying = new ArrayList<>(0);
        for (Erratum<F, C> e : tables.errata()) {
            if (e.appliesTo(cpu)) {
                applying.add(e);
            }
        }
        EnumSet<F> ownChecksPass = table.noneOf();
        for (F f : presentSet) {
            if (!disabledSet.contains(f) && passes(f, cpu, tables.rules(), applying)) {
                ownChecksPass.add(f);
            }
        }
        EnumSet<F> usableSet = table.noneOf();
        for (F f : ownChecksPass) {
            if (dependencies.closureWithin(f, ownChecksPass)) {
                usableSet.add(f);
            }
        }
        Map<F, List<String>> grants = new EnumMap<>(table.type());
        if (usableSet.size() < ownChecksPass.size()) {
            usableSet = withGrants(tables.rules(), cpu, dependencies, ownChecksPass, disabledSet, grants);
        }
        Set<String> flags = new java.util.LinkedHashSet<>();
        for (PolicyRule<C> rule : tables.policies()) {
            if (rule.appliesTo(cpu)) {
                flags.add(rule.flag());
            }
        }
        this.granted = Collections.unmodifiableMap(grants);
        this.present = Collections.unmodifiableSet(presentSet);
        this.usable = Collections.unmodifiableSet(usableSet);
        this.policy = Collections.unmodifiableSet(flags);
        this.disabled = Collections.unmodifiableSet(disabledSet);
    }

    /** Whether a present feature passes the own check and no erratum of {@code applying} names it. */
    private static <F extends Enum<F> & FeatureRow, C> boolean passes(F f, C cpu, OwnRules<F, C> rules,
            List<Erratum<F, C>> applying) {
        if (!rules.passes(f, cpu)) {
            return false;
        }
        for (Erratum<F, C> e : applying) {
            if (e.features().contains(f)) {
                return false;
            }
        }
        return true;
    }

    /**
     * The reasons of every present feature that is not usable, root reason first: the user's mask, the own checks'
     * refusals and the errata, then the dependency chain (the same checks the decode asked, now worded).
     */
    private Map<F, List<Reason>> reasonsOfAll() {
        Map<F, List<Reason>> r = reasons;
        if (r != null) {
            return r;
        }
        Map<F, List<Reason>> all = new EnumMap<>(tables.features().type());
        for (F f : present) {
            if (usable.contains(f)) {
                continue;
            }
            List<Reason> own = null;
            if (disabled.contains(f)) {
                own = add(own, DISABLED);
            }
            Reason refusal = tables.rules().refusal(f, cpu);
            if (refusal != null) {
                own = add(own, refusal);
            }
            for (Erratum<F, C> e : tables.errata()) {
                if (e.features().contains(f) && e.appliesTo(cpu)) {
                    own = add(own, e.reason());
                }
            }
            if (own != null) {
                all.put(f, own);
            }
        }
        DependencyTable<F> dependencies = tables.dependencies();
        for (F f : present) {
            if (!usable.contains(f)) {
                Optional<DependencyChain<F>> c = dependencies.chain(f, usable, present);
                if (c.isPresent()) {
                    List<Reason> list = all.get(f);
                    if (list == null) {
                        list = new ArrayList<>(1);
                        all.put(f, list);
                    }
                    list.add(new Reason(ReasonKind.DEPENDENCY, describe(c.get(), present, all)));
                }
            }
        }
        for (Map.Entry<F, List<Reason>> e : all.entrySet()) {
            e.setValue(List.copyOf(e.getValue()));
        }
        reasons = r = Collections.unmodifiableMap(all);
        return r;
    }

    /**
     * The clear-only fixpoint over the direct rows, where a row the architecture lets the OS's grant outrank
     * ({@link OwnRules#grantOutranks}) clears nothing: what the closure gives when no grant outranks a row.
     * Each feature kept so is noted in {@code granted} with the rows it was kept against. What the user
     * disabled takes what depends on it along, whatever the OS grants.
     */
    private static <F extends Enum<F> & FeatureRow, C> EnumSet<F> withGrants(OwnRules<F, C> rules,
            C cpu, DependencyTable<F> dependencies, EnumSet<F> ownChecksPass, EnumSet<F> disabled,
            Map<F, List<String>> granted) {
        EnumSet<F> usable = EnumSet.copyOf(ownChecksPass);
        for (F f : ownChecksPass) {
            for (F d : dependencies.closureOf(f)) {
                if (disabled.contains(d)) {
                    usable.remove(f);
                    break;
                }
            }
        }
        boolean changed = true;
        while (changed) {
            changed = false;
            for (DependencyRule<F> rule : dependencies.rows()) {
                if (usable.contains(rule.feature()) && !usable.contains(rule.dependsOn())
                        && !rules.grantOutranks(cpu, rule.feature(), rule)) {
                    usable.remove(rule.feature());
                    changed = true;
                }
            }
        }
        for (DependencyRule<F> rule : dependencies.rows()) {
            if (usable.contains(rule.feature()) && !usable.contains(rule.dependsOn())) {
                List<String> why = granted.get(rule.feature());
                if (why == null) {
                    why = new ArrayList<>(1);
                    granted.put(rule.feature(), why);
                }
                why.add("usable although " + rule.dependsOn().canonicalName() + " is not: the OS grants "
                        + rule.feature().canonicalName() + ", and its grant outranks the rule "
                        + rule.feature().canonicalName() + " <- " + rule.dependsOn().canonicalName() + " ("
                        + rule.origin().label() + ": " + rule.why() + ")");
            }
        }
        for (Map.Entry<F, List<String>> e : granted.entrySet()) {
            e.setValue(List.copyOf(e.getValue()));
        }
        return usable;
    }

    /**
     * Why {@code feature} is usable although a dependency row says it needs a feature that is not: the OS
     * grants it, and the architecture lets that grant outrank the row (the kernel withholds the dependency
     * for an erratum of its own, say). Empty for every other feature.
     *
     * @param feature a feature of the table; not null
     * @return the sentences, one per row the grant outranked
     */
    public List<String> grantedDespite(F feature) {
        return granted.getOrDefault(feature, List.of());
    }

    /** {@code list} with {@code r} added, made on the first reason (most features have none). */
    private static List<Reason> add(List<Reason> list, Reason r) {
        List<Reason> l = list == null ? new ArrayList<>(2) : list;
        l.add(r);
        return l;
    }

    /** The chain, then the root's own first reason: {@code avx2 <- avx <- xsave: xsave register-state: ...}. */
    private static <F extends Enum<F> & FeatureRow> String describe(DependencyChain<F> c, Set<F> present,
            Map<F, List<Reason>> reasons) {
        F root = c.root();
        if (!present.contains(root)) {
            return c.describe() + ": " + root.canonicalName() + " not present";
        }
        List<Reason> own = reasons.get(root);
        return own == null ? c.describe() : c.describe() + ": " + root.canonicalName() + ' ' + own.get(0);
    }

    /** {@return the feature table the answer is over} */
    public FeatureTable<F> features() {
        return tables.features();
    }

    /** {@return the tables the answer was made with} */
    ArchitectureTables<F, C> tables() {
        return tables;
    }

    /** {@return what the checks read of the CPU} */
    public C cpu() {
        return cpu;
    }

    /** {@return the features the CPU has, in table order; unmodifiable} */
    public Set<F> present() {
        return present;
    }

    /** {@return the features a program may use, in table order; unmodifiable} */
    public Set<F> usable() {
        return usable;
    }

    /** {@return for each present feature that is not usable, its reasons, root reason first; unmodifiable} */
    public Map<F, List<Reason>> notUsable() {
        return reasonsOfAll();
    }

    /**
     * Whether {@code feature} is usable.
     *
     * @param feature the feature; not null
     * @return whether a program may use it
     */
    public boolean isUsable(F feature) {
        return usable.contains(feature);
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is usable; unknown names throw.
     *
     * @param name any accepted spelling of a feature of this architecture ({@code avx2}, {@code neon}); not null
     * @return whether a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a feature of this architecture
     */
    public boolean isUsable(String name) {
        return isUsable(tables.features().require(name, "isUsable"));
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is present; unknown names throw.
     *
     * @param name any accepted spelling of a feature of this architecture; not null
     * @return whether the CPU has it, whether or not a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a feature of this architecture
     */
    public boolean isPresent(String name) {
        return present.contains(tables.features().require(name, "isPresent"));
    }

    /**
     * The reasons {@code feature} is not usable; empty when it is usable or not present.
     *
     * @param feature the feature; not null
     * @return the reasons, root reason first
     */
    public List<Reason> reasons(F feature) {
        return reasonsOfAll().getOrDefault(feature, List.of());
    }

    /** {@return the canonical names of the policy flags that apply, in table order; unmodifiable} */
    @Override
    public Set<String> policyFlags() {
        return policy;
    }

    /** {@return the features the user removed; unmodifiable} */
    public Set<F> disabled() {
        return disabled;
    }

    /** {@return the snapshot this was decoded from} */
    public abstract CpuSnapshot snapshot();

    /**
     * What the architecture's reports show of this CPU, standing for {@code logicalCpus} logical CPUs.
     *
     * @param logicalCpus how many logical CPUs of this kind the report stands for
     * @return its facts, usable features by family and key features
     */
    protected abstract CpuDescription ownDescription(int logicalCpus);

    @Override
    public String architecture() {
        return tables.name();
    }

    @Override
    public Set<String> presentNames() {
        Set<String> p = presentNames;
        if (p == null) {
            presentNames = p = tables.features().names(present);
        }
        return p;
    }

    @Override
    public Set<String> usableNames() {
        Set<String> u = usableNames;
        if (u == null) {
            usableNames = u = tables.features().names(usable);
        }
        return u;
    }

    @Override
    public Map<String, List<Reason>> notUsableByName() {
        Map<String, List<Reason>> n = notUsableNames;
        if (n == null) {
            Map<String, List<Reason>> byName = new LinkedHashMap<>();
            for (Map.Entry<F, List<Reason>> e : notUsable().entrySet()) {
                byName.put(e.getKey().canonicalName(), e.getValue());
            }
            notUsableNames = n = Collections.unmodifiableMap(byName);
        }
        return n;
    }

    /** {@inheritDoc} A feature by its table's row, a policy flag by the policy rows: no name index is built. */
    @Override
    public Boolean answer(String name) {
        Optional<F> f = tables.features().byCanonical(name);
        if (f.isPresent()) {
            return isUsable(f.get());
        }
        return policyRow(name) != null ? policy.contains(name) : null;
    }

    /** The policy row of {@code name}; null when it names none. */
    private PolicyRule<C> policyRow(String name) {
        for (PolicyRule<C> r : tables.policies()) {
            if (r.flag().equals(name)) {
                return r;
            }
        }
        return null;
    }

    @Override
    public List<Reason> reasons(String canonicalName) {
        PolicyRule<C> rule = policyRow(canonicalName);
        if (rule != null) {
            return policy.contains(canonicalName) ? List.of() : List.of(new Reason(ReasonKind.NOT_PRESENT,
                    canonicalName + " applies only to " + rule.appliesTo()));
        }
        Optional<F> f = tables.features().byCanonical(canonicalName);
        if (f.isEmpty()) {
            return List.of(new Reason(ReasonKind.NOT_PRESENT, "'" + canonicalName + "' is not "
                    + tables.features().label() + " feature"));
        }
        if (isUsable(f.get())) {
            return List.of();
        }
        if (present.contains(f.get())) {
            return reasons(f.get());
        }
        return List.of(new Reason(ReasonKind.NOT_PRESENT,
                tables.rules().explain(OwnRules.Aspect.ABSENCE, cpu, f.get(), false).text()));
    }

    @Override
    public Optional<Trace> trace(String canonicalName) {
        PolicyRule<C> rule = policyRow(canonicalName);
        if (rule != null) {
            return Optional.of(Traces.policy(this, rule));
        }
        Optional<F> f = tables.features().byCanonical(canonicalName);
        return f.isPresent() ? Optional.of(Traces.feature(this, f.get())) : Optional.empty();
    }

    @Override
    public DecodedCpu without(Set<String> canonicalNames) {
        Set<F> more = tables.features().copyOf(disabled);
        for (String n : canonicalNames) {
            Optional<F> f = tables.features().byCanonical(n);
            if (f.isPresent()) {
                more.add(f.get());
            }
        }
        TableDecoding<F, ?> fewer = decodeAgain(architecture, snapshot(), more);
        return probedKind == null && probedCaches == null ? fewer : fewer.probed(probedKind, probedCaches);
    }

    private static <F extends Enum<F> & FeatureRow, S extends CpuSnapshot> TableDecoding<F, ?> decodeAgain(
            Architecture<F, S> architecture, CpuSnapshot snapshot, Set<F> disabled) {
        return architecture.decode(architecture.snapshotType().cast(snapshot), disabled);
    }

    /**
     * This CPU as one kind of core of a machine whose probe read what the snapshot cannot hold: which kind (the cores
     * of a big.LITTLE part differ in MIDR_EL1 only, read per CPU from sysfs) and its caches (sysfs's). For the core,
     * on a decoding it has just made and not yet handed out.
     *
     * @param coreKind  the kind ({@code Cortex-A76}); empty when the machine's cores are all of one kind; not null
     * @param cpuCaches the caches of this kind's CPUs; not null
     * @return this CPU
     */
    public TableDecoding<F, C> probed(Optional<String> coreKind, List<CpuCache> cpuCaches) {
        this.probedKind = Objects.requireNonNull(coreKind, "coreKind");
        this.probedCaches = List.copyOf(cpuCaches);
        return this;
    }

    @Override
    public Map<String, String> identityFacts() {
        return ownDescription(1).identity();
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
        CpuDescription own = ownDescription(logicalCpus);
        List<String> unstated = snapshot().source().unstated();
        if (unstated.isEmpty()) {
            return own;
        }
        String text = String.join(", ", unstated);
        List<CpuDescription.Fact> facts = new ArrayList<>(own.facts());
        facts.add(CpuDescription.Fact.line(unstated().label(), text, unstated().is(text)).summarised("not stated: "
                + text));
        return new CpuDescription(facts, own.usable(), own.keyFeatures());
    }

    @Override
    public Optional<CpuSnapshot> decodedFrom() {
        return Optional.of(snapshot());
    }

    /** {@inheritDoc} By default, the snapshot. */
    @Override
    public List<Object> facts() {
        return List.of(snapshot());
    }

    @Override
    public boolean namesItsCore() {
        return probedKind != null || coreType().isPresent();
    }

    @Override
    public Optional<String> coreType() {
        return probedKind != null ? probedKind : Optional.empty();
    }

    @Override
    public List<CpuCache> caches() {
        return probedCaches != null ? probedCaches : List.of();
    }
}
