package io.cpufeatures.core;

import java.util.Objects;
import java.util.Optional;

/**
 * A better source that was tried and failed before the one used, with why and the exception.
 *
 * @param source the source that failed ({@code native}, {@code proc-cpuinfo}...)
 * @param reason why, in one sentence
 * @param cause  the exception, if there was one
 */
public record ProbeFailure(String source, String reason, Optional<Throwable> cause) {

    /** Validates the parts. */
    public ProbeFailure {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(cause, "cause");
    }

    @Override
    public String toString() {
        return source + ": " + reason;
    }
}
