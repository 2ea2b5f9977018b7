package io.cpufeatures.core.kit;

import io.cpufeatures.core.Reason;

/**
 * One of a present feature's own checks in the usable layer, before its dependencies: the OS state it
 * needs (x86's XCR0, a permission), what the kernel allows (AArch64's HWCAP). A check is pure: the same
 * answer for the same feature and CPU.
 *
 * @param <F> the feature enum
 * @param <C> what the architecture's checks read of one CPU (its snapshot, identity, OS state)
 */
@FunctionalInterface
public interface OwnCheck<F extends Enum<F> & FeatureRow, C> {

    /**
     * Why {@code feature} fails this check on {@code cpu}.
     *
     * @param feature a present feature; not null
     * @param cpu     what the checks read of the CPU; not null
     * @return the reason, or null when the check passes (most features pass every check, so no
     *         {@code Optional} is made for them)
     */
    Reason refusal(F feature, C cpu);

    /**
     * Whether {@code feature} passes this check on {@code cpu}: what the usable layer asks of every present feature,
     * without making a reason ({@link #refusal} is asked only when one is read). By default, whether there is no
     * refusal.
     *
     * @param feature a present feature; not null
     * @param cpu     what the checks read of the CPU; not null
     * @return whether it passes, as {@code refusal(feature, cpu) == null}
     */
    default boolean passes(F feature, C cpu) {
        return refusal(feature, cpu) == null;
    }
}
