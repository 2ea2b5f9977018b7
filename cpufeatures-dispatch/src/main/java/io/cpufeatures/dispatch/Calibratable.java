package io.cpufeatures.dispatch;

/**
 * A benchmark an implementation can offer for calibration, Linux {@code do_xor_speed} style: the
 * dispatcher warms it up, runs rounds for a bounded time and keeps the fastest.
 */
public interface Calibratable {

    /** Runs one round of representative work. */
    void calibrationRound();

    /** {@return the bytes one round processes, to report MB/s; 0 (the default) to report rounds per second} */
    default long calibrationBytes() {
        return 0;
    }
}
