package io.cpufeatures.os;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The causes that refuse native code to the whole process (the native cache unsafe, on a {@code noexec} mount or
 * refusing writes, kept by {@link NativeLibraries}; JNA not used, {@link Jna}), each said in one WARN line per
 * process by whichever module meets it first (the CPU probe, a dispatch point's native variants), and kept quiet by
 * the others: a user is told a cause and its fix once, not once per library that shares it.
 */
public final class NativeRefusals {

    /** The process-wide causes met so far. */
    private static final Set<String> MET = ConcurrentHashMap.newKeySet();
    /** Those a WARN line has said. */
    private static final Set<String> SAID = ConcurrentHashMap.newKeySet();

    private NativeRefusals() {
    }

    /** Records {@code cause} as one no native library of the process escapes. */
    static void met(String cause) {
        MET.add(cause);
    }

    /**
     * Records that {@code line}, logged at WARN, said every process-wide cause it contains.
     *
     * @param line the line as logged; not null
     */
    public static void said(String line) {
        for (String cause : MET) {
            if (line.contains(cause)) {
                SAID.add(cause);
            }
        }
    }

    /**
     * Whether a WARN line should say {@code cause} now: true once per process, false when it was said before (by this
     * caller or by another module's line, {@link #said}).
     *
     * @param cause the cause, as its refusal gives it; not null
     * @return whether to say it
     */
    public static boolean sayNow(String cause) {
        MET.add(cause);
        return SAID.add(cause);
    }
}
