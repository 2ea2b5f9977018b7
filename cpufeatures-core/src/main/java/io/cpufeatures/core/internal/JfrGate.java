package io.cpufeatures.core.internal;

import java.util.Locale;

/**
 * Whether the library's flight-recorder events are recorded, asked where one happens (the process-wide probe, a
 * dispatch point's choice, a native variant's load) without loading a class of {@code jdk.jfr}: the classes that
 * do ({@code io.cpufeatures.core.jfr}, {@code io.cpufeatures.dispatch.jfr}) are loaded only once this says yes.
 *
 * <p>Yes takes two things. The runtime has the {@code jdk.jfr} module and the asking module reads it: a jlink'd
 * image without it, or an application on the module path that did not resolve it, records nothing and loads
 * nothing (both modules require it {@code static}). And a recording may exist: JFR sets the system property
 * {@value #REPOSITORY} when it makes its disk repository, for the first chunk of the first recording of the process
 * (JDK 17 to 25, {@code jdk.jfr.internal.Repository}), whether the recording was started by
 * {@code -XX:StartFlightRecording}, {@code jcmd JFR.start} or in process. Asking costs a property lookup. A
 * recording started after the library's last event, with nothing asked of the library since, is not seen: for
 * that, {@code -Dcpufeatures.jfr=true} (or {@code CPUFEATURES_JFR=true}) registers the events at the first one
 * whatever is recording, and their periodic hooks then put the probe and every choice in each chunk of any later
 * recording. {@code false} records nothing. A recording kept in memory only ({@code disk=false}) makes no
 * repository, so it too needs {@code true}.
 *
 * <p>Internal: core and dispatch use it.
 */
public final class JfrGate {

    /** The setting: {@code auto} (the default), {@code true} or {@code false}. */
    public static final String PROPERTY = "cpufeatures.jfr";
    /** The setting's environment variable, used where the property is unset. */
    static final String VARIABLE = "CPUFEATURES_JFR";
    /** What JFR sets once it has made the disk repository of a recording's first chunk. */
    static final String REPOSITORY = "jdk.jfr.repository";

    /** The settings' values: recorded once a recording has started in this process. */
    static final int AUTO = 0;
    /** Registered at the first event, for recordings started later. */
    static final int ON = 1;
    /** Never recorded. */
    static final int OFF = 2;
    /** A value that is none of those. */
    static final int UNKNOWN = -1;

    /** Said in a WARN line once, on the first question with an unknown setting. */
    private static final class Logged {
        static final Log LOG = Log.of(JfrGate.class);
    }

    /*
     * The setting and the module, read once when this class is first used: after the process-wide report is made or
     * a point has chosen, never on the first answer's path. Constants, not an enum or a holder: the first dispatched
     * call loads this one class of the gate.
     */
    private static final String VALUE = value();
    private static final int MODE = mode(VALUE);
    private static final Module JFR = ModuleLayer.boot().findModule("jdk.jfr").orElse(null);

    private static volatile boolean warned;
    /** Set when emitting failed in a way no later event escapes (a class of the module that cannot link). */
    private static volatile boolean broken;

    private JfrGate() {
    }

    private static String value() {
        String v = System.getProperty(PROPERTY);
        if (v == null || v.isBlank()) {
            v = System.getenv(VARIABLE);
        }
        return v == null || v.isBlank() ? null : v.trim();
    }

    /** {@return {@code value}'s mode: auto (or none), true or false, in any case; else {@link #UNKNOWN}} */
    static int mode(String value) {
        if (value == null) {
            return AUTO;
        }
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "auto" -> AUTO;
            case "true" -> ON;
            case "false" -> OFF;
            default -> UNKNOWN;
        };
    }

    /**
     * Whether the events of {@code module} (a library module that requires {@code jdk.jfr} statically) are recorded
     * now: the runtime has {@code jdk.jfr}, the module reads it, the setting is not {@code false}, and either it is
     * {@code true} or a recording has started in this process. An unknown setting is one WARN line, naming the
     * property and what it takes, and is read as {@code auto}.
     *
     * @param module the module whose events would be emitted; not null
     * @return whether to emit them; false loads no class of {@code jdk.jfr}
     */
    public static boolean open(Module module) {
        if (broken) {
            return false;
        }
        int mode = MODE;
        if (mode == UNKNOWN) {
            if (!warned) {
                warned = true;
                Logged.LOG.warn("{}={}: not a setting; it takes auto (record once a recording has started), true"
                        + " (register at the first event, for recordings started later) or false; read as auto",
                        PROPERTY, VALUE);
            }
            mode = AUTO;
        }
        if (mode == OFF || JFR == null || !module.canRead(JFR)) {
            return false;
        }
        return mode == ON || System.getProperty(REPOSITORY) != null;
    }

    /**
     * Stops every later event of the process, with one WARN line: emitting failed with {@code e} (a class of
     * {@code jdk.jfr} that cannot be linked, JFR refusing a registration), and the library goes on without it.
     *
     * @param what which event failed, for the line
     * @param e    the failure
     */
    public static void broken(String what, Throwable e) {
        Once.rethrowIfMomentary(e);
        if (!broken) {
            broken = true;
            Logged.LOG.warn("cpufeatures: the flight-recorder events are off for this process: {} failed: {}", what,
                    e.toString());
        }
    }

    /**
     * Records the process-wide report's event, just made ({@link CurrentReport}), where {@link #open} says so. Called
     * once, by the facade.
     */
    public static void probed() {
        if (open(JfrGate.class.getModule())) {
            try {
                io.cpufeatures.core.jfr.ProbeRecording.probed();
            } catch (RuntimeException | LinkageError e) {
                broken("the probe's event", e);
            }
        }
    }

    /**
     * Registers the probe's event, re-emitted at each chunk, and records it now if the report is made: what the
     * dispatch module's events call when they register theirs, so a recording that shows choices shows the CPU too.
     * Only after {@link #open} said yes.
     */
    public static void register() {
        try {
            io.cpufeatures.core.jfr.ProbeRecording.register();
        } catch (RuntimeException | LinkageError e) {
            broken("the probe's event", e);
        }
    }
}
