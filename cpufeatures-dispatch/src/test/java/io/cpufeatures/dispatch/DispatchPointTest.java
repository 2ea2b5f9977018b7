package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.fixtures.Kernel;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class DispatchPointTest {

    private static int points;

    private static DispatchPoint.Builder<Kernel> builder() {
        return DispatchPoint.builder("test.kernel" + (points++), Kernel.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Kernels.Wide256.class)
                .candidate(Kernels.Wide512.class);
    }

    private static DispatchOverrides overriding(String point, String candidate, boolean unsafe) {
        Properties p = new Properties();
        p.setProperty("cpufeatures.dispatch." + point, candidate);
        if (unsafe) {
            p.setProperty("cpufeatures.dispatch.unsafe", "true");
        }
        return DispatchOverrides.from(p, Map.of());
    }

    @Test
    void theHighestPriorityEligibleCandidateIsChosenOnEachMachine() {
        DispatchPoint<Kernel> point = builder().build();
        assertEquals("vector512", point.choiceFor(Machines.zen4()).name());
        assertEquals("vector256", point.choiceFor(Machines.skylakeSp()).name());
        assertEquals("vector256", point.choiceFor(Machines.zen4Xcr0Avx()).name());
        assertEquals("scalar", point.choiceFor(Machines.core2()).name());
    }

    @Test
    void explainGivesEveryCandidatesStatusAndReasons() {
        Explanation e = builder().build().choiceFor(Machines.skylakeSp()).explain();
        assertEquals(List.of("vector512", "vector256", "scalar"), e.candidates().stream().map(CandidateReport::name).toList());
        CandidateReport z = e.candidate("vector512").orElseThrow();
        assertEquals(CandidateStatus.REJECTED, z.status());
        assertEquals(List.of("prefer_ymm is set (excluded)"), z.reasons());
        assertEquals(CandidateStatus.SELECTED, e.candidate("vector256").orElseThrow().status());
        CandidateReport s = e.candidate("scalar").orElseThrow();
        assertEquals(CandidateStatus.ELIGIBLE, s.status());
        assertEquals(List.of("lower priority than vector256"), s.reasons());
        assertTrue(e.format().startsWith(e.point() + ": using vector256\n"), e.format());
        Explanation old = builder().build().choiceFor(Machines.zen4Xcr0Avx()).explain();
        assertTrue(old.candidate("vector512").orElseThrow().reasons().get(0).contains("lacks OPMASK|ZMM_Hi256|Hi16_ZMM"),
                old.format());
    }

    @Test
    void theProcessWideSelectionLogsOneKernelStyleInfoLine() {
        Logger logger = (Logger) LoggerFactory.getLogger(Instantiation.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.INFO);
        logger.setAdditive(false);
        try {
            DispatchPoint<Kernel> point = builder().build();
            point.selectForTest(Machines.zen4(), DispatchOverrides.none());
        } finally {
            logger.detachAppender(events);
            logger.setAdditive(true);
            logger.setLevel(null);
        }
        assertEquals(1, events.list.size(), events.list.toString());
        String line = events.list.get(0).getFormattedMessage();
        assertTrue(line.matches("test\\.kernel\\d+: using vector512 \\(avx512f, avx512cd, avx512bw, avx512dq,"
                + " avx512vl; not prefer_ymm\\)"), line);
    }

    @Test
    void aFailingSelfTestRejectsTheWinnerWithTheCauseAndTheNextIsTaken() {
        DispatchPoint<Kernel> point = builder().candidate(Kernels.Broken.class).build();
        Selection<Kernel> s = point.selectForTest(Machines.zen4(), DispatchOverrides.none());
        assertEquals("vector512", s.name());
        CandidateReport broken = s.explain().candidate("broken").orElseThrow();
        assertEquals(CandidateStatus.REJECTED, broken.status());
        assertEquals(List.of("self-test failed: java.lang.IllegalStateException: known answer 42, got 41"), broken.reasons());
    }

    @Test
    void aCandidateThatCannotBeMadeIsRejectedNotFatal() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.linkage", Kernel.class)
                .candidate(Candidate.of("vectorapi", "needs a module", 10, Requirements.NONE, () -> {
                    throw new NoClassDefFoundError("jdk/incubator/vector/ByteVector");
                }))
                .candidate(Kernels.Scalar.class).build();
        Selection<Kernel> s = point.selectForTest(Machines.zen4(), DispatchOverrides.none());
        assertEquals("scalar", s.name());
        assertTrue(s.explain().candidate("vectorapi").orElseThrow().reasons().get(0)
                .startsWith("could not be made: java.lang.NoClassDefFoundError"));
    }

    @Test
    void calibrationPicksTheFastestUnlessACandidateBestWhenEligibleIsEligible() {
        DispatchPoint<Kernel> calibrated = DispatchPoint.builder("test.calibrated", Kernel.class)
                .candidate(Kernels.SlowScalar.class)
                .candidate(Kernels.Scalar.class)
                .candidate(Candidate.<Kernel>of(Kernels.Wide512.class).bestWhenEligible())
                .calibrate(true).calibration(Duration.ofMillis(2), Duration.ofMillis(10)).build();
        Selection<Kernel> onZen4 = calibrated.selectForTest(Machines.zen4(), DispatchOverrides.none());
        assertEquals("vector512", onZen4.name(), "best when eligible: no need to calibrate");
        assertEquals(List.of("best when eligible: no need to calibrate"),
                onZen4.explain().candidate("vector512").orElseThrow().reasons());
        assertEquals(List.of("not calibrated: vector512 is best when eligible"),
                onZen4.explain().candidate("scalar").orElseThrow().reasons());
        Selection<Kernel> onCore2 = calibrated.selectForTest(Machines.core2(), DispatchOverrides.none());
        assertEquals("scalar", onCore2.name(), onCore2.explain().format());
        CandidateReport slow = onCore2.explain().candidate("scalar-slow").orElseThrow();
        assertTrue(slow.speed().isPresent());
        assertTrue(slow.reasons().get(0).startsWith("slower in calibration:"), slow.reasons().toString());
        assertTrue(onCore2.explain().candidate("scalar").orElseThrow().speed().getAsDouble() > slow.speed().getAsDouble());
    }

    @Test
    void anOverrideChoosesAnEligibleCandidate() {
        DispatchPoint<Kernel> point = builder().build();
        Choice s = point.choiceFor(Machines.zen4(), overriding(point.name(), "scalar", false));
        assertEquals("scalar", s.name());
        assertEquals("overridden by -Dcpufeatures.dispatch." + point.name() + "=scalar",
                s.explain().candidate("scalar").orElseThrow().reasons().get(0));
        assertEquals("not considered: scalar is chosen by an override",
                s.explain().candidate("vector512").orElseThrow().reasons().get(0));
    }

    @Test
    void overridingWithACandidateTheCpuCannotRunFailsWithTheExplanationUnlessUnsafe() {
        DispatchPoint<Kernel> point = builder().build();
        DispatchException e = assertThrows(DispatchException.class,
                () -> point.choiceFor(Machines.core2(), overriding(point.name(), "vector512", false)));
        // why, on the first line, for commands that print only that
        assertTrue(e.getMessage().lines().findFirst().orElseThrow().contains("candidate vector512 cannot run here (avx512f: absent:"),
                e.getMessage());
        assertTrue(e.getMessage().contains("cpufeatures.dispatch.unsafe=true"), e.getMessage());
        assertTrue(e.getMessage().contains("avx512f: absent:"), e.getMessage());
        Choice unsafe = point.choiceFor(Machines.core2(), overriding(point.name(), "vector512", true));
        assertEquals("vector512", unsafe.name());
        assertTrue(unsafe.explain().candidate("vector512").orElseThrow().reasons().get(0).contains("despite unmet requirements"));
    }

    @Test
    void unknownCandidatesAreErrorsListingTheValidOnesAndAbsentPointsAreIgnored() {
        DispatchPoint<Kernel> point = builder().build();
        DispatchException c = assertThrows(DispatchException.class,
                () -> point.choiceFor(Machines.zen4(), overriding(point.name(), "vector1024", false)));
        assertTrue(c.getMessage().contains("unknown candidate 'vector1024'"), c.getMessage());
        assertTrue(c.getMessage().contains("valid: scalar, vector256, vector512"), c.getMessage());
        // A program holds only some libraries: an override for a point it lacks must not fail the others.
        Logger logger = (Logger) LoggerFactory.getLogger(DispatchPoints.class);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        logger.addAppender(events);
        logger.setLevel(Level.DEBUG);
        try {
            assertEquals(List.of("no.such.point"),
                    DispatchPoints.logUnknownOverrides(overriding("no.such.point", "scalar", false), point));
            assertEquals(List.of("CPUFEATURES_DISPATCH_NOPE"), DispatchPoints.logUnknownOverrides(
                    DispatchOverrides.from(new Properties(), Map.of("CPUFEATURES_DISPATCH_NOPE", "scalar")), point));
        } finally {
            logger.detachAppender(events);
            logger.setLevel(null);
        }
        assertEquals(2, events.list.size());
        assertEquals(Level.DEBUG, events.list.get(0).getLevel());
        assertTrue(events.list.get(0).getFormattedMessage().contains("'no.such.point', which is not on the class path;"
                + " ignored"), events.list.get(0).getFormattedMessage());
        String envKey = "CPUFEATURES_DISPATCH_" + point.name().toUpperCase(java.util.Locale.ROOT).replace('.', '_');
        DispatchOverrides viaEnv = DispatchOverrides.from(new Properties(), Map.of(envKey, "scalar"));
        assertEquals(List.of(), DispatchPoints.logUnknownOverrides(viaEnv, point));
        assertEquals("scalar", point.choiceFor(Machines.zen4(), viaEnv).name());
    }

    @Test
    void badPointsAreRefusedWhenBuilt() {
        IllegalArgumentException dup = assertThrows(IllegalArgumentException.class, () -> DispatchPoint
                .builder("test.dup", Kernel.class).candidate(Kernels.Scalar.class)
                .candidate(Kernels.Scalar.class).build());
        assertTrue(dup.getMessage().contains("two candidates are named 'scalar'"), dup.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DispatchPoint.builder("Bad Name", Kernel.class));
        assertThrows(IllegalArgumentException.class, () -> DispatchPoint.builder("unsafe", Kernel.class));
        assertThrows(IllegalArgumentException.class, () -> DispatchPoint.builder("test.empty", Kernel.class).build());
        IllegalArgumentException noAnnotation = assertThrows(IllegalArgumentException.class,
                () -> Candidate.<Object>of(String.class));
        assertTrue(noAnnotation.getMessage().contains("java.lang.String has no @Implementation"));
    }

    @Test
    void withNothingEligibleTheErrorSaysWhatEachNeeded() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.none", Kernel.class)
                .candidate(Kernels.Wide256.class)
                .candidate(Kernels.Wide512.class).build();
        DispatchException e = assertThrows(DispatchException.class, () -> point.choiceFor(Machines.core2()));
        // every refusal is the CPU's: the first line says so, and nothing of the JVM
        assertTrue(e.getMessage().startsWith("test.none: no candidate can run on this CPU\n"), e.getMessage());
        assertTrue(e.getMessage().contains("avx2: absent: the CPU does not report it"), e.getMessage());
        assertTrue(e.explanation().isPresent());
    }

    /** A JVM like {@link Machines#wideJvm()} started without {@code --add-modules jdk.incubator.vector}. */
    private static JvmView withoutVectorModule() {
        return JvmView.of("test", Map.of("UseAVX", "3", "MaxVectorSize", "64", "UseCompiler", "true"), false,
                OptionalInt.empty());
    }

    @Test
    void whenOnlyTheJvmRefusesTheErrorSaysThisJvmAndWhatToChange() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.jvmonly", Kernel.class)
                .candidate(Kernels.VectorApi256.class).build();
        String expected = "test.jvmonly: no candidate can run with this JVM: module jdk.incubator.vector is not readable:"
                + " start the JVM with --add-modules jdk.incubator.vector (jvm.vector256)\n";
        CpuFeatures zen4 = Machines.zen4().withJvm(withoutVectorModule());
        DispatchException chosen = assertThrows(DispatchException.class, () -> point.choiceFor(zen4));
        assertTrue(chosen.getMessage().startsWith(expected), chosen.getMessage());
        DispatchException selected = assertThrows(DispatchException.class,
                () -> point.selectForTest(zen4, DispatchOverrides.none()));
        assertTrue(selected.getMessage().startsWith(expected), selected.getMessage());
    }

    @Test
    void whenTheCpuAndTheJvmBothRefuseTheErrorSaysBoth() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.mixed", Kernel.class)
                .candidate(Kernels.VectorApi256.class)
                .candidate(Kernels.Wide512.class).build();
        DispatchException e = assertThrows(DispatchException.class,
                () -> point.choiceFor(Machines.skylakeSp().withJvm(withoutVectorModule())));
        assertTrue(e.getMessage().startsWith("test.mixed: no candidate can run on this CPU with this JVM: module"
                + " jdk.incubator.vector is not readable: start the JVM with --add-modules jdk.incubator.vector"
                + " (jvm.vector256)\n"), e.getMessage());
        assertTrue(e.getMessage().contains("prefer_ymm is set (excluded)"), e.getMessage());
    }

    @Test
    void namesRemovedByTheUserAreSaidToBeTheirs() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.removed", Kernel.class)
                .candidate(Kernels.Wide256.class).build();
        DispatchException e = assertThrows(DispatchException.class,
                () -> point.choiceFor(Machines.zen4().without(List.of("bmi2"))));
        assertTrue(e.getMessage().startsWith("test.removed: no candidate can run after cpufeatures.disable\n"),
                e.getMessage());
    }

    @Test
    void manyThreadsAtFirstUseSelectOnce() throws Exception {
        AtomicInteger made = new AtomicInteger();
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.race", Kernel.class)
                .candidate(Candidate.of("counted", "counts", 0, Requirements.NONE, () -> {
                    made.incrementAndGet();
                    return x -> x + 1;
                })).build();
        int threads = 32;
        CyclicBarrier barrier = new CyclicBarrier(threads);
        CountDownLatch done = new CountDownLatch(threads);
        Set<Selection<Kernel>> seen = java.util.concurrent.ConcurrentHashMap.newKeySet();
        for (int i = 0; i < threads; i++) {
            new Thread(() -> {
                try {
                    barrier.await();
                    seen.add(point.selection());
                } catch (Exception e) {
                    throw new RuntimeException(e);
                } finally {
                    done.countDown();
                }
            }).start();
        }
        done.await();
        assertEquals(1, seen.size());
        assertEquals(1, made.get());
        assertSame(point.selection(), seen.iterator().next());
    }

    @Test
    void disablingAFeatureChangesTheChoiceThroughTheFeatureSet() {
        DispatchPoint<Kernel> point = builder().build();
        CpuFeatures masked = Machines.zen4().without(List.of("avx512bw"));
        Choice s = point.choiceFor(masked);
        assertEquals("vector256", s.name());
        assertTrue(s.explain().candidate("vector512").orElseThrow().reasons().get(0)
                .startsWith("avx512bw: disabled: disabled by cpufeatures.disable"));
    }

    @Test
    void aChoiceForAnotherMachineMakesNothing() {
        AtomicInteger made = new AtomicInteger();
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.pure", Kernel.class)
                .candidate(Candidate.of("counted", "counts", 0, Requirements.NONE, () -> {
                    made.incrementAndGet();
                    return x -> x;
                })).build();
        Choice c = point.choiceFor(Machines.zen4());
        assertEquals("counted", c.name());
        assertEquals(0, made.get(), "a choice never makes an instance");
        assertEquals(c, point.choiceFor(Machines.zen4()), "the same CPU, the same choice");
        assertEquals(1, point.selectForTest(Machines.zen4(), DispatchOverrides.none()).instance().apply(1) + made.get() - 1);
    }

    @Test
    void overridesAreParsedOnceIntoTypedValuesAndBadOnesAreRefused() {
        Properties p = new Properties();
        p.setProperty("cpufeatures.dispatch.raid.xor", " scalar ");
        p.setProperty("cpufeatures.dispatch.calibrate", "raid.xor, zstd.huffman");
        DispatchOverrides o = DispatchOverrides.from(p, Map.of("CPUFEATURES_DISPATCH_RAID_XOR", "vector512",
                "CPUFEATURES_DISPATCH_UNSAFE", "TRUE", "CPUFEATURES_DISPATCH_CALIBRATE", "true"));
        assertEquals("scalar", o.overrideFor("raid.xor").orElseThrow().candidate(), "a property wins over the environment");
        assertTrue(o.unsafe());
        assertTrue(o.calibrates("zstd.huffman"));
        assertTrue(!o.calibrates("skeleton.bitcount"), "the property's list wins over the environment's true");
        Properties bad = new Properties();
        bad.setProperty("cpufeatures.dispatch.unsafe", "yes");
        DispatchException e = assertThrows(DispatchException.class, () -> DispatchOverrides.from(bad, Map.of()));
        assertEquals("-Dcpufeatures.dispatch.unsafe: 'yes' is not a boolean; accepted: true, false", e.getMessage());
    }

    @Test
    void aFirstSelectionThatRunsOutOfStackFailsThatCallNotTheHolderClass() throws Exception {
        Process p = new ProcessBuilder(new java.io.File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                System.getProperty("java.class.path"), io.cpufeatures.dispatch.fixtures.DispatchedOnTheBrinkMain.class
                        .getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "JVM did not finish");
        String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("overflows>0=true others=[]\n"), "only StackOverflowErrors, never a"
                + " NoClassDefFoundError, while the stack was short: " + out);
        String healthy = out.lines().filter(l -> l.startsWith("healthy=")).findFirst().orElseThrow();
        assertTrue(out.contains("brink=" + healthy.substring("healthy=".length())), out);
    }

    @Test
    void aPointsFirstSelectionOnAShortStackFailsThatCallOnlyNotTheLibrary() throws Exception {
        // logback initialises on the library's first log line or logger: deep, and it must not be a class
        // initialiser of the library's that runs it (R6: the architecture index failed for the JVM's life)
        for (long stack : new long[] {32 << 10, 64 << 10, 128 << 10}) {
            Process p = new ProcessBuilder(new java.io.File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                    System.getProperty("java.class.path"), io.cpufeatures.dispatch.fixtures.SelectedOnTheBrinkMain.class
                            .getName(), Long.toString(stack)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "JVM did not finish");
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains("overflows>0=true others=[]\n"), stack + ": only StackOverflowErrors, never a"
                    + " NoClassDefFoundError, while the stack was short: " + out);
            String healthy = out.lines().filter(l -> l.startsWith("healthy=")).findFirst().orElseThrow();
            assertTrue(out.contains("brink=" + healthy.substring("healthy=".length())), out);
        }
    }

    @Test
    void theFirstUseOnASmallThreadStartsLoggingAndTheArchitectureIndexOffItsStack() throws Exception {
        // R6: on a thread of 32 to 128 KiB the first use initialised the architecture index, and with it logback,
        // on that thread's stack; it overflowed and the class was failed for the JVM's life, for every library
        for (long stack : new long[] {32 << 10, 64 << 10, 128 << 10}) {
            Process p = new ProcessBuilder(new java.io.File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                    System.getProperty("java.class.path"), io.cpufeatures.dispatch.fixtures.SmallStackFirstUseMain.class
                            .getName(), Long.toString(stack)).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "JVM did not finish");
            assertEquals(0, p.exitValue(), out);
            String main = out.lines().filter(l -> l.startsWith("main=")).findFirst().orElseThrow();
            assertTrue(main.matches("main=(scalar|vector256) avx2=(true|false)"), stack + ": " + out);
            assertTrue(out.contains("small=" + main.substring("main=".length()) + "\n"), stack + ": " + out);
        }
    }

    @Test
    void theFirstUseFromInsideALoggingAppenderDoesNotWaitForTheAppender() throws Exception {
        // R4: the caller holds the appender's monitor and waits for the library's maker thread, which logged and
        // waited for the same monitor; the maker's lines are now logged by the caller after its wait
        for (String what : List.of("probe", "point")) {
            java.io.File log = java.io.File.createTempFile("appender-" + what, ".out");
            log.deleteOnExit();
            Process p = new ProcessBuilder(new java.io.File(System.getProperty("java.home"), "bin/java").getPath(), "-cp",
                    System.getProperty("java.class.path"), io.cpufeatures.dispatch.fixtures.FirstUseInAnAppenderMain.class
                            .getName(), what).redirectErrorStream(true).redirectOutput(log).start();
            boolean finished = p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS);
            if (!finished) {
                p.destroyForcibly().waitFor();
            }
            String out = java.nio.file.Files.readString(log.toPath());
            assertTrue(finished, what + ": the first use waited for the appender it was called from (deadlock): " + out);
            assertEquals(0, p.exitValue(), out);
            assertTrue(out.contains(what.equals("probe") ? "answer=avx2=" : "answer=scalar\n")
                    || out.contains("answer=vector256\n"), what + ": " + out);
            assertTrue(out.contains("message=INFO the application's second line"), what + ": " + out);
        }
    }

    @Test
    void anEmptyOverrideIsTheErrorOfThePointItNamesOnly() {
        DispatchPoint<Kernel> point = DispatchPoint.builder("test.emptyoverride", Kernel.class)
                .candidate(Kernels.Scalar.class).candidate(Kernels.Wide256.class).build();
        // A point this program does not hold: ignored whatever the value, an empty one included.
        for (DispatchOverrides absent : List.of(
                DispatchOverrides.from(properties("cpufeatures.dispatch.other.lib", " "), Map.of()),
                DispatchOverrides.from(new Properties(), Map.of("CPUFEATURES_DISPATCH_OTHER_LIB", "")))) {
            assertEquals(1, DispatchPoints.logUnknownOverrides(absent, point).size(), absent.toString());
            assertEquals("vector256", point.choiceFor(Machines.zen4(), absent).name(), absent.toString());
        }
        // The point it names: that point's error, saying where, what is wrong and what is accepted.
        DispatchOverrides mine = DispatchOverrides.from(properties("cpufeatures.dispatch.test.emptyoverride", ""),
                Map.of());
        DispatchException e = assertThrows(DispatchException.class, () -> point.choiceFor(Machines.zen4(), mine));
        assertEquals("-Dcpufeatures.dispatch.test.emptyoverride is empty; it names the candidate dispatch point"
                + " test.emptyoverride uses, e.g. -Dcpufeatures.dispatch.test.emptyoverride=scalar; valid: scalar, vector256",
                e.getMessage().lines().findFirst().orElseThrow());
    }

    private static Properties properties(String key, String value) {
        Properties p = new Properties();
        p.setProperty(key, value);
        return p;
    }

    @Test
    void pointsAreFoundThroughTheirProvidersOnly() {
        assertEquals(List.of("test.foreach", "test.unavailable", "test.unmakeable"),
                DispatchPoints.onClassPath().stream().map(DispatchPoint::name).toList(),
                "points built in these tests are listed by no provider, so tools never see them");
        assertTrue(DispatchPoints.find("test.foreach").isPresent());
        assertTrue(DispatchPoints.find("test.kernel0").isEmpty());
    }

    /** A provider of the point "test.twice". */
    static final class FirstProvider implements DispatchPointProvider {
        @Override
        public List<DispatchPoint<?>> dispatchPoints() {
            return List.of(DispatchPoint.builder("test.twice", Kernel.class).candidate(Kernels.Scalar.class)
                    .build());
        }
    }

    /** Another provider of a point with the same name. */
    static final class SecondProvider implements DispatchPointProvider {
        @Override
        public List<DispatchPoint<?>> dispatchPoints() {
            return List.of(DispatchPoint.builder("test.twice", Runnable.class)
                    .candidate(Candidate.of("noop", "nothing", 0, Requirements.NONE, () -> () -> { })).build());
        }
    }

    @Test
    void twoPointsWithOneNameAreAnErrorNamingBothProviders() {
        DispatchPoints.Loaded l = DispatchPoints.load(List.of(new FirstProvider(), new SecondProvider()));
        assertTrue(l.points() == null);
        String m = l.failure().getMessage();
        assertTrue(m.startsWith("two dispatch points are named 'test.twice'"), m);
        assertTrue(m.contains(FirstProvider.class.getName() + " (" + Kernel.class.getName() + ")")
                && m.contains(SecondProvider.class.getName() + " (java.lang.Runnable)"), m);
        DispatchPoints.Loaded failing = DispatchPoints.load(List.of(() -> {
            throw new IllegalStateException("broken provider");
        }));
        assertTrue(failing.failure().getMessage().contains("broken provider"), failing.failure().getMessage());
    }

    /** A point no machine can use: its only candidate cannot be made. */
    static final DispatchPoint<Kernel> BROKEN = DispatchPoint.builder("test.broken", Kernel.class)
            .candidate(Candidate.of("unmakeable", "throws when made", 0, Requirements.NONE, () -> {
                throw new IllegalStateException("no such hardware");
            })).build();

    /** The holder idiom the README recommends, with the holder that never fails to initialise. */
    static final class Holder {
        static final Dispatched<Kernel> KERNEL = BROKEN.dispatched();
    }

    @Test
    void aFailedSelectionIsTheSameDispatchExceptionOnEveryCallWhereverItIsHeld() {
        for (int i = 0; i < 3; i++) {
            DispatchException e = assertThrows(DispatchException.class, () -> Holder.KERNEL.get().apply(1));
            assertTrue(e.getMessage().startsWith("test.broken: every eligible candidate failed"), e.getMessage());
            assertTrue(e.getMessage().contains("could not be made: java.lang.IllegalStateException: no such hardware"),
                    e.getMessage());
            DispatchException direct = assertThrows(DispatchException.class, BROKEN::get);
            assertEquals(e.getMessage(), direct.getMessage());
        }
        assertTrue(!Holder.KERNEL.ok());
        Dispatched<Kernel> fine = builder().build().dispatched();
        assertTrue(fine.ok());
        assertEquals(fine.instance(), fine.get());
    }

    @Test
    void calibrationKeepsTheHigherPriorityUnlessALowerOneIsClearlyFaster() {
        Map<String, Double> speeds = Map.of("high", 100.0, "tie", 100.0, "within", 104.0, "beyond", 106.0, "slower", 90.0);
        assertEquals("high", Instantiation.fastest(List.of("high", "tie"), speeds::get), "a tie keeps the priority order");
        assertEquals("high", Instantiation.fastest(List.of("high", "within"), speeds::get), "4% is within the noise");
        assertEquals("beyond", Instantiation.fastest(List.of("high", "beyond"), speeds::get), "6% is a real difference");
        assertEquals("high", Instantiation.fastest(List.of("high", "slower", "within"), speeds::get));
        assertEquals("beyond", Instantiation.fastest(List.of("slower", "high", "beyond"), speeds::get),
                "each lower-priority candidate is held to the best so far");
    }
}
