package io.cpufeatures.core.internal;

import io.cpufeatures.core.CpuFeatures;

/**
 * The process-wide full report ({@link CpuFeatures#current()} past its first answer), once it is made: for the JVM's
 * view, which derives HotSpot's flags from its CPU's words when the process has probed its CPU anyway, and never
 * probes for that alone (a command reading a dump has no use for this machine's CPU).
 *
 * <p>Internal: the core sets it, the core reads it.
 */
public final class CurrentReport {

    private static volatile CpuFeatures made;

    private CurrentReport() {
    }

    /**
     * Records the process-wide full report, as it is made.
     *
     * @param report the report; not null
     */
    public static void made(CpuFeatures report) {
        made = report;
    }

    /** {@return the process-wide full report if it has been made, else null} */
    public static CpuFeatures ifMade() {
        return made;
    }
}
