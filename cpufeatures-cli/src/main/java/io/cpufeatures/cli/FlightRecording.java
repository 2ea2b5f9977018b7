package io.cpufeatures.cli;

import io.cpufeatures.dispatch.Explanation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What a flight recording says of cpufeatures, read back from its events ({@link FlightRecordingReader}): the CPU as
 * the probe answered for it, each dispatch point's choice with its explanation, and each native variant loaded. A
 * recording holds the same event again at the start and the end of each chunk; each is here once.
 *
 * @param probes  the distinct process-wide reports (one per process whose recording this is)
 * @param choices the choices, by the time they were made
 * @param loads   the native variants loaded, by the time they were loaded
 */
record FlightRecording(List<Probe> probes, List<Choice> choices, List<Load> loads) {

    FlightRecording {
        probes = List.copyOf(probes);
        choices = List.copyOf(choices);
        loads = List.copyOf(loads);
    }

    /** {@return whether the recording holds no event of cpufeatures} */
    boolean isEmpty() {
        return probes.isEmpty() && choices.isEmpty() && loads.isEmpty();
    }

    /** The {@code io.cpufeatures.Probe} event: the fields as recorded, empty strings where the CPU says nothing. */
    record Probe(String architecture, String source, String sourceDetail, String failures, String cpu,
            String microarchitecture, String level, String hypervisor, String identity, String coreScope, String usable,
            String policyFlags, Duration probeDuration, Instant probedAt) {
    }

    /**
     * The {@code io.cpufeatures.Choice} event with its {@code io.cpufeatures.Candidate} events, as the explanation the
     * point gave; {@code how} is {@code failed} and {@code error} its first line when it could not choose.
     */
    record Choice(Explanation explanation, String how, String error, Duration selection, Instant chosenAt) {
    }

    /** The {@code io.cpufeatures.NativeLoad} event. */
    record Load(String platform, String variant, String file, String sha256, String verified, String cache,
            Duration load, Instant loadedAt) {
    }
}
