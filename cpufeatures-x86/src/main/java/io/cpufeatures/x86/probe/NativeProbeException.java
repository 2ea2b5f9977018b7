package io.cpufeatures.x86.probe;

import java.util.Objects;

/** The native probe could not run: JNA did not load, executable memory was refused... */
public final class NativeProbeException extends Exception {

    /** Creates the exception with what failed. */
    public NativeProbeException(String message) {
        super(Objects.requireNonNull(message, "message"));
    }

    /** Creates the exception with what failed and the cause. */
    public NativeProbeException(String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), Objects.requireNonNull(cause, "cause"));
    }
}
