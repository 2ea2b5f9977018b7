package io.cpufeatures.core;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * Where a report's answer came from, and why the better sources were not used.
 *
 * @param kind     the source used: {@code native} (CPUID executed here), {@code file} (a dump),
 *                 {@code proc-cpuinfo} (the Linux kernel's flags), {@code snapshot} (decoded from a
 *                 snapshot given in code), {@code none} (no CPU information: architecture and JVM only)
 * @param detail   what exactly: the stub and ABI, the file name, the reason for {@code none}
 * @param failures the better sources tried first, in order, each with its reason
 * @param elapsed  how long the probe took (zero for a decoded snapshot)
 */
public record ProbeSource(String kind, String detail, List<ProbeFailure> failures, Duration elapsed) {

    /** Validates and copies the parts. */
    public ProbeSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(detail, "detail");
        failures = List.copyOf(failures);
        Objects.requireNonNull(elapsed, "elapsed");
    }

    /** The source of a report decoded from a snapshot handed in by code. */
    public static ProbeSource snapshot(String detail) {
        return new ProbeSource("snapshot", detail, List.of(), Duration.ZERO);
    }

    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(kind).append(" (").append(detail).append(')');
        for (ProbeFailure f : failures) {
            sb.append("; ").append(f);
        }
        return sb.toString();
    }
}
