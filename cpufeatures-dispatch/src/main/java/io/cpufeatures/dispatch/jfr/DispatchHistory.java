package io.cpufeatures.dispatch.jfr;

import io.cpufeatures.core.internal.JfrGate;
import java.util.ArrayList;
import java.util.List;

/**
 * Every process-wide choice and native load of this process, kept for the flight recorder: a recording started
 * later gets them all in its first chunk. Plain Java: keeping a record loads no class of
 * {@code jdk.jfr}, and its event is recorded only where {@link JfrGate#open} says so. A point selects once per
 * process, so the history holds one choice per point used, and one load per variant loaded.
 */
public final class DispatchHistory {

    private static final Object LOCK = new Object();
    private static final List<ChoiceRecord> CHOICES = new ArrayList<>();
    private static final List<NativeLoadRecord> LOADS = new ArrayList<>();

    private DispatchHistory() {
    }

    /**
     * Keeps a process-wide selection (or its failure), and records its events if a recording may exist.
     *
     * @param choice the selection; not null
     */
    public static void chosen(ChoiceRecord choice) {
        synchronized (LOCK) {
            CHOICES.add(choice);
        }
        if (JfrGate.open(DispatchHistory.class.getModule())) {
            try {
                DispatchRecording.chosen(choice);
            } catch (RuntimeException | LinkageError e) {
                JfrGate.broken("a dispatch choice's event", e);
            }
        }
    }

    /**
     * Keeps a native variant's load, and records its event if a recording may exist.
     *
     * @param load the load; not null
     */
    public static void loaded(NativeLoadRecord load) {
        synchronized (LOCK) {
            LOADS.add(load);
        }
        if (JfrGate.open(DispatchHistory.class.getModule())) {
            try {
                DispatchRecording.loaded(load);
            } catch (RuntimeException | LinkageError e) {
                JfrGate.broken("a native load's event", e);
            }
        }
    }

    /** {@return the choices made so far, in order} */
    static List<ChoiceRecord> choices() {
        synchronized (LOCK) {
            return List.copyOf(CHOICES);
        }
    }

    /** {@return the native variants loaded so far, in order} */
    static List<NativeLoadRecord> loads() {
        synchronized (LOCK) {
            return List.copyOf(LOADS);
        }
    }
}
