package io.cpufeatures.core.internal;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A process-wide value made on first use, on the calling thread, and kept, unless making it failed for a reason of
 * that moment: a {@link VirtualMachineError} (a {@link StackOverflowError} on a thread with little stack left, an
 * {@link OutOfMemoryError}) is that caller's failure, nothing is kept, and the next call makes the value again. What
 * the class-holder idiom cannot do: an error in a holder's initialiser marks the class failed for the JVM's life, and
 * every later use on any thread is a {@code NoClassDefFoundError}. The one way the library makes what
 * {@code CpuFeatures.current()} answers, a dispatch point's choice and the dispatch layer's {@code FirstUse} offers
 * libraries, on the calling thread: no caller waits for another thread that may wait for a lock the caller holds. A
 * value made of the library's own code alone may be made on a thread of its own instead ({@link #onThreadOfItsOwn}),
 * out of the reach of a caller's short stack.
 *
 * <p>What the maker logs is kept while it holds this value's lock, and logged after the lock is released, on the same
 * thread ({@link Log}): logging takes the appender's lock (logback's {@code AppenderBase.doAppend} is synchronized),
 * and a thread that held this lock while it waited for the appender's could meet one inside the appender that waits
 * for this lock. Asked for again by the code that makes it, on the same thread, it fails with an
 * {@link IllegalStateException} rather than recursing.
 *
 * <p>The supplier keeps its own deterministic failures as values (a report of a failed probe, a configuration error
 * to rethrow), and lets momentary ones through ({@link #rethrowIfMomentary}). Internal: the core's and the dispatch
 * layer's process-wide state use it.
 *
 * @param <T> the value's type
 */
public final class Once<T> {

    /** The stack of a thread of its own: HotSpot's default on 64-bit Linux, whatever {@code -Xss} says. */
    public static final long STACK_BYTES = 1 << 20;

    private final Supplier<T> make;
    /** The name of the thread of its own the value is made on, or null to make it on the calling thread. */
    private final String threadName;
    private volatile T value;
    /** The thread making the value, or null; guarded by this. */
    private Thread maker;
    /** On a thread of its own: the run under way, or null; guarded by this. */
    private Run<T> current;

    /**
     * A value made by {@code make} on first use, on the calling thread.
     *
     * @param make makes the value; never returns null; not null
     */
    public Once(Supplier<T> make) {
        this(make, null);
    }

    private Once(Supplier<T> make, String threadName) {
        this.make = Objects.requireNonNull(make, "make");
        this.threadName = threadName;
    }

    /**
     * A value made by {@code make} on first use, on a platform thread of its own with {@value #STACK_BYTES} bytes of
     * stack, while the callers wait: for a value made only of the library's own code whose first use may come on a
     * short stack (deep in a recursion, a thread made with a small stack), where a {@link StackOverflowError} in a class
     * initialiser on the way would mark that class failed for the JVM's life. The caller's side uses a monitor and
     * nothing else; an interrupt does not cut the wait short (the interrupt status is kept). Not for a value whose
     * making runs the user's code (a candidate's constructor, its self-test), which may wait for a lock the waiting
     * caller holds, unless the user asked for it knowing that rule (the dispatch layer's {@code FirstUse}). If no thread can be started, the caller makes the value itself.
     *
     * @param <T>        the value's type
     * @param make       makes the value; never returns null; not null
     * @param threadName the thread's name, e.g. {@code cpufeatures-probe}; not null
     * @return the value's holder; nothing is made until {@link #get()}
     */
    public static <T> Once<T> onThreadOfItsOwn(Supplier<T> make, String threadName) {
        return new Once<>(make, Objects.requireNonNull(threadName, "threadName"));
    }

    /** One attempt at making the value on a thread of its own; its fields are guarded by the owner's monitor. */
    private static final class Run<T> {
        T value;
        Throwable failure;
        boolean done;
        /** What the maker logged, for the first caller to see the run done to log; then null. */
        Log.Kept logged;
    }

    /**
     * The value, made now on this thread if no earlier call made it.
     *
     * @return the value, the same on every call once made
     * @throws VirtualMachineError   as making it threw it: nothing is kept, the next call makes it again
     * @throws RuntimeException      as making it threw it: nothing is kept
     * @throws IllegalStateException if asked for while it is being made, by the code that makes it
     */
    public T get() {
        T v = value;
        if (v != null) {
            return v;
        }
        if (threadName != null) {
            return onItsThread();
        }
        Log.Kept logged = null;
        try {
            synchronized (this) {
                v = value;
                if (v != null) {
                    return v;
                }
                if (maker == Thread.currentThread()) {
                    throw new IllegalStateException("a process-wide value is asked for while it is being made, by"
                            + " the code that makes it");
                }
                Object outer = Log.startKeeping();
                maker = Thread.currentThread();
                try {
                    v = Objects.requireNonNull(make.get(), "a process-wide value was made null");
                    value = v;
                    return v;
                } finally {
                    // the maker first: a stack that ran out may leave no room for what follows
                    maker = null;
                    logged = Log.stopKeeping(outer);
                }
            }
        } finally {
            // outside the lock: a lock this thread holds (an appender's) is no wait here
            if (logged != null) {
                logged.replay();
            }
        }
    }

    /** {@link #get()} of a value made on a thread of its own. */
    private T onItsThread() {
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
        current = r;
        if (Thread.currentThread() instanceof Maker) {
            // asked on the way by another value made on a thread of its own: made here, on its ample stack
            maker = Thread.currentThread();
            making.run();
            return;
        }
        Thread thread = new Maker(making, threadName);
        thread.setDaemon(true);
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
     * A thread of its own. A value of the library's own code asked for on one is made right there, on the calling
     * thread's ample stack: a first use starts one thread, whatever it asks on the way.
     */
    private static final class Maker extends Thread {
        Maker(Runnable making, String name) {
            super(null, making, name, STACK_BYTES);
        }
    }

    /**
     * What the thread of its own runs. A class, not a lambda: a lambda's first use bootstraps on the caller's stack,
     * which is what that thread keeps the work off.
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
            synchronized (Once.this) {
                run.value = v;
                run.failure = failure;
                run.logged = logged;
                run.done = true;
                if (v != null) {
                    value = v;
                }
                maker = null;
                Once.this.notifyAll();
            }
        }
    }

    /**
     * Throws the {@link VirtualMachineError} in {@code t}'s chain, if there is one, so that a catch of
     * {@code Error} or {@code LinkageError} never keeps a failure of the moment as an answer.
     *
     * @param t a caught throwable; not null
     */
    public static void rethrowIfMomentary(Throwable t) {
        VirtualMachineError e = momentaryCause(t);
        if (e != null) {
            throw e;
        }
    }

    private static VirtualMachineError momentaryCause(Throwable t) {
        // bounded: a cause chain may loop
        for (int depth = 0; t != null && depth < 32; depth++, t = t.getCause()) {
            if (t instanceof VirtualMachineError e) {
                return e;
            }
        }
        return null;
    }
}
