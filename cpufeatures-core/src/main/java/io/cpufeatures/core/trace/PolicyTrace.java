package io.cpufeatures.core.trace;

import java.util.Objects;
import java.util.Optional;

/**
 * A policy flag of the preferred layer: what it advises, the rule that sets it and where the rule
 * comes from, the CPU it was asked about, and whether it applies.
 *
 * @param name     the flag's canonical name ({@code prefer_ymm})
 * @param meaning  what it advises ({@code prefer 256-bit code})
 * @param appliesTo the CPUs it applies to, in one line
 * @param citation where the rule comes from
 * @param cpu      the CPU it was asked about, as the rule sees it, when there is CPU information
 * @param holds    whether it applies to that CPU
 */
public record PolicyTrace(String name, String meaning, String appliesTo, String citation, Optional<String> cpu,
        boolean holds) implements Trace {

    /**
     * Validates the parts.
     *
     * @param name      the flag's canonical name, e.g. {@code prefer_ymm}; not null
     * @param meaning   what it advises; not null
     * @param appliesTo the CPUs it applies to, in one line; not null
     * @param citation  where the rule comes from; not null
     * @param cpu       the CPU it was asked about; not null (empty when there is no CPU information)
     * @param holds     whether it applies to that CPU
     */
    public PolicyTrace {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(meaning, "meaning");
        Objects.requireNonNull(appliesTo, "appliesTo");
        Objects.requireNonNull(citation, "citation");
        Objects.requireNonNull(cpu, "cpu");
    }
}
