package io.cpufeatures.core.kit;

import java.util.Objects;

/**
 * One row of a dependency table: {@code feature} is usable only if {@code dependsOn} is.
 *
 * @param <F>       the feature enum
 * @param feature   the dependent feature
 * @param dependsOn the feature it needs
 * @param origin    where the rule comes from
 * @param why       for a rule of this project's own, the reason; empty for another project's
 */
public record DependencyRule<F extends Enum<F> & FeatureRow>(F feature, F dependsOn, RuleOrigin origin, String why) {

    /**
     * Validates the parts: a rule of our own says why, one taken from elsewhere does not.
     *
     * @param feature   the dependent feature; not null
     * @param dependsOn the feature it needs; not null, and not {@code feature}
     * @param origin    where the rule comes from; not null
     * @param why       the reason, for a rule of {@link RuleOrigin#ours()} and only for one; not null
     * @throws IllegalArgumentException if a feature depends on itself, a rule of our own has no reason, or a rule
     *                                  from elsewhere has one
     */
    public DependencyRule {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(dependsOn, "dependsOn");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(why, "why");
        if (feature == dependsOn) {
            throw new IllegalArgumentException(feature.canonicalName() + " cannot depend on itself");
        }
        if (origin.ours() == why.isEmpty()) {
            throw new IllegalArgumentException(feature.canonicalName() + " <- " + dependsOn.canonicalName()
                    + ": a rule of our own, and only one, says why");
        }
    }

    /**
     * A rule taken from {@code origin}'s table.
     *
     * @param <F>       the feature enum
     * @param origin    the table it comes from; not null, not {@link RuleOrigin#ours()}
     * @param feature   the dependent feature; not null
     * @param dependsOn the feature it needs; not null
     * @return the rule
     */
    public static <F extends Enum<F> & FeatureRow> DependencyRule<F> of(RuleOrigin origin, F feature, F dependsOn) {
        return new DependencyRule<>(feature, dependsOn, origin, "");
    }

    /**
     * A rule of this project's own.
     *
     * @param <F>       the feature enum
     * @param feature   the dependent feature; not null
     * @param dependsOn the feature it needs; not null
     * @param why       why, in one sentence; not null, not empty
     * @return the rule, of origin {@link RuleOrigin#CPUFEATURES}
     */
    public static <F extends Enum<F> & FeatureRow> DependencyRule<F> ours(F feature, F dependsOn, String why) {
        return new DependencyRule<>(feature, dependsOn, RuleOrigin.CPUFEATURES, why);
    }
}
