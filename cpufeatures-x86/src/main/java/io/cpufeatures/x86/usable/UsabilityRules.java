package io.cpufeatures.x86.usable;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.x86.feature.CpuIdentity;
import io.cpufeatures.x86.feature.StateRequirement;
import io.cpufeatures.x86.feature.X86Feature;
import io.cpufeatures.x86.feature.XsaveComponent;
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
 *       and XCR0 has every bit of its {@link StateRequirement} (the SSE check applies only with
 *       OSXSAVE, since without it the OS manages XMM state with FXSAVE);</li>
 *   <li>no erratum of {@link Errata} applies;</li>
 *   <li>every feature it depends on ({@link FeatureDependencies}) is usable, to a fixpoint.</li>
 * </ol>
 * Each refusal is a {@link Reason}; a dependency reason names the chain down to the root
 * ({@code avx512_vbmi2 <- avx512vl <- avx512f <- avx <- xsave}).
 */
public final class UsabilityRules {

    private UsabilityRules() {
    }

    /**
     * Applies the rules.
     *
     * @param identity the CPU's identity, for errata
     * @param present  the present features
     * @param xcr0     what is known of XCR0
     * @param disabled features the user removed (they and what depends on them become unusable)
     */
    public static Usability apply(CpuIdentity identity, Set<X86Feature> present, Xcr0State xcr0,
            Set<X86Feature> disabled) {
        Map<X86Feature, List<Reason>> reasons = new EnumMap<>(X86Feature.class);
        for (X86Feature f : present) {
            List<Reason> own = new ArrayList<>();
            if (disabled.contains(f)) {
                own.add(new Reason(ReasonKind.DISABLED, "disabled by cpufeatures.disable"));
            }
            Reason state = stateReason(f, xcr0);
            if (state != null) {
                own.add(state);
            }
            for (Erratum e : Errata.table()) {
                if (e.features().contains(f) && e.applies().test(identity, present)) {
                    own.add(new Reason(ReasonKind.ERRATUM, e.id() + ": " + e.effect() + " (" + e.citation() + ")"));
                }
            }
            if (!own.isEmpty()) {
                reasons.put(f, own);
            }
        }
        Set<X86Feature> usable = EnumSet.noneOf(X86Feature.class);
        for (X86Feature f : present) {
            if (!reasons.containsKey(f)) {
                usable.add(f);
            }
        }
        // Clear-only fixpoint: a feature falls when anything it depends on is not usable.
        boolean changed = true;
        while (changed) {
            changed = false;
            for (Dependency d : FeatureDependencies.table()) {
                if (usable.contains(d.feature()) && !usable.contains(d.dependsOn())) {
                    usable.remove(d.feature());
                    changed = true;
                }
            }
        }
        for (X86Feature f : present) {
            if (usable.contains(f)) {
                continue;
            }
            X86Feature blocker = firstUnusableDependency(f, usable);
            if (blocker != null) {
                reasons.computeIfAbsent(f, k -> new ArrayList<>())
                        .add(new Reason(ReasonKind.DEPENDENCY, chain(f, usable, present, reasons)));
            }
        }
        return new Usability(usable, reasons);
    }

    /** The reason the OS state rules refuse {@code f}, or null when they accept it. */
    static Reason stateReason(X86Feature f, Xcr0State xcr0) {
        StateRequirement need = f.state();
        if (need == StateRequirement.NONE) {
            return null;
        }
        if (need == StateRequirement.OSXSAVE) {
            return xcr0.osxsave() ? null : new Reason(ReasonKind.OS_SUPPORT,
                    "CPUID.1:ECX.OSXSAVE=0: the OS has not enabled XSAVE (CR4.OSXSAVE), so XSAVE and XGETBV fault");
        }
        if (!xcr0.osxsave()) {
            if (need.onlyWithOsxsave()) {
                return null;
            }
            return new Reason(ReasonKind.OS_SUPPORT, "needs " + XsaveComponent.names(need.xcr0Mask())
                    + " state, but CPUID.1:ECX.OSXSAVE=0: the OS has not enabled XSAVE-managed state");
        }
        if (xcr0.value().isEmpty()) {
            if (need.onlyWithOsxsave() || xcr0.kernelChecked()) {
                return null;
            }
            return new Reason(ReasonKind.XSAVE_STATE_UNKNOWN, "needs " + XsaveComponent.names(need.xcr0Mask())
                    + " state enabled in XCR0, and XCR0 is unknown (no XGETBV, no CPUID leaf 0xD to infer it from)");
        }
        long missing = need.xcr0Mask() & ~xcr0.value().getAsLong();
        if (missing == 0) {
            return null;
        }
        long unknown = missing & xcr0.undetermined();
        if (unknown == missing) {
            return new Reason(ReasonKind.XSAVE_STATE_UNKNOWN, xcr0.valueText() + " cannot show "
                    + XsaveComponent.names(unknown) + " enabled (its CPUID.(0xD,n) subleaf reads zero)");
        }
        return new Reason(ReasonKind.XSAVE_STATE, xcr0.valueText() + " lacks " + XsaveComponent.names(missing));
    }

    private static X86Feature firstUnusableDependency(X86Feature f, Set<X86Feature> usable) {
        for (X86Feature d : FeatureDependencies.direct(f)) {
            if (!usable.contains(d)) {
                return d;
            }
        }
        return null;
    }

    /**
     * The chain from {@code f} through the first unusable dependency at each step, down to the root:
     * a feature that is not present, or whose own dependencies are all usable; then the root's own
     * reason.
     */
    private static String chain(X86Feature f, Set<X86Feature> usable, Set<X86Feature> present,
            Map<X86Feature, List<Reason>> reasons) {
        StringBuilder sb = new StringBuilder(f.canonicalName());
        X86Feature at = f;
        X86Feature next;
        while ((next = firstUnusableDependency(at, usable)) != null) {
            sb.append(" <- ").append(next.canonicalName());
            at = next;
            if (!present.contains(next)) {
                return sb.append(": ").append(next.canonicalName()).append(" not present").toString();
            }
        }
        List<Reason> own = reasons.get(at);
        return own == null ? sb.toString() : sb.append(": ").append(at.canonicalName()).append(' ').append(own.get(0)).toString();
    }
}
