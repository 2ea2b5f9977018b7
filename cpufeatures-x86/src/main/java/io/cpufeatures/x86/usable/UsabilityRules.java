package io.cpufeatures.x86.usable;

import java.util.Objects;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.feature.X86Feature;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The usable layer: from present to usable. A present feature is usable when
 * <ol>
 *   <li>the user did not disable it;</li>
 *   <li>the OS enabled the state it needs: OSXSAVE is set if it needs XSAVE-managed state at all,
 *       and XCR0 has every bit of its state requirement ({@link StateCheck});</li>
 *   <li>no erratum of {@link Errata} applies;</li>
 *   <li>every feature it depends on ({@link FeatureDependencies}), directly or not, is usable.</li>
 * </ol>
 * Each refusal is a {@link Reason}; a dependency reason names the chain down to the root
 * ({@code avx512_vbmi2 <- avx512vl <- avx512f <- avx <- xsave}).
 */
public final class UsabilityRules {

    /** The reason of a feature the user removed. */
    public static final Reason DISABLED = new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable");

    private UsabilityRules() {
    }

    /**
     * Applies the rules.
     *
     * @param identity the CPU's identity, for errata
     * @param present  the present features
     * @param xcr0     what is known of XCR0
     * @param disabled features the user removed (they and what depends on them become unusable)
     * @return the usable features, and for every present feature that is not usable its reasons: its own
     *         (disabled, OS state, errata), then the dependency chain
     */
    public static Usability apply(CpuIdentity identity, Set<X86Feature> present, Xcr0State xcr0,
            Set<X86Feature> disabled) {
        Objects.requireNonNull(identity, "identity");
        Objects.requireNonNull(present, "present");
        Objects.requireNonNull(xcr0, "xcr0");
        Objects.requireNonNull(disabled, "disabled");
        Map<X86Feature, List<Reason>> reasons = new EnumMap<>(X86Feature.class);
        EnumSet<X86Feature> ownChecksPass = EnumSet.noneOf(X86Feature.class);
        for (X86Feature f : present) {
            List<Reason> own = ownReasons(f, identity, present, xcr0, disabled);
            if (own.isEmpty()) {
                ownChecksPass.add(f);
            } else {
                reasons.put(f, own);
            }
        }
        // The clear-only fixpoint of the dependency table, from its precomputed closure: a feature is
        // usable when it and everything it depends on, directly or not, passed their own checks.
        Set<X86Feature> usable = EnumSet.noneOf(X86Feature.class);
        for (X86Feature f : ownChecksPass) {
            if (FeatureDependencies.closureWithin(f, ownChecksPass)) {
                usable.add(f);
            }
        }
        for (X86Feature f : present) {
            if (!usable.contains(f)) {
                DependencyChain.of(f, usable, present).ifPresent(c -> reasons.computeIfAbsent(f, k -> new ArrayList<>())
                        .add(new Reason(ReasonKind.DEPENDENCY, describe(c, present, reasons))));
            }
        }
        return new Usability(usable, reasons);
    }

    /**
     * The reasons of {@code f}'s own checks, before dependencies: the user's mask, the OS state, the
     * errata that apply, in that order.
     */
    static List<Reason> ownReasons(X86Feature f, CpuIdentity identity, Set<X86Feature> present, Xcr0State xcr0,
            Set<X86Feature> disabled) {
        List<Reason> own = null;
        if (disabled.contains(f)) {
            own = add(own, DISABLED);
        }
        Reason state = StateCheck.refusalOf(f, xcr0);
        if (state != null) {
            own = add(own, state);
        }
        for (Erratum e : Errata.table()) {
            if (e.features().contains(f) && e.appliesTo(identity, present)) {
                own = add(own, e.reason());
            }
        }
        return own == null ? List.of() : own;
    }

    /** {@code list} with {@code r} added, made on the first reason (most features have none). */
    private static List<Reason> add(List<Reason> list, Reason r) {
        List<Reason> l = list == null ? new ArrayList<>(2) : list;
        l.add(r);
        return l;
    }

    /** The chain, then the root's own reason: {@code avx2 <- avx <- xsave: xsave xcr0: ...}. */
    private static String describe(DependencyChain c, Set<X86Feature> present, Map<X86Feature, List<Reason>> reasons) {
        X86Feature root = c.root();
        if (!present.contains(root)) {
            return c.describe() + ": " + root.canonicalName() + " not present";
        }
        List<Reason> own = reasons.get(root);
        return own == null ? c.describe() : c.describe() + ": " + root.canonicalName() + ' ' + own.get(0);
    }
}
