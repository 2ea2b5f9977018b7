package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.Requirements;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.testkit.engine.EngineTestKit;
import org.junit.platform.testkit.engine.Event;
import org.junit.platform.testkit.engine.Events;

class ForEachCandidateTest {

    private static final boolean KNIGHTS_RUNS = CpuFeatures.current().has("avx512_4fmaps");
    private static final boolean VECTOR_MODULE = ModuleLayer.boot().findModule("jdk.incubator.vector").isPresent();

    private static Events run(Class<?> sample) {
        return EngineTestKit.engine("junit-jupiter").selectors(selectClass(sample)).execute().testEvents();
    }

    /** Each finished invocation's display name to "ok", "skipped: reason" or "failed: message". */
    private static Map<String, String> outcomes(Events events) {
        Map<String, String> m = new TreeMap<>();
        for (Event e : events.skipped().list()) {
            m.put(e.getTestDescriptor().getDisplayName(), "skipped: " + e.getPayload(String.class).orElse(""));
        }
        for (Event e : events.finished().list()) {
            TestExecutionResult r = e.getPayload(TestExecutionResult.class).orElseThrow();
            m.put(e.getTestDescriptor().getDisplayName(), r.getStatus() == TestExecutionResult.Status.SUCCESSFUL ? "ok"
                    : "failed: " + r.getThrowable().map(Throwable::getMessage).orElse(""));
        }
        return m;
    }

    @Test
    void everyCandidateThisMachineRunsIsTestedAndTheOthersAreSkippedWithTheReason() {
        Events events = run(ForEachCandidateSample.class);
        int runnable = KNIGHTS_RUNS ? 3 : 2;
        assertEquals(2 * runnable, events.succeeded().count(), events.toString());
        assertEquals(0, events.failed().count());
        List<Event> skipped = events.skipped().list();
        assertEquals(KNIGHTS_RUNS ? 0 : 2, skipped.size());
        for (Event e : skipped) {
            String reason = e.getPayload(String.class).orElse("");
            assertTrue(reason.startsWith("test.foreach/knights cannot run on this machine: [avx512_4fmaps: absent:"), reason);
            assertTrue(e.getTestDescriptor().getDisplayName().equals("[knights]"));
        }
    }

    @Test
    void bySkipAJvmThatLacksTheModuleSkipsTheVectorCandidateWithTheFlagToAdd() {
        Map<String, String> o = outcomes(run(UnavailableSamples.Skipping.class));
        assertEquals("ok", o.get("[scalar]"));
        if (!VECTOR_MODULE) {
            assertEquals("skipped: test.unavailable/vectorapi cannot run on this machine: [jvm.vector_api: jvm: module"
                    + " jdk.incubator.vector is not readable: start the JVM with --add-modules jdk.incubator.vector]",
                    o.get("[vectorapi]"));
        }
    }

    @Test
    void failIfJvmFailsWhatOnlyTheJvmStopsAndSkipsWhatTheCpuLacks() {
        Map<String, String> o = outcomes(run(UnavailableSamples.FailingIfJvm.class));
        assertEquals("ok", o.get("[scalar]"));
        if (!KNIGHTS_RUNS) {
            assertTrue(o.get("[knights]").startsWith("skipped: test.unavailable/knights cannot run on this machine:"
                    + " [avx512_4fmaps: absent:"), o.toString());
        }
        assertEquals(VECTOR_MODULE ? "ok" : "failed: test.unavailable/vectorapi cannot run on this JVM and @ForEachCandidate"
                + " demands it (FAIL_IF_JVM): [jvm.vector_api: jvm: module jdk.incubator.vector is not readable: start the"
                + " JVM with --add-modules jdk.incubator.vector]", o.get("[vectorapi]"));
    }

    @Test
    void failFailsEveryCandidateThatCannotRunNamingWhatIsMissing() {
        Map<String, String> o = outcomes(run(UnavailableSamples.Failing.class));
        assertEquals("ok", o.get("[scalar]"));
        if (!KNIGHTS_RUNS) {
            assertTrue(o.get("[knights]").startsWith("failed: test.unavailable/knights cannot run on this machine and"
                    + " @ForEachCandidate demands it (FAIL): [avx512_4fmaps: absent:"), o.toString());
        }
    }

    @Test
    void thePropertyMakesEveryPointStricterNeverLaxer() {
        String key = WhenUnavailable.PROPERTY;
        String before = System.getProperty(key);
        try {
            System.setProperty(key, "fail-if-jvm");
            assertEquals(outcomes(run(UnavailableSamples.FailingIfJvm.class)), outcomes(run(UnavailableSamples.Skipping.class)));
            System.setProperty(key, "SKIP");
            if (!VECTOR_MODULE) {
                assertTrue(outcomes(run(UnavailableSamples.FailingIfJvm.class)).get("[vectorapi]").startsWith("failed:"),
                        "skip does not relax an annotation's FAIL_IF_JVM");
            }
            if (!KNIGHTS_RUNS) {
                assertTrue(outcomes(run(UnavailableSamples.Failing.class)).get("[knights]").startsWith("failed:"),
                        "skip does not relax an annotation's FAIL");
            }
            System.setProperty(key, "always");
            Events bad = EngineTestKit.engine("junit-jupiter").selectors(selectClass(UnavailableSamples.Skipping.class))
                    .execute().containerEvents();
            String message = bad.failed().list().get(0).getPayload(TestExecutionResult.class).orElseThrow().getThrowable()
                    .orElseThrow().getMessage();
            assertEquals("-Dcpufeatures.test.unavailable: 'always' is not accepted; accepted: skip, fail-if-jvm, fail", message);
        } finally {
            if (before == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, before);
            }
        }
    }

    @Test
    void anEligibleCandidateThatCannotBeMadeFailsEvenWhenSkipping() {
        Map<String, String> o = outcomes(run(UnavailableSamples.Unmakeable.class));
        assertEquals("ok", o.get("[scalar]"));
        assertTrue(o.get("[unlinkable]").startsWith("failed: test.unmakeable/unlinkable is eligible here but could not be"
                + " made: java.lang.NoClassDefFoundError: jdk/incubator/vector/IntVector"), o.toString());
        if (!VECTOR_MODULE) {
            assertTrue(o.get("[unlinkable]").endsWith("(module jdk.incubator.vector is not resolved: start the JVM with"
                    + " --add-modules jdk.incubator.vector)"), o.toString());
        }
    }

    @Test
    void anAnyOfIsTheJvmsRefusalOnlyWhenEveryAlternativeIsRefusedByTheJvm() {
        CpuFeatures noModule = io.cpufeatures.dispatch.fixtures.Machines.zen4().withJvm(io.cpufeatures.core.jvm.JvmView.of(
                "test", Map.of("UseAVX", "3", "MaxVectorSize", "64"), false, java.util.OptionalInt.empty()));
        List<List<String>> widths = List.of(List.of("jvm.vector512", "jvm.vector256"));
        assertTrue(ForEachCandidateExtension.onlyTheJvmStops(
                Requirements.of(List.of(), widths, List.of(), "test").check(noModule)));
        List<List<String>> cpuOrJvm = List.of(List.of("avx512_4fmaps", "jvm.vector256"));
        assertFalse(ForEachCandidateExtension.onlyTheJvmStops(
                Requirements.of(List.of(), cpuOrJvm, List.of(), "test").check(noModule)));
    }
}
