package io.cpufeatures.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Where a report's answer came from, and why the better sources were not used.
 *
 * @param kind     the source used
 * @param detail   what exactly: the stub and ABI, the file name, the reason for {@link SourceKind#NONE}
 * @param failures the better sources tried first, in order, each with its reason
 * @param elapsed  how long the probe took (zero for a decoded snapshot)
 */
public record ProbeSource(SourceKind kind, String detail, List<ProbeFailure> failures, Duration elapsed) {

    /**
     * Validates and copies the parts.
     *
     * @param kind     the source used; not null
     * @param detail   what exactly: the stub and ABI, the file name, the reason for {@link SourceKind#NONE};
     *                 not null
     * @param failures the better sources tried first, in order; not null
     * @param elapsed  how long the probe took; not null
     */
    public ProbeSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        failures = List.copyOf(failures);
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /**
     * A source that took no probing: {@code kind} with {@code detail}, no failures, no time.
     *
     * @param kind   the source; not null
     * @param detail what exactly, e.g. the file's name; not null
     * @return the source, with no failures and zero elapsed time
     */
    public static ProbeSource of(SourceKind kind, String detail) {
        return new ProbeSource(kind, detail, List.of(), Duration.ZERO);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind.id()).append(" (").append(detail).append(')');
        for (ProbeFailure f : failures) {
            sb.append("; ").append(f);
        }
        return sb.toString();
    }
}
