package io.cpufeatures.x86.usable;

import io.cpufeatures.x86.feature.X86Feature;
import java.util.Objects;

/**
 * One row of the dependency table: {@code feature} is usable only if {@code dependsOn} is.
 *
 * @param feature   the dependent feature
 * @param dependsOn the feature it needs
 * @param origin    where the rule comes from
 * @param why       for rules of our own, the reason; empty for the kernel's
 */
public record Dependency(X86Feature feature, X86Feature dependsOn, Origin origin, String why) {

    /** Where a dependency rule comes from. */
    public enum Origin {
        /** Linux {@code arch/x86/kernel/cpu/cpuid-deps.c}. */
        LINUX,
        /** Added by cpufeatures, with a reason. */
        CPUFEATURES
    }

    /**
     * Validates the parts.
     *
     * @param feature   the dependent feature; not null
     * @param dependsOn the feature it needs; not null, and not {@code feature}
     * @param origin    where the rule comes from; not null
     * @param why       for rules of our own, the reason; empty for the kernel's; not null
     * @throws IllegalArgumentException if a feature is made to depend on itself
     */
    public Dependency {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(dependsOn, "dependsOn");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(why, "why");
        if (feature == dependsOn) {
            throw new IllegalArgumentException(feature + " cannot depend on itself");
        }
    }
}
