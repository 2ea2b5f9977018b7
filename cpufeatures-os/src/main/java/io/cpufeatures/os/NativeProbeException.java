package io.cpufeatures.os;

import java.util.Objects;

/** A native probe could not run: JNA did not load, the auxiliary vector had no entry, executable memory was refused... */
public final class NativeProbeException extends Exception {

    /**
     * Creates the exception with what failed.
     *
     * @param message what failed and why, e.g. that the process is not of the architecture probed; not null
     */
    public NativeProbeException(String message) {
        super(Objects.requireNonNull(message, "message"));
    }

    /**
     * Creates the exception with what failed and the cause.
     *
     * @param message what failed and why; not null
     * @param cause   the failure behind it (a {@link LinkageError} of JNA, a refused mapping...); not null
     */
    public NativeProbeException(String message, Throwable cause) {
        super(Objects.requireNonNull(message, "message"), Objects.requireNonNull(cause, "cause"));
    }
}
