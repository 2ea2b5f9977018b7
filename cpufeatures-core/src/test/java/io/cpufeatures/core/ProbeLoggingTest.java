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
import java.util.List;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class ProbeLoggingTest {

    @Test
    void aHealthyProbeLogsNothingEvenAtDebugAndPrintsNothing() {
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
        CpuFeatures probed;
        try {
            System.setOut(new PrintStream(printed, true));
            System.setErr(new PrintStream(printed, true));
            probed = CpuFeatures.probe(ProbeSettings.none());
        } finally {
            System.setOut(out);
            System.setErr(err);
            logger.setLevel(before);
            logger.setAdditive(true);
            logger.detachAppender(events);
        }
        // the first use logs nothing (docs/probing.md): where the answer came from and what it cost
        // are read from the answer itself
        assertEquals(List.of(), events.list);
        assertTrue(probed.source().toString().contains("native (counting fake)"), probed.source().toString());
        assertTrue(probed.source().elapsed().toNanos() > 0, probed.source().toString());
        assertEquals("", printed.toString());
    }
}
