package io.cpufeatures.core.kit;

import io.cpufeatures.core.trace.Check;

/**
 * The own rules of an architecture without policy rows (AArch64, ppc64le): the words of its traces for a feature's
 * presence, OS state and absence, each from a method of its own, and an empty policy subject. {@link #explain} picks
 * the one an aspect asks for.
 *
 * @param <F> the feature enum
 * @param <C> what the rules read of one CPU
 */
public interface PolicyFreeRules<F extends Enum<F> & FeatureRow, C> extends OwnRules<F, C> {

    /**
     * Where the CPU reports {@code feature} and the value read ({@link Aspect#PRESENCE}).
     *
     * @param cpu     what the rules read of the CPU; not null
     * @param feature the feature; not null
     * @param present whether the CPU reports it
     * @return the check, holding when present
     */
    Check presence(C cpu, F feature, boolean present);

    /**
     * The OS or kernel state {@code feature} needs ({@link Aspect#OS_STATE}).
     *
     * @param cpu     what the rules read of the CPU; not null
     * @param feature the feature; not null
     * @return the check, holding when the OS allows it
     */
    Check osState(C cpu, F feature);

    /**
     * Why {@code feature}, which the CPU does not report, is absent ({@link Aspect#ABSENCE}).
     *
     * @param cpu     what the rules read of the CPU; not null
     * @param feature the feature; not null
     * @return the text of a report's first reason
     */
    String absence(C cpu, F feature);

    /**
     * {@inheritDoc} Here: {@link #presence}, {@link #osState}, {@link #absence} (a check that does not hold), and for
     * the policy subject an empty check, there being no policy rows.
     */
    @Override
    default Check explain(Aspect aspect, C cpu, F feature, boolean present) {
        switch (aspect) {
            case PRESENCE:
                return presence(cpu, feature, present);
            case OS_STATE:
                return osState(cpu, feature);
            case ABSENCE:
                return new Check("absence", absence(cpu, feature), false);
            default:
                return new Check("policy", "", false); // no policy rows
        }
    }
}
