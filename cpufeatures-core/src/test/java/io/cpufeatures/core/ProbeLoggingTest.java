package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cpufeatures.core.ProbeSettings;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ProbeLoggingTest {

    @Test
    void aProbeLogsOneDebugLineWithSourceAndTimeAndPrintsNothing() {
        Logger logger = (Logger) LoggerFactory.getLogger(CpuFeatures.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        Level before = logger.getLevel();
        logger.setLevel(Level.DEBUG);
        logger.setAdditive(false); // only our list sees the event; the console must stay silent
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream printed = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(printed, true));
            System.setErr(new PrintStream(printed, true));
            CpuFeatures.probe(ProbeSettings.none());
        } finally {
            System.setOut(out);
            System.setErr(err);
            logger.setLevel(before);
            logger.setAdditive(true);
            logger.detachAppender(events);
        }
        assertEquals(1, events.list.size(), events.list.toString());
        ILoggingEvent e = events.list.get(0);
        assertEquals(Level.DEBUG, e.getLevel());
        assertTrue(e.getFormattedMessage().contains("native (counting fake)"), e.getFormattedMessage());
        assertTrue(e.getFormattedMessage().matches(".* in \\d+ us$"), e.getFormattedMessage());
        assertEquals("", printed.toString());
    }
}
