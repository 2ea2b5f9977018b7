package io.cpufeatures.core.internal;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A process-wide value made once, on a platform thread of its own, while the callers wait: what
 * {@code CpuFeatures.current()} probes with, and what the dispatch layer's {@code FirstUse} offers
 * libraries. The first call may come from any thread: one with
 * little stack left (deep in a recursion, or made with a small stack size), a virtual thread, an
 * interrupted one. Made on the caller's stack, a {@link StackOverflowError} in a class initialiser
 * on the way would mark that class failed for the JVM's life; made here, the work has a stack of
 * {@value #STACK_BYTES} bytes whatever the caller's, and the caller only starts a thread and waits.
 * The caller's side uses a monitor and nothing else ({@code FutureTask} and the atomics initialise
 * with method handles, deep enough to fail on the short stack this class is for).
 *
 * <p>What the maker logs is kept and logged by the first caller to see the value made, after its wait and on its
 * own thread ({@link Log}): a caller inside a logging appender holds the appender's lock, which the maker would
 * otherwise wait for while the caller waits for the maker.
 *
 * <p>A {@link Throwable} while making the value (only a {@link VirtualMachineError} in practice:
 * the maker keeps its deterministic failures as values) is the failure of the calls waiting for it,
 * nothing is kept, and the next call starts again. An interrupt does not cut the wait short (the
 * value is a probe away); the interrupt status is kept. If no thread can be started, the caller
 * makes the value itself.
 *
 * @param <T> the value's type
 */
public final class OwnThreadOnce<T> {

    /** The maker's stack: HotSpot's default on 64-bit Linux, whatever {@code -Xss} says. */
    public static final long STACK_BYTES = 1 << 20;

    private final Supplier<T> make;
    private final String threadName;
    private volatile T value;
    /** The run under way, or null; guarded by this. */
    private Run<T> current;
    /** The thread making the value of {@link #current}; guarded by this. */
    private Thread maker;

    /**
     * A value {@code make} makes on first use, on a thread named {@code threadName}.
     *
     * @param make       makes the value; never returns null; not null
     * @param threadName the maker thread's name, e.g. {@code cpufeatures-probe}; not null
     */
    public OwnThreadOnce(Supplier<T> make, String threadName) {
        this.make = Objects.requireNonNull(make, "make");
        this.threadName = Objects.requireNonNull(threadName, "threadName");
    }

    /** One attempt at making the value; its fields are guarded by the owner's monitor. */
    private static final class Run<T> {
        T value;
        Throwable failure;
        boolean done;
        /** What the maker logged, for the first caller to see the run done to log; then null. */
        Log.Kept logged;
    }

    /**
     * The value, made now (on the maker thread) if no earlier call made it.
     *
     * @throws VirtualMachineError   as making the value threw it; nothing is kept
     * @return the value, the same on every call once made
     * @throws IllegalStateException if called while the value is being made, by the code that makes it
     */
    public T get() {
        T v = value;
        if (v != null) {
            return v;
        }
        boolean interrupted = false;
        Log.Kept logged = null;
        try {
            synchronized (this) {
                if (value != null) {
                    return value;
                }
                if (current == null) {
                    start();
                } else if (Thread.currentThread() == maker) {
                    throw new IllegalStateException("the process-wide value is asked for while it is being made, by"
                            + " the code that makes it (" + threadName + ")");
                }
                Run<T> r = current;
                while (!r.done) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                logged = r.logged;
                r.logged = null;
                if (r.failure == null) {
                    return r.value;
                }
                if (current == r) {
                    current = null;
                }
                if (r.failure instanceof Error e) {
                    throw e;
                }
                if (r.failure instanceof RuntimeException e) {
                    throw e;
                }
                throw new IllegalStateException(r.failure);
            }
        } finally {
            // outside the monitor, on this thread: a lock this thread holds (an appender's) is no wait here
            if (logged != null) {
                logged.replay();
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Starts a run on a new thread; called holding the monitor. */
    private void start() {
        Run<T> r = new Run<>();
        Making making = new Making(r);
        Thread thread = new Thread(null, making, threadName, STACK_BYTES);
        thread.setDaemon(true);
        current = r;
        maker = thread;
        try {
            thread.start();
        } catch (OutOfMemoryError | InternalError e) {
            // no thread to be had (a limit on threads, or on memory for stacks): make it here
            maker = Thread.currentThread();
            making.run();
        } catch (RuntimeException | Error e) {
            // not started (this thread's stack ran out in start()): the next call starts one
            current = null;
            maker = null;
            throw e;
        }
    }

    /**
     * What the maker thread runs. A class, not a lambda: a lambda's first use bootstraps on the
     * caller's stack, which is what this class keeps the work off.
     */
    private final class Making implements Runnable {
        private final Run<T> run;

        Making(Run<T> run) {
            this.run = run;
        }

        @Override
        public void run() {
            T v = null;
            Throwable failure = null;
            // what the work logs is logged by the waiting caller: it may hold a lock the logging would wait for
            Object outer = Log.startKeeping();
            try {
                v = Objects.requireNonNull(make.get(), "a process-wide value was made null");
            } catch (Throwable e) {
                failure = e;
            }
            Log.Kept logged = Log.stopKeeping(outer);
            synchronized (OwnThreadOnce.this) {
                run.value = v;
                run.failure = failure;
                run.logged = logged;
                run.done = true;
                if (v != null) {
                    value = v;
                }
                maker = null;
                OwnThreadOnce.this.notifyAll();
            }
        }
    }
}
