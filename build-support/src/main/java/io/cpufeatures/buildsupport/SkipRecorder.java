package io.cpufeatures.buildsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Records every test a module's run skipped, with its reason, in {@value #DIR} below the module's directory, for
 * the build's summary ({@link SkippedTests}). It sees what the test reports do not: a class whose
 * {@code @BeforeAll} is skipped for want of a tool appears in them with no test at all, here with each of its
 * tests. Registered for every JUnit run that has this jar on its class path ({@code META-INF/services}).
 */
public final class SkipRecorder implements TestExecutionListener {

    /** The module-relative directory of the records, a file per test JVM, one line per reason: COUNT, a tab, REASON. */
    public static final String DIR = "target/test-skips";

    /** Parts of tests left out (a JDK 25 run of a test that ran on this JDK), said by {@link #skipPart}. */
    private static final java.util.Queue<String> PARTS = new java.util.concurrent.ConcurrentLinkedQueue<>();

    private final Map<String, Integer> skipped = new LinkedHashMap<>();
    private final Path dir;
    private TestPlan plan;

    /** The recorder of the run's module: {@value #DIR} below surefire's {@code basedir}, else the working directory. */
    public SkipRecorder() {
        this(Path.of(System.getProperty("basedir", System.getProperty("user.dir"))).resolve(DIR));
    }

    SkipRecorder(Path dir) {
        this.dir = dir;
    }

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
    }

    @Override
    public void executionSkipped(TestIdentifier test, String reason) {
        record(reason, tests(test));
    }

    @Override
    public void executionFinished(TestIdentifier test, TestExecutionResult result) {
        if (result.getStatus() == TestExecutionResult.Status.ABORTED) {
            record(result.getThrowable().map(Throwable::getMessage).orElse(null), tests(test));
        }
    }

    /** The tests a skipped node stands for: itself, or a container's tests (a test factory's count as one). */
    private int tests(TestIdentifier node) {
        if (node.isTest() || plan == null) {
            return 1;
        }
        int n = 0;
        for (TestIdentifier d : plan.getDescendants(node)) {
            n += d.isTest() ? 1 : 0;
        }
        return Math.max(1, n);
    }

    private synchronized void record(String reason, int count) {
        String r = reason == null || reason.isBlank() ? "(no reason given)" : reason.strip();
        int eol = r.indexOf('\n');
        r = (eol < 0 ? r : r.substring(0, eol)).replace('\t', ' ');
        if (r.startsWith("Assumption failed: ")) {
            r = r.substring("Assumption failed: ".length());
        }
        skipped.merge(r, count, Integer::sum);
    }

    /**
     * Records a part of a test that was left out while the test itself ran (say, its run on a second JDK), so the
     * build's summary counts it as one skipped test with {@code reason}.
     *
     * @param reason why, in one line: {@value HostTools#FOR_WANT_OF}WHAT (REMEDY), and the part
     */
    public static void skipPart(String reason) {
        PARTS.add(reason);
    }

    @Override
    public synchronized void testPlanExecutionFinished(TestPlan testPlan) {
        for (String part = PARTS.poll(); part != null; part = PARTS.poll()) {
            record(part, 1);
        }
        if (skipped.isEmpty()) {
            return;
        }
        Path file = dir.resolve(ProcessHandle.current().pid() + "-" + System.nanoTime() + ".tsv");
        StringBuilder lines = new StringBuilder();
        for (Map.Entry<String, Integer> e : skipped.entrySet()) {
            lines.append(e.getValue()).append('\t').append(e.getKey()).append('\n');
        }
        try {
            Files.createDirectories(file.getParent());
            Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE_NEW);
        } catch (IOException e) {
            throw new UncheckedIOException("recording the skipped tests in " + file + ": " + e.getMessage(), e);
        }
        skipped.clear();
    }
}
