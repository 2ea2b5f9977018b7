package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.os.NativeCache;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import jdk.jfr.EventType;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordingFile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flight-recorder events, read back with the JDK's own parser from recordings started in this process: the
 * probe, a calibrated choice with every candidate, a native variant's loads, each field as the library's own
 * answers give it; and a recording started after all of them holds them again, from the start of its chunk.
 */
class FlightRecorderEventsTest {

    @TempDir
    Path dir;

    /** A candidate whose calibration round is short: the fast one. */
    public static final class Fast implements Runnable, Calibratable {
        volatile long sink;

        @Override
        public void run() {
        }

        @Override
        public void calibrationRound() {
            long s = 0;
            for (int i = 0; i < 1_000; i++) {
                s += i * 31L;
            }
            sink = s;
        }

        @Override
        public long calibrationBytes() {
            return 1 << 20;
        }
    }

    /** Fifty times the work of {@link Fast} for the same bytes: never 5% faster, so never chosen over it. */
    public static final class Slow implements Runnable, Calibratable {
        volatile long sink;

        @Override
        public void run() {
        }

        @Override
        public void calibrationRound() {
            long s = 0;
            for (int i = 0; i < 50_000; i++) {
                s += i * 31L;
            }
            sink = s;
        }

        @Override
        public long calibrationBytes() {
            return 1 << 20;
        }
    }

