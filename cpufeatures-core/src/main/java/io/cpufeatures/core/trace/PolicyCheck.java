package io.cpufeatures.core.trace;

import java.util.Objects;

/**
 * A policy flag and whether it applies to this CPU: advice beside a feature's verdict, never part
 * of it.
 *
 * @param flag    the flag's canonical name ({@code prefer_ymm})
 * @param holds   whether it applies here
 * @param meaning what it advises ({@code prefer 256-bit code})
 */
public record PolicyCheck(String flag, boolean holds, String meaning) {

    /**
     * Validates the parts.
     *
     * @param flag    the flag's canonical name, e.g. {@code prefer_ymm}; not null
     * @param holds   whether it applies here
     * @param meaning what it advises, e.g. {@code prefer 256-bit code}; not null
     */
    public PolicyCheck {
        Objects.requireNonNull(flag, "flag");
        Objects.requireNonNull(meaning, "meaning");
    }
}
