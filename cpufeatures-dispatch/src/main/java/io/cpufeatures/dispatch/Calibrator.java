package io.cpufeatures.dispatch;

import java.time.Duration;

/**
 * Measures a {@link Calibratable} for a bounded time after a warm-up, as Linux {@code do_xor_speed}
 * does: the selection uses it, and so may a tool that reports every candidate's speed.
 *
 * <p>A JIT compiles as it goes, so one window right after a fixed warm-up measures compilation as
 * much as the code (the slow oracle of {@code raid.xor} won 2 runs of 50 that way). So the warm-up
 * goes on, window by window, until two windows in a row agree within {@value #SETTLED_PERCENT}%
 * (at most {@value #MAX_SETTLING_WINDOWS} windows), and the figure is the best of
 * {@value #WINDOWS} windows after that: the code's speed, not the compiler's or a neighbour's.
 */
public final class Calibrator {

    /** Two consecutive windows within this many percent of each other: the JIT has settled. */
    static final int SETTLED_PERCENT = 5;

    /** The most windows spent waiting for the JIT to settle. */
    static final int MAX_SETTLING_WINDOWS = 8;

    /** The windows measured once settled; the best is the figure. */
    static final int WINDOWS = 3;

    /** The warm-up of each candidate unless a point sets its own: 10 ms. */
    public static final Duration DEFAULT_WARMUP = Duration.ofMillis(10);

    /** The measuring time of each candidate unless a point sets its own: 25 ms. */
    public static final Duration DEFAULT_MEASURE = Duration.ofMillis(25);

    private Calibrator() {
    }

    /**
     * Runs rounds of {@code c} for {@code warmup}, then windows of {@code measure} until two in a row
     * agree within {@value #SETTLED_PERCENT}% (at most {@value #MAX_SETTLING_WINDOWS}), then returns the
     * best of {@value #WINDOWS} more windows: MB/s (10^6 bytes) when the rounds have a size, rounds per
     * second otherwise. Takes between {@code warmup + 5 * measure} and {@code warmup + 11 * measure}.
     *
     * @param c       the benchmark; not null
     * @param warmup  how long to run rounds before the first window; not null
     * @param measure the length of one window; not null
     * @return the best window's speed: MB/s, or rounds per second when {@link Calibratable#calibrationBytes()} is 0
     */
    public static double measure(Calibratable c, Duration warmup, Duration measure) {
        long warmupEnd = System.nanoTime() + warmup.toNanos();
        while (System.nanoTime() < warmupEnd) {
            c.calibrationRound();
        }
        double previous = window(c, measure);
        for (int i = 1; i < MAX_SETTLING_WINDOWS; i++) {
            double next = window(c, measure);
            boolean settled = Math.abs(next - previous) * 100 <= SETTLED_PERCENT * Math.max(next, previous);
            previous = next;
            if (settled) {
                break;
            }
        }
        double best = 0;
        for (int i = 0; i < WINDOWS; i++) {
            best = Math.max(best, window(c, measure));
        }
        return best;
    }

    /** Rounds of {@code c} for at least {@code length}, as MB/s or rounds per second. */
    private static double window(Calibratable c, Duration length) {
        long rounds = 0;
        long start = System.nanoTime();
        long end = start + length.toNanos();
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
