package io.cpufeatures.dispatch.testing;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;

/**
 * A library's first use tried with every amount of stack left, for a test in a fresh JVM: on a new thread
 * the stack is run out by recursion, and on the way back up every frame tries {@code firstUse} until one
 * answers, so that some attempt has too little stack wherever the work would overflow. A library whose
 * process-wide state survives it ({@link io.cpufeatures.dispatch.FirstUse}, a point's {@code dispatched()})
 * fails such attempts with {@link StackOverflowError} only, never with a {@code NoClassDefFoundError} for
 * a class its first use left failed, and then answers as a healthy thread does.
 *
 * <pre>{@code
 * ShortStacks.Result r = ShortStacks.firstUseAtEveryDepth(() -> new MyCodec().encode(sample).length + "", 64 << 10);
 * assert r.overflowed() && r.otherFailures().isEmpty() && r.answer().equals(Optional.of(healthyAnswer));
 * }</pre>
 */
public final class ShortStacks {

    /**
     * What the attempts saw.
     *
     * @param overflowed    whether some attempt had too little stack (else the test proved nothing)
     * @param otherFailures every other throwable an attempt ended with, as {@code toString()}, sorted
     * @param answer        what the first attempt that returned answered; empty if none did
     */
    public record Result(boolean overflowed, Set<String> otherFailures, Optional<String> answer) {

        /**
         * Copies the parts.
         *
         * @param overflowed    whether some attempt had too little stack
         * @param otherFailures the other failures; not null
         * @param answer        the answer; not null
         */
        public Result {
            otherFailures = Set.copyOf(otherFailures);
            Objects.requireNonNull(answer, "answer");
        }
    }

    private ShortStacks() {
    }

    /**
     * Tries {@code firstUse} at every depth of a new thread of {@code stackBytes} of stack, from where the stack ran
     * out upwards, until an attempt returns. Run it before anything else in a fresh JVM: what an earlier use
     * initialised is no longer tried.
     *
     * @param firstUse   the first use; what it returns is the answer; not null
     * @param stackBytes the thread's stack size (the JVM may round it up to its minimum)
     * @return what the attempts saw
     * @throws InterruptedException if interrupted while waiting for the thread
     */
    public static Result firstUseAtEveryDepth(Callable<String> firstUse, long stackBytes) throws InterruptedException {
        Objects.requireNonNull(firstUse, "firstUse");
        Attempts a = new Attempts(firstUse);
        Thread t = new Thread(null, a, "short-stack", stackBytes);
        t.start();
        t.join();
        return new Result(a.overflows > 0, a.others, Optional.ofNullable(a.answer));
    }

    /** The recursion and the attempts on its way back up. A class, not a lambda: nothing to bootstrap on the brink. */
    private static final class Attempts implements Runnable {
        private final Callable<String> firstUse;
        private String answer;
        private int overflows;
        private final Set<String> others = new TreeSet<>();

        Attempts(Callable<String> firstUse) {
            this.firstUse = firstUse;
        }

        @Override
        public void run() {
            down();
        }

        private void down() {
            try {
                down();
            } catch (StackOverflowError e) {
                // the bottom: every frame from here up tries
            }
            if (answer == null) {
                try {
                    answer = firstUse.call();
                } catch (StackOverflowError e) {
                    overflows++;
                } catch (Throwable e) {
                    others.add(e.toString());
                }
            }
        }
    }
}
