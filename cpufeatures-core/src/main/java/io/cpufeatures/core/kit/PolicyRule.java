package io.cpufeatures.core.kit;

import java.util.Objects;
import java.util.function.Predicate;

/**
 * One row of a policy table: a flag of the preferred layer, when it applies, what it advises and where
 * the rule comes from; the shape errata have. A policy flag never removes usability.
 *
 * @param <C>       what the architecture's checks read of one CPU
 * @param flag      the flag's canonical name ({@code prefer_ymm})
 * @param meaning   what it advises, in a few words ({@code prefer 256-bit code})
 * @param appliesTo the CPUs it applies to, in one line, as the rule states them
 * @param citation  where the rule comes from
 * @param applies   whether it applies to a CPU
 */
public record PolicyRule<C>(String flag, String meaning, String appliesTo, String citation, Predicate<C> applies) {

    /**
     * Validates the parts.
     *
     * @param flag      the flag's canonical name; not null
     * @param meaning   what it advises, in a few words; not null
     * @param appliesTo the CPUs it applies to, in one line; not null
     * @param citation  where the rule comes from; not null
     * @param applies   whether it applies to a CPU; not null
     */
    public PolicyRule {
        Objects.requireNonNull(flag, "flag");
        Objects.requireNonNull(meaning, "meaning");
        Objects.requireNonNull(appliesTo, "appliesTo");
        Objects.requireNonNull(citation, "citation");
        Objects.requireNonNull(applies, "applies");
    }

    /**
     * Whether it applies to {@code cpu}.
     *
     * @param cpu what the checks read of the CPU; not null
     * @return whether the flag is set there
     */
    public boolean appliesTo(C cpu) {
        return applies.test(cpu);
    }
}
