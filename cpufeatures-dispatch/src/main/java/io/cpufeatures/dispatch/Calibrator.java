package io.cpufeatures.dispatch;

import java.time.Duration;

/** Measures a {@link Calibratable} for a bounded time after a warm-up, as Linux {@code do_xor_speed} does. */
final class Calibrator {

    private Calibrator() {
    }

    /** MB/s when the rounds have a size, rounds per second otherwise. */
    static double measure(Calibratable c, Duration warmup, Duration measure) {
        long warmupEnd = System.nanoTime() + warmup.toNanos();
        while (System.nanoTime() < warmupEnd) {
            c.calibrationRound();
        }
        long rounds = 0;
        long start = System.nanoTime();
        long end = start + measure.toNanos();
        long now;
        do {
            c.calibrationRound();
            rounds++;
            now = System.nanoTime();
        } while (now < end);
        double seconds = (now - start) / 1e9;
        long bytes = c.calibrationBytes();
        return bytes > 0 ? rounds * (double) bytes / seconds / 1e6 : rounds / seconds;
    }
}
