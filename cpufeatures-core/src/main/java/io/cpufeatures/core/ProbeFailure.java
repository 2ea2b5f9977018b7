package io.cpufeatures.core;

import java.util.Objects;
import java.util.Optional;

/**
 * A better source that was tried and failed before the one used, with why and the exception.
 *
 * @param source the source that failed
 * @param reason why, in one sentence
 * @param cause  the exception, if there was one
 */
public record ProbeFailure(SourceKind source, String reason, Optional<Throwable> cause) {

    /**
     * Validates the parts.
     *
     * @param source the source that failed; not null
     * @param reason why, in one sentence; not null
     * @param cause  the exception, if there was one; not null (empty when there was none)
     */
    public ProbeFailure {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(reason, "reason");
        Objects.requireNonNull(cause, "cause");
    }

    @Override
    public String toString() {
        return source.id() + ": " + reason;
    }
}
