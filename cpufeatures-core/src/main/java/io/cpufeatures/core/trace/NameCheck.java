package io.cpufeatures.core.trace;

import io.cpufeatures.core.Reason;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether a name holds (a {@code jvm.*} gate, a group's member), with the first reason when not.
 *
 * @param name   its canonical name
 * @param holds  whether it holds
 * @param reason why not, when it does not
 */
public record NameCheck(String name, boolean holds, Optional<Reason> reason) {

    /**
     * Validates the parts: a reason goes with a name that does not hold, and only then.
     *
     * @param name   its canonical name; not null
     * @param holds  whether it holds
     * @param reason why not; not null (empty when it holds)
     * @throws IllegalArgumentException if a reason is given for a name that holds, or none for one that does not
     */
    public NameCheck {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(reason, "reason");
        if (reason.isPresent() == holds) {
            throw new IllegalArgumentException("a reason goes with a name that does not hold: " + name);
        }
    }
}
