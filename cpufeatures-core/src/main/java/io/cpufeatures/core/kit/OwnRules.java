package io.cpufeatures.core.kit;

import io.cpufeatures.core.Reason;
import io.cpufeatures.core.trace.Check;

/**
 * What an architecture's own rules say of one feature on one CPU, beyond its tables' rows: the usable layer's one
 * check of the OS or kernel state a present feature needs (x86's XCR0 and AMX permission, AArch64's HWCAP), and the
 * words its traces give. Pure: the same answer for the same feature and CPU.
 *
 * @param <F> the feature enum
 * @param <C> what the rules read of one CPU (its snapshot, identity, OS state)
 */
public interface OwnRules<F extends Enum<F> & FeatureRow, C> {

    /** What {@link #explain} is asked to word. */
    enum Aspect {
        /** Where the CPU reports the feature and the value read; holds when present. */
        PRESENCE,
        /** The OS or kernel state the feature needs; holds when the OS allows it. */
        OS_STATE,
        /** Why a feature the CPU does not report is absent, as a report's first reason (its text). */
        ABSENCE,
        /** The CPU as the policy rows see it (its text; empty text when they read nothing a person would recognise). */
        POLICY_SUBJECT
    }

    /**
     * Why {@code feature} fails the OS or kernel check on {@code cpu}.
     *
     * @param feature a present feature; not null
     * @param cpu     what the rules read of the CPU; not null
     * @return the reason, or null when the check passes
     */
    Reason refusal(F feature, C cpu);

    /**
     * Whether {@code feature} passes the check on {@code cpu}, without making a reason. By default, whether there is no
     * {@link #refusal}.
     *
     * @param feature a present feature; not null
     * @param cpu     what the rules read of the CPU; not null
     * @return whether it passes
     */
    default boolean passes(F feature, C cpu) {
        return refusal(feature, cpu) == null;
    }

    /**
     * One line of a trace, in the architecture's words.
     *
     * @param aspect  what to word; not null
     * @param cpu     what the rules read of the CPU; not null
     * @param feature the feature; null for {@link Aspect#POLICY_SUBJECT}
     * @param present whether the decoder found the feature present
     * @return the check ({@code CPUID bit: CPUID.0x1:ECX[28] = 1 (ecx=...)}); for the aspects worded as text, its text
     */
    Check explain(Aspect aspect, C cpu, F feature, boolean present);

    /**
     * Whether the OS's grant of {@code feature} on {@code cpu} stands although {@code rule}'s dependency is not usable
     * (a dependency the OS withholds for an erratum of its own must not clear what it grants). False by default.
     *
     * @param cpu     what the rules read of the CPU; not null
     * @param feature the dependent feature, whose own checks passed; not null
     * @param rule    the row whose dependency is not usable; not null
     * @return whether the feature stays usable against that row
     */
    default boolean grantOutranks(C cpu, F feature, DependencyRule<F> rule) {
        return false;
    }
}
