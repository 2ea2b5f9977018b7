package io.cpufeatures.core.kit;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The usable and preferred layers' answer for one CPU, the same for every architecture: which present
 * features a program may use, for every present feature it may not the reasons (root reason first), and
 * the policy flags that apply. Immutable.
 *
 * <p>A present feature is usable when
 * <ol>
 *   <li>the user did not disable it ({@code cpufeatures.disable});</li>
 *   <li>each of the architecture's own checks passes (OS state, kernel, permission: {@link Architecture#checks()}),
 *       and no erratum of its table applies;</li>
 *   <li>every feature it depends on, directly or not, is usable: the clear-only fixpoint of the dependency
 *       table, read from its precomputed closure.</li>
 * </ol>
 * A dependency reason names the chain down to its root, then the root's own first reason
 * ({@code avx512_vbmi2 <- avx512vl <- avx512f <- avx <- xsave: xsave register-state: ...}).
 *
 * @param <F> the feature enum
 * @param <C> what the checks read of one CPU
 */
public final class TableDecoding<F extends Enum<F> & FeatureRow, C> {

    /** The reason of a feature the user removed. */
    public static final Reason DISABLED = new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable");

    private final FeatureTable<F> features;
    private final Architecture<F, C, ?, ?> architecture;
    private final C cpu;
    private final Set<F> present;
    private final Set<F> usable;
    private final Set<String> policy;
    private final Set<F> disabled;
    /** The usable features kept by the OS's grant although a row of ours says a dependency is not usable, with why. */
    private final Map<F, List<String>> granted;
    /** The reasons of the present features that are not usable, worked out when first read. */
    private volatile Map<F, List<Reason>> reasons;

    private TableDecoding(Architecture<F, C, ?, ?> architecture, C cpu, Set<F> present, Set<F> usable, Set<String> policy,
            Set<F> disabled, Map<F, List<String>> granted) {
        this.architecture = architecture;
        this.granted = Collections.unmodifiableMap(granted);
        this.features = architecture.features();
        this.cpu = cpu;
        this.present = Collections.unmodifiableSet(present);
        this.usable = Collections.unmodifiableSet(usable);
        this.policy = Collections.unmodifiableSet(policy);
        this.disabled = Collections.unmodifiableSet(disabled);
    }

    /**
     * Applies the usable layer and the policy table of {@code architecture} to one CPU: which features are usable, and
     * which policy flags apply. Each check is asked whether it passes, each erratum whether it applies, once; the
     * reasons of what is not usable are worked out from the same checks when they are first read.
     *
     * @param <F>          the feature enum
     * @param <C>          what the checks read of one CPU
     * @param architecture the tables and checks; not null
     * @param cpu          what the checks read of the CPU; not null
     * @param present      the features the CPU has; not null
     * @param disabled     the features the user removed (they and what depends on them become unusable); not null
     * @return the answer
     */
    public static <F extends Enum<F> & FeatureRow, C> TableDecoding<F, C> of(Architecture<F, C, ?, ?> architecture, C cpu,
            Set<F> present, Set<F> disabled) {
        Objects.requireNonNull(cpu, "cpu");
        FeatureTable<F> table = architecture.features();
        DependencyTable<F> dependencies = architecture.dependencies();
        EnumSet<F> presentSet = table.copyOf(present);
        EnumSet<F> disabledSet = table.copyOf(disabled);
        List<OwnCheck<F, C>> checks = architecture.checks();
        List<Erratum<F, C>> applying = new ArrayList<>(0);
        for (Erratum<F, C> e : architecture.errata()) {
            if (e.appliesTo(cpu)) {
                applying.add(e);
            }
        }
        EnumSet<F> ownChecksPass = table.noneOf();
        for (F f : presentSet) {
            if (!disabledSet.contains(f) && passes(f, cpu, checks, applying)) {
                ownChecksPass.add(f);
            }
        }
        EnumSet<F> usable = table.noneOf();
        for (F f : ownChecksPass) {
            if (dependencies.closureWithin(f, ownChecksPass)) {
                usable.add(f);
            }
        }
        Map<F, List<String>> granted = new EnumMap<>(table.type());
        if (usable.size() < ownChecksPass.size()) {
            usable = withGrants(architecture, cpu, dependencies, ownChecksPass, disabledSet, granted);
        }
        Set<String> policy = new java.util.LinkedHashSet<>();
        for (PolicyRule<C> rule : architecture.policies()) {
            if (rule.appliesTo(cpu)) {
                policy.add(rule.flag());
            }
        }
        return new TableDecoding<>(architecture, cpu, presentSet, usable, policy, disabledSet, granted);
    }

    /** Whether a present feature passes every own check and no erratum of {@code applying} names it. */
    private static <F extends Enum<F> & FeatureRow, C> boolean passes(F f, C cpu, List<OwnCheck<F, C>> checks,
            List<Erratum<F, C>> applying) {
        for (OwnCheck<F, C> check : checks) {
            if (!check.passes(f, cpu)) {
                return false;
            }
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
        Map<F, List<Reason>> all = new EnumMap<>(features.type());
        for (F f : present) {
            if (usable.contains(f)) {
                continue;
            }
            List<Reason> own = null;
            if (disabled.contains(f)) {
                own = add(own, DISABLED);
            }
            for (OwnCheck<F, C> check : architecture.checks()) {
                Reason refusal = check.refusal(f, cpu);
                if (refusal != null) {
                    own = add(own, refusal);
                }
            }
            for (Erratum<F, C> e : architecture.errata()) {
                if (e.features().contains(f) && e.appliesTo(cpu)) {
                    own = add(own, e.reason());
                }
            }
            if (own != null) {
                all.put(f, own);
            }
        }
        DependencyTable<F> dependencies = architecture.dependencies();
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
     * ({@link Architecture#grantOutranks}) clears nothing: what the closure gives when no grant outranks a row.
     * Each feature kept so is noted in {@code granted} with the rows it was kept against. What the user
     * disabled takes what depends on it along, whatever the OS grants.
     */
    private static <F extends Enum<F> & FeatureRow, C> EnumSet<F> withGrants(Architecture<F, C, ?, ?> architecture,
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
                        && !architecture.grantOutranks(cpu, rule.feature(), rule)) {
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
        return features;
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
     * The reasons {@code feature} is not usable; empty when it is usable or not present.
     *
     * @param feature the feature; not null
     * @return the reasons, root reason first
     */
    public List<Reason> reasons(F feature) {
        return reasonsOfAll().getOrDefault(feature, List.of());
    }

    /** {@return the canonical names of the policy flags that apply, in table order; unmodifiable} */
    public Set<String> policy() {
        return policy;
    }

    /** {@return the features the user removed; unmodifiable} */
    public Set<F> disabled() {
        return disabled;
    }
}
