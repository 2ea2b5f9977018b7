package io.cpufeatures.core.internal;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.jfr.ProbeEvent;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The process-wide report, as the library's own layers use it once the facade has made it: the JVM view asks it
 * for a feature where a vector width depends on one, the flags' derivation takes its snapshot, and the probe's
 * flight-recorder event is filled from it. Kept in these terms, not as the facade's type, so that none of those
 * layers depends on the facade that depends on them. Nothing here makes the report: the CPU is never probed for a
 * JVM view or the flags alone. Internal.
 *
 * @param has      the report's {@code has}, by any accepted name
 * @param source   which source answered
 * @param hybrid   whether the CPU has core types of more than one kind
 * @param snapshot the probe's snapshot, where one was kept
 * @param event    fills the probe's flight-recorder event with the report
 * @param madeAt   when the report was made, in milliseconds since the epoch
 */
public record CurrentReport(Predicate<String> has, SourceKind source, boolean hybrid, Optional<CpuSnapshot> snapshot,
        Consumer<ProbeEvent> event, long madeAt) {

    private static volatile CurrentReport made;

    /**
     * Records the process-wide report, as it is made.
     *
     * @param report the report; not null
     */
    public static void made(CurrentReport report) {
        made = report;
    }

    /** {@return the process-wide report if it has been made, else null} */
    public static CurrentReport ifMade() {
        return made;
    }
}
