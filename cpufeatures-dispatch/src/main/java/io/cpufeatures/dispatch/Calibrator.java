package io.cpufeatures.dispatch;

import java.time.Duration;

/**
 * Measures a {@link Calibratable} for a bounded time after a warm-up, as Linux {@code do_xor_speed}
 * does: the selection uses it, and so may a tool that reports every candidate's speed.
 */
public final class Calibrator {

    /** The warm-up of each candidate unless a point sets its own: 10 ms. */
    public static final Duration DEFAULT_WARMUP = Duration.ofMillis(10);

    /** The measuring time of each candidate unless a point sets its own: 25 ms. */
    public static final Duration DEFAULT_MEASURE = Duration.ofMillis(25);

    private Calibrator() {
    }

    /**
     * Runs rounds of {@code c} for {@code warmup}, then counts rounds for at least {@code measure}:
     * MB/s (10^6 bytes) when the rounds have a size, rounds per second otherwise.
     */
    public static double measure(Calibratable c, Duration warmup, Duration measure) {
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
