package io.cpufeatures.core.trace;

import io.cpufeatures.core.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * A feature another depends on, and where it ended up.
 *
 * @param feature its canonical name
 * @param verdict usable, not usable or not present
 * @param reason  the first reason it is not usable, when it is present and not usable
 */
public record Link(String feature, Verdict verdict, Optional<Reason> reason) {

    /**
     * Validates the parts: a reason goes with {@link Verdict#NOT_USABLE}, and only then.
     *
     * @param feature its canonical name; not null
     * @param verdict usable, not usable or not present; not null
     * @param reason  the first reason it is not usable; not null (empty unless the verdict is {@code NOT_USABLE})
     * @throws IllegalArgumentException if a reason is given with another verdict, or none with {@code NOT_USABLE}
     */
    public Link {
        Objects.requireNonNull(feature, "feature");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(reason, "reason");
        if (reason.isPresent() != (verdict == Verdict.NOT_USABLE)) {
            throw new IllegalArgumentException("a reason goes with NOT_USABLE only: " + feature);
        }
    }
}
