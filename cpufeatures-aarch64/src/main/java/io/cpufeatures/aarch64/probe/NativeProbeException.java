package io.cpufeatures.aarch64.probe;

/** A native part of the probe could not run: not an AArch64 process, JNA did not load, executable memory was refused... */
public final class NativeProbeException extends Exception {

    /** Creates the exception with what failed. */
    public NativeProbeException(String message) {
        super(message);
    }

    /** Creates the exception with what failed and the cause. */
    public NativeProbeException(String message, Throwable cause) {
        super(message, cause);
    }
}
