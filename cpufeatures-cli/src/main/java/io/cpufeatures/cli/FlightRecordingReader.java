package io.cpufeatures.cli;

import io.cpufeatures.dispatch.CandidateReport;
import io.cpufeatures.dispatch.CandidateStatus;
import io.cpufeatures.dispatch.Explanation;
import io.cpufeatures.os.IoFailure;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;

/**
 * Reads the cpufeatures events of a JFR recording into a {@link FlightRecording}, with the JDK's own parser
 * ({@code jdk.jfr.consumer.RecordingFile}, which checks every chunk's header and size: a truncated file fails where
 * it ends). The only class of the command that refers to {@code jdk.jfr}: loaded by {@code jfr} alone, once the
 * module is known to be there. Events are matched by name, their fields by name: a field an event lacks (a recording
 * by another version) is an error naming it.
 */
final class FlightRecordingReader {

    static final String PROBE = "io.cpufeatures.Probe";
    static final String CHOICE = "io.cpufeatures.Choice";
    static final String CANDIDATE = "io.cpufeatures.Candidate";
    static final String NATIVE_LOAD = "io.cpufeatures.NativeLoad";

    private final Path file;
    private final Set<FlightRecording.Probe> probes = new LinkedHashSet<>();
    /** The choices by point and time (a choice is emitted again at each chunk), with their events' fields. */
    private final Map<String, RecordedEvent> choices = new LinkedHashMap<>();
    private final Map<String, TreeMap<Integer, CandidateReport>> candidates = new LinkedHashMap<>();
    private final Set<FlightRecording.Load> loads = new LinkedHashSet<>();

    private FlightRecordingReader(Path file) {
        this.file = file;
    }

    /**
     * The cpufeatures events of {@code file}.
     *
     * @throws CliFailure in one line, naming the file: missing, not a recording, truncated, damaged, or of another
     *                    version's events
     */
    static FlightRecording read(Path file) {
        if (!Files.exists(file)) {
            throw new CliFailure(CliFailure.FAILED, file + ": No such file or directory");
        }
        if (!Files.isRegularFile(file)) {
            throw new CliFailure(CliFailure.FAILED, file + ": not a file; give a JFR recording (.jfr)");
        }
        FlightRecordingReader r = new FlightRecordingReader(file);
        try (RecordingFile recording = new RecordingFile(file)) {
            while (recording.hasMoreEvents()) {
                r.add(recording.readEvent());
            }
        } catch (CliFailure e) {
            throw e;
        } catch (EOFException e) {
            throw new CliFailure(CliFailure.FAILED, file + ": truncated (" + e.getMessage() + "); a recording cut off"
                    + " while it was written: dump it again (jcmd PID JFR.dump), or wait for the recording to end", e);
        } catch (IOException e) {
            String m = String.valueOf(e.getMessage());
            if (m.startsWith("Not a") || m.contains("Flight Recorder file")) {
                throw new CliFailure(CliFailure.FAILED, file + ": not a JFR recording (" + m + "); give a file that"
                        + " -XX:StartFlightRecording, jcmd JFR.dump or jfr print reads", e);
            }
            throw new CliFailure(CliFailure.FAILED, "cannot read " + IoFailure.describe(file, e), e);
        } catch (RuntimeException | InternalError e) {
            // the parser's own failures on a damaged file (an index out of its bounds, a type it cannot resolve)
            throw new CliFailure(CliFailure.FAILED, file + ": a damaged recording: " + e, e);
        }
        return r.recording();
    }

    private void add(RecordedEvent e) {
        switch (e.getEventType().getName()) {
            case PROBE -> probes.add(new FlightRecording.Probe(string(e, "architecture"), string(e, "source"),
                    string(e, "sourceDetail"), string(e, "failures"), string(e, "cpu"), string(e, "microarchitecture"),
                    string(e, "level"), string(e, "hypervisor"), string(e, "identity"), string(e, "coreScope"),
                    string(e, "usable"), string(e, "policyFlags"), duration(e, "probeDuration"),
                    instant(e, "probedAt")));
            case CHOICE -> choices.putIfAbsent(key(e), e);
            case CANDIDATE -> candidates.computeIfAbsent(key(e), k -> new TreeMap<>()).putIfAbsent(integer(e, "rank"),
                    candidate(e));
            case NATIVE_LOAD -> loads.add(new FlightRecording.Load(string(e, "platform"), string(e, "variant"),
                    string(e, "file"), string(e, "sha256"), string(e, "verified"), string(e, "cache"),
                    duration(e, "loadDuration"), instant(e, "loadedAt")));
            default -> {
                // another event of the recording
            }
        }
    }

    /** A choice and its candidates belong together by point and time. */
    private String key(RecordedEvent e) {
        return string(e, "point") + "\u0000" + instant(e, "chosenAt").toEpochMilli();
    }

    private CandidateReport candidate(RecordedEvent e) {
        String status = string(e, "status");
        CandidateStatus s;
        try {
            s = CandidateStatus.valueOf(status.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException x) {
            throw lacking(e, "status", "'" + status + "' is not selected, eligible or rejected");
        }
        String reasons = string(e, "reasons");
        double speed = number(e, "speed");
        return new CandidateReport(string(e, "candidate"), string(e, "description"), integer(e, "priority"),
                string(e, "requirements"), s, reasons.isEmpty() ? List.of() : List.of(reasons.split("\n", -1)),
                Double.isNaN(speed) ? OptionalDouble.empty() : OptionalDouble.of(speed));
    }

    private FlightRecording recording() {
        List<FlightRecording.Choice> out = new ArrayList<>();
        choices.forEach((key, e) -> {
            String chosen = string(e, "chosen");
            List<CandidateReport> reports = new ArrayList<>(candidates.getOrDefault(key, new TreeMap<>()).values());
            Explanation x = new Explanation(string(e, "point"), optional(chosen), reports, string(e, "cpuSource"),
                    optional(string(e, "coreScope")));
            out.add(new FlightRecording.Choice(x, string(e, "how"), string(e, "error"),
                    duration(e, "selectionDuration"), instant(e, "chosenAt")));
        });
        out.sort(Comparator.comparing(FlightRecording.Choice::chosenAt));
        List<FlightRecording.Load> l = new ArrayList<>(loads);
        l.sort(Comparator.comparing(FlightRecording.Load::loadedAt));
        return new FlightRecording(List.copyOf(probes), out, l);
    }

    private static Optional<String> optional(String s) {
        return s.isEmpty() ? Optional.empty() : Optional.of(s);
    }

    /** A text field; a null one (nothing to say) as empty. */
    private String string(RecordedEvent e, String field) {
        check(e, field);
        String s = e.getString(field);
        return s == null ? "" : s;
    }

    private int integer(RecordedEvent e, String field) {
        check(e, field);
        return e.getInt(field);
    }

    private double number(RecordedEvent e, String field) {
        check(e, field);
        return e.getDouble(field);
    }

    private Duration duration(RecordedEvent e, String field) {
        check(e, field);
        return e.getDuration(field);
    }

    private Instant instant(RecordedEvent e, String field) {
        check(e, field);
        return e.getInstant(field);
    }

    private void check(RecordedEvent e, String field) {
        if (!e.hasField(field)) {
            throw lacking(e, field, "it has no such field");
        }
    }

    private CliFailure lacking(RecordedEvent e, String field, String why) {
        return new CliFailure(CliFailure.FAILED, file + ": an " + e.getEventType().getName() + " event's field '"
                + field + "': " + why + "; recorded by another version of cpufeatures?");
    }
}
