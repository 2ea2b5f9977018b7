package io.cpufeatures.core.trace;

import io.cpufeatures.core.Reason;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A CPU feature through every layer of its architecture's decoder: whether the CPU reports it, the
 * state the OS must have enabled for it, the features it depends on and where they ended up, the
 * errata that name it, the user's mask, the policy flags beside it, the JIT gates that decide
 * whether Java code gets to use it, and the verdict with its reasons (root reason first).
 *
 * @param name       the canonical name
 * @param aliases    the other spellings accepted for it
 * @param family     the family a report lists it under ({@code AVX-512})
 * @param presence   whether the CPU reports it, and where that was read
 * @param osState    whether the OS enabled what it needs
 * @param dependsOn  the features it depends on directly, in table order
 * @param indirectly the features it depends on through those
 * @param errata     every erratum that names it, applying or not
 * @param disabled   whether the user removed it ({@code cpufeatures.disable})
 * @param policies   the architecture's policy flags, and whether each applies here
 * @param jvm        the {@code jvm.*} gates that decide whether Java code gets to use it
 * @param verdict    usable, not usable, or not present
 * @param reasons    why it is not usable (empty otherwise), the root reason first
 * @param root       for a feature refused through a dependency, the feature at the root of the chain
 */
public record FeatureTrace(String name, List<String> aliases, String family, Check presence, Check osState,
        List<Link> dependsOn, List<Link> indirectly, List<ErratumCheck> errata, boolean disabled,
        List<PolicyCheck> policies, List<NameCheck> jvm, Verdict verdict, List<Reason> reasons,
        Optional<String> root) implements Trace {

    /**
     * Validates and copies the parts.
     *
     * @param name       the canonical name; not null
     * @param aliases    the other spellings accepted for it; not null
     * @param family     the family a report lists it under; not null
     * @param presence   whether the CPU reports it, and where that was read; not null
     * @param osState    whether the OS enabled what it needs; not null
     * @param dependsOn  the features it depends on directly; not null
     * @param indirectly the features it depends on through those; not null
     * @param errata     every erratum that names it; not null
     * @param disabled   whether the user removed it
     * @param policies   the policy flags, and whether each applies; not null
     * @param jvm        the {@code jvm.*} gates beside it; not null
     * @param verdict    usable, not usable, or not present; not null
     * @param reasons    why it is not usable, root reason first; empty unless the verdict is
     *                   {@link Verdict#NOT_USABLE}; not null
     * @param root       the feature at the root of a dependency chain; not null (empty when there is none)
     * @throws IllegalArgumentException if there are reasons and the verdict is not {@code NOT_USABLE}, or
     *                                  none and it is
     */
    public FeatureTrace {
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        Objects.requireNonNull(family, "family");
        Objects.requireNonNull(presence, "presence");
        Objects.requireNonNull(osState, "osState");
        dependsOn = List.copyOf(dependsOn);
        indirectly = List.copyOf(indirectly);
        errata = List.copyOf(errata);
        policies = List.copyOf(policies);
        jvm = List.copyOf(jvm);
        Objects.requireNonNull(verdict, "verdict");
        reasons = List.copyOf(reasons);
        Objects.requireNonNull(root, "root");
        if (reasons.isEmpty() != (verdict != Verdict.NOT_USABLE)) {
            throw new IllegalArgumentException(name + ": reasons go with NOT_USABLE, and only with it");
        }
    }

    @Override
    public boolean holds() {
        return verdict == Verdict.USABLE;
    }

    /**
     * The same trace with the JIT gates {@code checks}.
     *
     * @param checks the {@code jvm.*} gates beside the feature, as the JVM view answers them; not null
     * @return a new trace, equal to this one but for {@link #jvm()}
     */
    public FeatureTrace withJvm(List<NameCheck> checks) {
        return new FeatureTrace(name, aliases, family, presence, osState, dependsOn, indirectly, errata, disabled,
                policies, checks, verdict, reasons, root);
    }
}
