package io.cpufeatures.core.internal;

import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The library's way to SLF4J, for two reasons that a {@code static final Logger} field cannot serve.
 *
 * <ul>
 *   <li><b>Nothing of SLF4J before there is something to say.</b> A logger is asked for when a line is logged or a
 *       level is checked, never in a class initialiser: the first {@code getLogger} initialises the logging backend
 *       (logback reads its configuration), deep enough to overflow a short stack, and a class whose initialiser
 *       threw is failed for the JVM's life. And a line that reports nothing wrong (DEBUG, INFO: a probe's time, a
 *       dispatch point's choice) is logged only where SLF4J has a provider to show it ({@link LoggingProvider}):
 *       without one SLF4J would drop it and print its three-line "no providers" notice on stderr, for a healthy
 *       answer. A WARN line always goes to SLF4J: it reports something, and the notice tells a user without a
 *       provider that it went nowhere.</li>
 *   <li><b>No first use waits on a lock another thread holds while it waits for this one.</b> The library makes
 *       its process-wide values under a lock of each value's ({@link Once}), on the calling thread. A thread inside a
 *       logging appender holds the appender's monitor (logback's {@code AppenderBase.doAppend} is synchronized); if
 *       the maker logged while it held the value's lock, it would wait for that monitor, and the appender's thread
 *       for the value. So what a maker logs is kept, and logged after the value's lock is released (where logback's
 *       re-entrance guard drops it inside an appender, rather than deadlocking).</li>
 * </ul>
 *
 * Internal: the library's modules use it; it is no logging API.
 */
public final class Log {

    /** Where a thread making a value keeps what it logs, or null when it makes none. */
    private static final ThreadLocal<List<Event>> KEPT = new ThreadLocal<>();

    private final String name;
    private volatile Logger logger;

    private Log(String name) {
        this.name = name;
    }

    /**
     * {@return the log of {@code type}: its lines go to the SLF4J logger of that name, asked for on first use}
     *
     * @param type the class that logs
     */
    public static Log of(Class<?> type) {
        return new Log(type.getName());
    }

    private Logger logger() {
        Logger l = logger;
        if (l == null) {
            logger = l = LoggerFactory.getLogger(name);
        }
        return l;
    }

    /**
     * Starts the logging backend where SLF4J has a provider (logback reads its configuration), as a first line would:
     * for the library's first use to call where the stack is ample, before the calling thread logs.
     */
    public static void startBackend() {
        if (LoggingProvider.PRESENT) {
            LoggerFactory.getILoggerFactory();
        }
    }

    /** {@return whether DEBUG lines are logged: never without a provider to show them} */
    public boolean isDebugEnabled() {
        return LoggingProvider.PRESENT && logger().isDebugEnabled();
    }

    /**
     * Logs at DEBUG, as SLF4J formats {@code format} with {@code args}; not at all without a provider.
     *
     * @param format the message, with {@code {}} for each argument
     * @param args   the arguments; a last {@link Throwable} is logged with its trace
     */
    public void debug(String format, Object... args) {
        log(Level.DEBUG, format, args);
    }

    /**
     * Logs at INFO; not at all without a provider (a line that reports nothing wrong).
     *
     * @param format the message, with {@code {}} for each argument
     * @param args   the arguments
     */
    public void info(String format, Object... args) {
        log(Level.INFO, format, args);
    }

    /**
     * Logs at WARN.
     *
     * @param format the message, with {@code {}} for each argument
     * @param args   the arguments
     */
    public void warn(String format, Object... args) {
        log(Level.WARN, format, args);
    }

    private void log(int level, String format, Object[] args) {
        if (level != Level.WARN && !LoggingProvider.PRESENT) {
            // nothing would show it, and asking SLF4J would print its notice
            return;
        }
        List<Event> kept = KEPT.get();
        if (kept != null) {
            // the logging backend starts here, on the maker's stack, not on the caller's that logs the line
            logger();
            kept.add(new Event(this, level, format, args.clone()));
        } else {
            emit(level, format, args);
        }
    }

    private void emit(int level, String format, Object[] args) {
        Logger l = logger();
        if (level == Level.DEBUG) {
            l.debug(format, args);
        } else if (level == Level.INFO) {
            l.info(format, args);
        } else {
            l.warn(format, args);
        }
    }

    /** The levels the library logs at (constants, not an enum: nothing more to load on a cold path). */
    private static final class Level {
        static final int DEBUG = 0;
        static final int INFO = 1;
        static final int WARN = 2;
    }

    /** A line logged while a value was made, to be logged once its lock is released. */
    private static final class Event {
        final Log log;
        final int level;
        final String format;
        final Object[] args;

        Event(Log log, int level, String format, Object[] args) {
            this.log = log;
            this.level = level;
            this.format = format;
            this.args = args;
        }
    }

    /** What was logged while a value was made: logged after its lock is released, with {@link #replay()}. */
    public static final class Kept {
        private final List<Event> events;

        private Kept(List<Event> events) {
            this.events = events;
        }

        /**
         * Logs every line kept, in order, on the calling thread; once. If the calling thread's stack runs out on the
         * way (a first use deep in a recursion), the lines left are logged by a thread of their own.
         */
        public void replay() {
            List<Event> copy;
            synchronized (this) {
                copy = new ArrayList<>(events);
                events.clear();
            }
            List<Event> outer = KEPT.get();
            if (outer != null) {
                // made inside another value's making: its maker logs these with its own, after its lock
                outer.addAll(copy);
                return;
            }
            int i = 0;
            try {
                for (; i < copy.size(); i++) {
                    Event e = copy.get(i);
                    e.log.emit(e.level, e.format, e.args);
                }
            } catch (StackOverflowError e) {
                Thread t = new Thread(null, new Later(copy.subList(i, copy.size())), "cpufeatures-log", 1 << 20);
                t.setDaemon(true);
                t.start();
            }
        }
    }

    /** Lines a short stack could not log. A class, not a lambda: made where the stack ran out. */
    private static final class Later implements Runnable {
        private final List<Event> events;

        Later(List<Event> events) {
            this.events = events;
        }

        @Override
        public void run() {
            for (Event e : events) {
                e.log.emit(e.level, e.format, e.args);
            }
        }
    }

    /**
     * Keeps what the calling thread logs from now until {@link #stopKeeping}, instead of logging it: called by a
     * thread as it starts making a value (which may be inside the making of another).
     *
     * @return what to give {@link #stopKeeping}: the keeping this one nests in
     */
    static Object startKeeping() {
        List<Event> outer = KEPT.get();
        KEPT.set(new ArrayList<>());
        return outer;
    }

    /**
     * {@return what the calling thread logged since the matching {@link #startKeeping}}; it goes back to what it
     * did before (logging, or keeping for an outer maker)
     *
     * @param outer what {@link #startKeeping} returned
     */
    @SuppressWarnings("unchecked")
    static Kept stopKeeping(Object outer) {
        List<Event> events = KEPT.get();
        if (outer == null) {
            KEPT.remove();
        } else {
            KEPT.set((List<Event>) outer);
        }
        return new Kept(events == null ? new ArrayList<>() : events);
    }
}
