package io.cpufeatures.x86.policy;

import io.cpufeatures.x86.feature.CpuIdentity;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * One row of the policy table: a flag of the preferred layer, when it applies, what it advises and
 * where the rule comes from; the shape errata have. A policy flag never removes usability.
 *
 * @param flag      the flag
 * @param meaning   what it advises, in a few words ({@code prefer 256-bit code})
 * @param appliesTo the CPUs it applies to, in one line, as the rule states them
 * @param citation  where the rule comes from
 * @param applies   whether it applies to a CPU of this identity
 */
public record PolicyRule(PolicyFlag flag, String meaning, String appliesTo, String citation,
        Predicate<CpuIdentity> applies) {

    /**
     * Validates the parts.
     *
     * @param flag      the flag; not null
     * @param meaning   what it advises, in a few words; not null
     * @param appliesTo the CPUs it applies to, in one line; not null
     * @param citation  where the rule comes from; not null
     * @param applies   whether it applies to a CPU of this identity; not null
     */
    public PolicyRule {
        Objects.requireNonNull(flag, "flag");
        Objects.requireNonNull(meaning, "meaning");
        Objects.requireNonNull(appliesTo, "appliesTo");
        Objects.requireNonNull(citation, "citation");
        Objects.requireNonNull(applies, "applies");
    }

    /**
     * Whether it applies to the CPU with this identity.
     *
     * @param identity the CPU's vendor, family, model and stepping
     * @return whether the flag is set for that CPU
     */
    public boolean appliesTo(CpuIdentity identity) {
        return applies.test(identity);
    }
}