    private static List<RecordedEvent> events(Path file, String name) throws IOException {
        List<RecordedEvent> out = new ArrayList<>();
        for (RecordedEvent e : RecordingFile.readAllEvents(file)) {
            if (e.getEventType().getName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static List<RecordedEvent> ofPoint(List<RecordedEvent> events, String point) {
        return events.stream().filter(e -> point.equals(e.getString("point"))).toList();
    }

    @Test
    void aRecordingHoldsTheProbeAndTheChoiceWithEveryFieldAndALaterChunkHoldsThemAgain() throws Exception {
        DispatchPoint<Runnable> point = DispatchPoint.builder("jfr.calibrated", Runnable.class)
                .candidate(Candidate.of("unmakeable", "throws when it is made", 20, Requirements.NONE, () -> {
                    throw new IllegalStateException("not on this machine");
                }))
                .candidate(Candidate.of("fast", "a short loop", 10, Requirements.NONE, Fast::new))
                .candidate(Candidate.of("slow", "a long loop", 5, Requirements.NONE, Slow::new))
                .calibrate(true).calibration(Duration.ofMillis(2), Duration.ofMillis(5)).build();
        Path first = dir.resolve("first.jfr");
        long before;
        long after;
        Selection<Runnable> s;
        try (Recording r = new Recording()) {
            r.start();
            // the process-wide report: made now, or by an earlier test of this JVM
            CpuFeatures cpu = CpuFeatures.current();
            cpu.source();
            before = System.currentTimeMillis();
            s = point.selection();
            after = System.currentTimeMillis();
            // a second recording while this one runs: a new chunk, whose end and start hold them again, each whole
            try (Recording inner = new Recording()) {
                inner.start();
                inner.stop();
            }
            r.stop();
            r.dump(first);
        }
        assertEquals("fast", s.name(), s.explain().format());

        // each event is committed when it happens and again at the end of the chunk (and at the start of the next)
        List<RecordedEvent> probes = events(first, "io.cpufeatures.Probe");
        assertFalse(probes.isEmpty());
        probes.forEach(FlightRecorderEventsTest::assertProbe);
        assertEquals(1, probes.stream().map(e -> e.getInstant("probedAt")).distinct().count(), probes.toString());

        List<RecordedEvent> choices = ofPoint(events(first, "io.cpufeatures.Choice"), point.name());
        assertFalse(choices.isEmpty());
        RecordedEvent choice = choices.get(0);
        for (RecordedEvent c : choices) {
            assertSameChoice(choice, c);
        }
        Explanation x = s.explain();
        assertEquals("jfr.calibrated", choice.getString("point"));
        assertEquals("fast", choice.getString("chosen"));
        assertEquals("calibration", choice.getString("how"));
        CandidateReport fast = x.candidate("fast").orElseThrow();
        CandidateReport slow = x.candidate("slow").orElseThrow();
        assertTrue(fast.speed().getAsDouble() > slow.speed().getAsDouble(), x.format());
        assertEquals("fast " + Math.round(fast.speed().getAsDouble()) + " MB/s, slow "
                + Math.round(slow.speed().getAsDouble()) + " MB/s", choice.getString("calibration"));
        CandidateReport unmakeable = x.candidate("unmakeable").orElseThrow();
        assertEquals(List.of("could not be made: java.lang.IllegalStateException: not on this machine"),
                unmakeable.reasons());
        assertEquals("unmakeable (rejected: " + unmakeable.reasons().get(0) + "), slow (eligible: "
                + String.join("; ", slow.reasons()) + ")", choice.getString("passedOver"));
        assertTrue(slow.reasons().get(0).startsWith("slower in calibration: "), slow.reasons().toString());
        assertEquals("", choice.getString("error"));
        assertEquals(x.source(), choice.getString("cpuSource"));
        assertEquals(CpuFeatures.current().source().toString(), choice.getString("cpuSource"));
        assertEquals(x.coreScope().orElse(""), choice.getString("coreScope"));
        assertEquals(3, choice.getInt("candidates"));
        Duration took = choice.getDuration("selectionDuration");
        assertTrue(took.toNanos() > 0 && took.toMillis() <= after - before, took + " within " + (after - before) + " ms");
        Instant chosenAt = choice.getInstant("chosenAt");
        assertTrue(chosenAt.toEpochMilli() >= before && chosenAt.toEpochMilli() <= after, chosenAt.toString());
        assertEquals(eventType(choice).getLabel(), "Dispatch Choice");
        assertEquals(List.of("io.cpufeatures", "Dispatch"), eventType(choice).getCategoryNames());

        List<RecordedEvent> all = ofPoint(events(first, "io.cpufeatures.Candidate"), point.name());
        assertEquals(3 * choices.size(), all.size(), all.toString());
        for (RecordedEvent e : all) {
            int rank = e.getInt("rank");
            CandidateReport c = x.candidates().get(rank);
            assertEquals(point.name(), e.getString("point"));
            assertEquals(c.name(), e.getString("candidate"));
            assertEquals(c.status().name().toLowerCase(java.util.Locale.ROOT), e.getString("status"));
            assertEquals(c.priority(), e.getInt("priority"));
            assertEquals("no requirements", e.getString("requirements"));
            assertEquals(c.description(), e.getString("description"));
            if (c.speed().isPresent()) {
                assertEquals(c.speed().getAsDouble(), e.getDouble("speed"));
            } else {
                assertTrue(Double.isNaN(e.getDouble("speed")), c.name());
            }
            assertEquals(String.join("\n", c.reasons()), e.getString("reasons"));
            assertEquals(chosenAt, e.getInstant("chosenAt"));
        }
        List<RecordedEvent> candidates = new ArrayList<>(all.subList(0, 3));
        candidates.sort(Comparator.comparingInt(e -> e.getInt("rank")));
        assertEquals(List.of(0, 1, 2), candidates.stream().map(e -> e.getInt("rank")).toList());
        assertEquals(List.of("unmakeable", "fast", "slow"), candidates.stream().map(e -> e.getString("candidate")).toList());
        assertEquals(List.of("rejected", "selected", "eligible"), candidates.stream().map(e -> e.getString("status")).toList());

        // a recording started after everything was chosen: its chunk begins with the probe and every choice again
        Path later = dir.resolve("later.jfr");
        Instant laterStart;
        try (Recording r = new Recording()) {
            r.start();
            laterStart = r.getStartTime();
            r.stop();
            r.dump(later);
        }
        assertTrue(laterStart.isAfter(chosenAt), laterStart + " after " + chosenAt);
        List<RecordedEvent> again = events(later, "io.cpufeatures.Probe");
        assertFalse(again.isEmpty(), "the probe at the start of the later chunk");
        for (RecordedEvent p : again) {
            assertProbe(p);
            assertEquals(probes.get(0).getInstant("probedAt"), p.getInstant("probedAt"));
            assertFalse(p.getStartTime().isBefore(laterStart), p.getStartTime() + " in the later recording");
        }
        List<RecordedEvent> choiceAgain = ofPoint(events(later, "io.cpufeatures.Choice"), point.name());
        assertFalse(choiceAgain.isEmpty(), "the choice at the start of the later chunk");
        for (RecordedEvent c : choiceAgain) {
            assertSameChoice(choice, c);
            assertFalse(c.getStartTime().isBefore(laterStart), c.getStartTime() + " in the later recording");
        }
        List<RecordedEvent> candidatesAgain = ofPoint(events(later, "io.cpufeatures.Candidate"), point.name());
        assertEquals(3 * choiceAgain.size(), candidatesAgain.size(), candidatesAgain.toString());
    }

    /** {@code again} is {@code choice} emitted again: every field but the event's own time. */
    private static void assertSameChoice(RecordedEvent choice, RecordedEvent again) {
        for (String field : List.of("point", "chosen", "how", "calibration", "passedOver", "error", "cpuSource",
                "coreScope")) {
            assertEquals(choice.getString(field), again.getString(field), field);
        }
        assertEquals(choice.getInt("candidates"), again.getInt("candidates"));
        assertEquals(choice.getDuration("selectionDuration"), again.getDuration("selectionDuration"));
        assertEquals(choice.getInstant("chosenAt"), again.getInstant("chosenAt"));
    }

    private static EventType eventType(RecordedEvent e) {
        return e.getEventType();
    }

    /** Every field of the probe's event, against the process-wide report it stands for. */
    private static void assertProbe(RecordedEvent e) {
        CpuFeatures cpu = CpuFeatures.current();
        assertEquals("io.cpufeatures.Probe", e.getEventType().getName());
        assertEquals("CPU Probe", e.getEventType().getLabel());
        assertEquals(List.of("io.cpufeatures"), e.getEventType().getCategoryNames());
        assertEquals(cpu.architecture(), e.getString("architecture"));
        assertEquals(cpu.source().kind().id(), e.getString("source"));
        assertEquals(cpu.source().detail(), e.getString("sourceDetail"));
        assertEquals(String.join("; ", cpu.source().failures().stream().map(ProbeFailure::toString).toList()),
                e.getString("failures"));
        assertEquals(cpu.describe(Runtime.getRuntime().availableProcessors()).summary(), e.getString("cpu"));
        Map<String, String> identity = cpu.identity();
        assertEquals(identity.get("microarchitecture"), e.getString("microarchitecture"));
        assertEquals(identity.get("level"), e.getString("level"));
        assertEquals(identity.get("hypervisor"), e.getString("hypervisor"));
        List<String> facts = new ArrayList<>();
        identity.forEach((k, v) -> facts.add(k + "=" + v));
        assertEquals(String.join(", ", facts), e.getString("identity"));
        assertEquals(cpu.coreScope().orElse(""), e.getString("coreScope"));
        assertEquals(String.join(" ", cpu.usable()), e.getString("usable"));
        assertTrue(e.getString("usable").split(" ").length > 3, e.getString("usable"));
        assertEquals(String.join(" ", cpu.policyFlags()), e.getString("policyFlags"));
        assertEquals(cpu.source().elapsed(), e.getDuration("probeDuration"));
        Instant probedAt = e.getInstant("probedAt");
        Instant jvmStart = ProcessHandle.current().info().startInstant().orElse(Instant.EPOCH);
        assertTrue(!probedAt.isBefore(jvmStart.minusSeconds(1)) && !probedAt.isAfter(Instant.now()), probedAt.toString());
    }

    @Test
    void aNativeVariantsLoadsAreRecordedWrittenThenReused() throws Exception {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").equals("Linux"),
                "the library is built and loaded on x86-64 Linux");
        HostTools.command("gcc", "gcc");
        Path c = Files.writeString(dir.resolve("one.c"), "int one(void) { return 1; }\n");
        Path so = Files.createDirectories(dir.resolve("res/linux-x86_64/baseline")).resolve("libone.so");
        Process p = new ProcessBuilder("gcc", "-O2", "-shared", "-fPIC", "-o", so.toString(), c.toString())
                .redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        String sha = NativeLoading.sha256(Files.readAllBytes(so));
        Files.writeString(dir.resolve("res/one.variants"), NativeVariants.HEADER + "\nlinux-x86_64/baseline/libone.so "
                + sha + " -\n");
        NativeVariants variants = NativeVariants.read("res/one.variants", name -> {
            try {
                Path f = dir.resolve("res").resolve(name);
                return Files.isRegularFile(f) ? Files.newInputStream(f) : (InputStream) null;
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        DispatchPoint<IntSupplier> point = DispatchPoint.builder("jfr.native", IntSupplier.class)
                .candidates(variants.<IntSupplier>candidates("", 1, (v, library) -> {
                    Function one = NativeLibrary.getInstance(library.toString()).getFunction("one");
                    return () -> one.invokeInt(new Object[0]);
                }))
                .build();
        Path cache = dir.resolve("cache");
        String cacheBefore = System.setProperty(NativeCache.DIRECTORY_PROPERTY, cache.toString());
        Path file = dir.resolve("native.jfr");
        long before = System.currentTimeMillis();
        try (Recording r = new Recording()) {
            r.start();
            assertEquals(1, point.selectForTest(CpuFeatures.current(), DispatchOverrides.none()).instance().getAsInt());
            assertEquals(1, point.selectForTest(CpuFeatures.current(), DispatchOverrides.none()).instance().getAsInt());
            r.stop();
            r.dump(file);
        } finally {
            if (cacheBefore == null) {
                System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
            } else {
                System.setProperty(NativeCache.DIRECTORY_PROPERTY, cacheBefore);
            }
        }
        long after = System.currentTimeMillis();
        List<RecordedEvent> loads = events(file, "io.cpufeatures.NativeLoad").stream()
                .filter(e -> e.getString("file").startsWith(cache.toString())).toList();
        // when each was loaded, and again at the end of the chunk
        assertEquals(4, loads.size(), loads.toString());
        List<RecordedEvent> byTime = new ArrayList<>(loads);
        byTime.sort(Comparator.comparing((RecordedEvent e) -> e.getInstant("loadedAt")).thenComparing(e -> e.getString("file")));
        assertEquals(List.of("written", "written", "reused", "reused"), byTime.stream().map(e -> e.getString("cache")).toList());
        assertEquals(1, loads.stream().map(e -> e.getString("file")).distinct().count(), "two loads of the one entry");
        for (RecordedEvent e : loads) {
            assertEquals("Native Variant Load", e.getEventType().getLabel());
            assertEquals("linux-x86_64", e.getString("platform"));
            assertEquals("baseline", e.getString("variant"));
            String loaded = e.getString("file");
            assertEquals(cache.toRealPath().resolve(sha).resolve("libone.so").toString(), loaded, "the cache's entry");
            assertEquals(sha, e.getString("sha256"));
            assertEquals("SHA-256, ISA note", e.getString("verified"));
            assertTrue(e.getDuration("loadDuration").toNanos() > 0);
            long at = e.getInstant("loadedAt").toEpochMilli();
            assertTrue(at >= before && at <= after, e.getInstant("loadedAt").toString());
        }
    }
}
