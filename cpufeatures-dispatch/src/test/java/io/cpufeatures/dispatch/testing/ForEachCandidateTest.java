package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.cpufeatures.core.CpuFeatures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

class ForEachCandidateTest {

    @Test
    void everyCandidateThisMachineRunsIsTestedAndTheOthersAreSkippedWithTheReason() {
        Events events = EngineTestKit.engine("junit-jupiter").selectors(selectClass(ForEachCandidateSample.class))
                .execute().testEvents();
        boolean knightsRuns = CpuFeatures.current().has("avx512_4fmaps");
        int runnable = knightsRuns ? 3 : 2;
        assertEquals(2 * runnable, events.succeeded().count(), events.toString());
        assertEquals(0, events.failed().count());
        List<Event> skipped = events.skipped().list();
        assertEquals(knightsRuns ? 0 : 2, skipped.size());
        for (Event e : skipped) {
            String reason = e.getPayload(String.class).orElse("");
            assertTrue(reason.startsWith("test.foreach/knights cannot run on this machine: [avx512_4fmaps: absent:"), reason);
            assertTrue(e.getTestDescriptor().getDisplayName().equals("[knights]"));
        }
    }
}
