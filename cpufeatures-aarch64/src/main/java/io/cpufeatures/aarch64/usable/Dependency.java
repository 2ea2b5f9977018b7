package io.cpufeatures.aarch64.usable;

import io.cpufeatures.aarch64.feature.AArch64Feature;
import java.util.Objects;

/**
 * One row of the dependency table: {@code feature} is usable only if {@code dependsOn} is.
 *
 * @param feature   the dependent feature
 * @param dependsOn the feature it needs
 * @param origin    where the rule comes from
 * @param why       for rules of our own, the reason; empty otherwise
 */
public record Dependency(AArch64Feature feature, AArch64Feature dependsOn, Origin origin, String why) {

    /**
     * Validates the parts: a rule of our own says why.
     *
     * @param feature   the dependent feature; not null
     * @param dependsOn the feature it needs; not null
     * @param origin    where the rule comes from; not null
     * @param why       the reason, for a rule of {@link Origin#CPUFEATURES} and only for one; empty otherwise; not
     *                  null
     * @throws IllegalArgumentException if a rule of our own has no reason, or a rule from elsewhere has one
     */
    public Dependency {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(dependsOn, "dependsOn");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(why, "why");
        if (origin == Origin.CPUFEATURES == why.isEmpty()) {
            throw new IllegalArgumentException(feature + " <- " + dependsOn + ": a rule of our own, and only one, says why");
        }
    }

    /** Where a dependency rule comes from. */
    public enum Origin {
        /**
         * Linux {@code arch/arm64/kernel/cpufeature.c}: the hwcaps of ID_AA64ZFR0_EL1 fields are set only
         * when the system supports SVE ({@code has_sve_feature()}), those of ID_AA64SMFR0_EL1 only when
         * it supports SME ({@code has_sme_feature()}).
         */
        LINUX("Linux has_sve_feature()/has_sme_feature()"),
        /**
         * GCC {@code gcc/config/aarch64/aarch64-option-extensions.def}: the REQUIRES list of each
         * extension ("features that must be enabled whenever this feature is enabled").
         */
        GCC("GCC aarch64-option-extensions.def"),
        /**
         * Rust {@code library/stdarch/crates/std_detect/src/detect/os/linux/aarch64.rs}: the
         * requirements it applies to the hwcaps before reporting a feature.
         */
        RUST("Rust std_detect"),
        /**
         * The two features are values of one ID-register field, the dependent one the higher: a CPU
         * cannot have it without the lower (the kernel's rows for both read the same field).
         */
        SAME_FIELD("one ID-register field"),
        /** Added by cpufeatures, with a reason. */
        CPUFEATURES("cpufeatures");

        private final String label;

        Origin(String label) {
            this.label = label;
        }

        /** {@return how a report names the origin, e.g. {@code GCC aarch64-option-extensions.def}} */
        public String label() {
            return label;
        }
    }
}
