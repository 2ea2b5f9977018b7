package io.cpufeatures.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cpufeatures.os.NativeRefusals;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** JNA's absence is said in one WARN line per process, whichever module meets it first, and never where JNA is here. */
class MissingJnaTest {

    @Test
    void oneLinePerCauseNamingWhatWasNotReadAndWhatAnswers() {
        Logger logger = (Logger) LoggerFactory.getLogger(MissingJnaTest.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        try {
            Log log = Log.of(MissingJnaTest.class);
            String why = "JNA is not on the class path (test " + System.nanoTime() + ")";
            assertTrue(MissingJna.warnOnce(log, "arm64's ID registers", "the HWCAP words answer", why));
            assertFalse(MissingJna.warnOnce(log, "the core types", "the first CPU answers", why), "said once per process");
            assertFalse(MissingJna.warnOnce(log, "anything", "anything", null));
            String said = "JNA is not on the class path (said " + System.nanoTime() + ")";
            NativeRefusals.sayNow(said); // another module's line said it
            assertFalse(MissingJna.warnOnce(log, "anything", "anything", said));
            assertEquals(1, events.list.size(), events.list.toString());
            assertEquals("cpufeatures: arm64's ID registers not read: " + why + "; the HWCAP words answer (said once per"
                    + " process)", events.list.get(0).getFormattedMessage());
            assertEquals("WARN", events.list.get(0).getLevel().toString());
        } finally {
            logger.detachAppender(events);
        }
    }

    @Test
    void nothingWhereJnaIsHere() {
        assertFalse(MissingJna.warnOnce(Log.of(MissingJnaTest.class), "anything", "anything"));
    }
}
