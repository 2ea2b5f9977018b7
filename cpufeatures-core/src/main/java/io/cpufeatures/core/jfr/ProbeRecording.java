package io.cpufeatures.core.jfr;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.internal.JfrGate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import jdk.jfr.FlightRecorder;

/**
 * Records the probe's event: once registered, JFR calls {@link Hook} at the start and at the end of every chunk
 * (period {@code everyChunk}), and the event is committed then, as well as when the report is made. Registered on the
 * first event (the report made, or a dispatch choice's registration) once {@link JfrGate#open} allows it: registering
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

    /** The facts of the identity the event names as fields of their own. */
    static final String MICROARCHITECTURE = "microarchitecture";
    static final String LEVEL = "level";
    static final String HYPERVISOR = "hypervisor";

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
        CpuFeatures features = JfrGate.probe();
        if (features == null) {
            return;
        }
        ProbeEvent e = new ProbeEvent();
        if (!e.isEnabled()) {
            return;
        }
        fill(e, features, JfrGate.probedAt());
        e.commit();
    }

    /** Fills {@code e} with {@code features}, made at {@code probedAt} (milliseconds since the epoch). */
    static void fill(ProbeEvent e, CpuFeatures features, long probedAt) {
        ProbeSource source = features.source();
        e.architecture = features.architecture();
        e.source = source.kind().id();
        e.sourceDetail = source.detail();
        List<String> failures = new ArrayList<>();
        for (ProbeFailure f : source.failures()) {
            failures.add(f.toString());
        }
        e.failures = String.join("; ", failures);
        e.cpu = features.describe(Runtime.getRuntime().availableProcessors()).summary();
        Map<String, String> identity = features.identity();
        e.microarchitecture = identity.get(MICROARCHITECTURE);
        e.level = identity.get(LEVEL);
        e.hypervisor = identity.get(HYPERVISOR);
        List<String> facts = new ArrayList<>();
        identity.forEach((k, v) -> facts.add(k + "=" + v));
        e.identity = String.join(", ", facts);
        e.coreScope = features.coreScope().orElse("");
        e.usable = String.join(" ", features.usable());
        e.policyFlags = String.join(" ", features.policyFlags());
        e.probeDuration = source.elapsed().toNanos();
        e.probedAt = probedAt;
    }
}
