package io.cpufeatures.core.jfr;

import io.cpufeatures.core.internal.CurrentReport;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * Records the probe's event: once registered, JFR calls {@link Hook} at the start and at the end of every chunk
 * (period {@code everyChunk}), and the event is committed then, as well as when the report is made. Registered on the
 * first event (the report made, or a dispatch choice's registration) once {@code JfrGate.open} allows it: registering
 * in the middle of a chunk emits nothing for that chunk, so the report is committed at once too.
 *
 * <p>Why the end too, where {@code jdk.CPUInformation} has the start only: JFR pools a string of 17 to 127
 * characters on its second use, and on JDK 17 a string first pooled in a hook at the start of a chunk is missing from
 * that chunk (the field reads null there and fine in later chunks; 17.0.21, with these events registered and first
 * committed on the probe's and the selections' own threads; not on JDK 25). At the end of the previous chunk, before the rotation, the
 * pooling is sound, and the start of the next chunk finds the string pooled. A chunk so holds each event twice;
 * readers take one per time made ({@code probedAt}).
 */
public final class ProbeRecording {

    private static final AtomicBoolean REGISTERED = new AtomicBoolean();

    private ProbeRecording() {
    }

    /** The process-wide report was just made: registers the event, or commits it if it is registered. */
    public static void probed() {
        if (!registerOnce()) {
            commit();
        }
    }

    /** Registers the event, committing the report if it is made; nothing if registered before. */
    public static void register() {
        registerOnce();
    }

    private static boolean registerOnce() {
        if (!REGISTERED.compareAndSet(false, true)) {
            return false;
        }
        FlightRecorder.addPeriodicEvent(ProbeEvent.class, new Hook());
        commit();
        return true;
    }

    /** JFR's periodic hook: the report again, at the start and the end of each chunk. */
    private static final class Hook implements Runnable {
        @Override
        public void run() {
            commit();
        }
    }

    /** Commits the process-wide report's event, if the report is made and a recording wants the event. */
    static void commit() {
        CurrentReport report = CurrentReport.ifMade();
        if (report == null) {
            return;
        }
        ProbeEvent e = new ProbeEvent();
        if (!e.isEnabled()) {
            return;
        }
        report.event().accept(e);
        e.probedAt = report.madeAt();
        e.commit();
    }
}
