package io.cpufeatures.cli;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.ILoggerFactory;
import org.slf4j.IMarkerFactory;
import org.slf4j.Logger;
import org.slf4j.Marker;
import org.slf4j.event.Level;
import org.slf4j.helpers.BasicMarkerFactory;
import org.slf4j.helpers.LegacyAbstractLogger;
import org.slf4j.helpers.MessageFormatter;
import org.slf4j.helpers.NOPMDCAdapter;
import org.slf4j.spi.MDCAdapter;
import org.slf4j.spi.SLF4JServiceProvider;

/**
 * The command's logging: an SLF4J provider that writes {@code LEVEL Logger: message} lines on
 * stderr, WARN and above unless {@code -v} lowers the threshold to DEBUG. {@link Main#main} names
 * it in {@code slf4j.provider}, so it is the one used even when a logging library is on the class
 * path too; a few classes instead of a logging framework's hundreds keep the command's start-up short.
 */
public final class StderrLoggerProvider implements SLF4JServiceProvider {

    private static volatile Level threshold = Level.WARN;

    private final Map<String, Logger> loggers = new ConcurrentHashMap<>();
    private final ILoggerFactory factory = name -> loggers.computeIfAbsent(name, StderrLogger::new);
    private final IMarkerFactory markers = new BasicMarkerFactory();
    private final MDCAdapter mdc = new NOPMDCAdapter();

    /** Created by SLF4J. */
    public StderrLoggerProvider() {
    }

    /** Logs {@code level} and above from now on. */
    static void threshold(Level level) {
        threshold = level;
    }

    @Override
    public ILoggerFactory getLoggerFactory() {
        return factory;
    }

    @Override
    public IMarkerFactory getMarkerFactory() {
        return markers;
    }

    @Override
    public MDCAdapter getMDCAdapter() {
        return mdc;
    }

    @Override
    public String getRequestedApiVersion() {
        return "2.0.99";
    }

    @Override
    public void initialize() {
        // Nothing to set up.
    }

    /** A logger printing on stderr as it is when the event happens (tests may replace System.err). */
    private static final class StderrLogger extends LegacyAbstractLogger {

        private static final long serialVersionUID = 1L;

        private final String shortName;

        StderrLogger(String name) {
            this.name = name;
            this.shortName = name.substring(name.lastIndexOf('.') + 1);
        }

        private static boolean on(Level level) {
            return level.toInt() >= threshold.toInt();
        }

        @Override
        public boolean isTraceEnabled() {
            return on(Level.TRACE);
        }

        @Override
        public boolean isDebugEnabled() {
            return on(Level.DEBUG);
        }

        @Override
        public boolean isInfoEnabled() {
            return on(Level.INFO);
        }

        @Override
        public boolean isWarnEnabled() {
            return on(Level.WARN);
        }

        @Override
        public boolean isErrorEnabled() {
            return on(Level.ERROR);
        }

        @Override
        protected String getFullyQualifiedCallerName() {
            return null;
        }

        /** One line; a throwable's stack trace only with -v, else its message on the line. */
        @Override
        protected void handleNormalizedLoggingCall(Level level, Marker marker, String pattern, Object[] arguments,
                Throwable throwable) {
            String message = MessageFormatter.basicArrayFormat(pattern, arguments);
            PrintStream err = System.err;
            boolean trace = throwable != null && threshold.toInt() <= Level.DEBUG.toInt();
            err.println(level + " " + shortName + ": " + message
                    + (throwable != null && !trace ? " (" + throwable + ")" : ""));
            if (trace) {
                throwable.printStackTrace(err);
            }
        }
    }
}
