package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkippedTestsTest {

    @TempDir
    Path root;

    private Path report(String module, String name, String body) throws Exception {
        Path dir = Files.createDirectories(root.resolve(module).resolve("target/surefire-reports"));
        return Files.writeString(dir.resolve("TEST-" + name + ".xml"),
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"" + name + "\">" + body + "</testsuite>");
    }

    private static String ran(String name) {
        return "<testcase name=\"" + name + "\" classname=\"C\" time=\"0.1\"/>";
    }

    private static String skippedWithMessage(String name, String message) {
        return "<testcase name=\"" + name + "\" classname=\"C\"><skipped message=\"" + message + "\"/></testcase>";
    }

    private static String skippedWithTrace(String name, String message) {
        return "<testcase name=\"" + name + "\" classname=\"C\"><skipped type=\"org.opentest4j.TestAbortedException\">"
                + "<![CDATA[org.opentest4j.TestAbortedException: Assumption failed: " + message
                + "\n\tat org.junit.jupiter.api.Assumptions.abort(Assumptions.java:1)\n]]></skipped></testcase>";
    }

    @Test
    void eachModuleThatSkippedSaysHowManyAndForWantOfWhat() throws Exception {
        report("cpufeatures-x86", "A", ran("a") + skippedWithTrace("b", "for want of gcc (Debian package gcc)")
                + skippedWithMessage("c", "for want of gcc (Debian package gcc)"));
        report("cpufeatures-x86", "B", ran("d") + skippedWithMessage("e", "runs on an x86-64 host"));
        report("examples/zstd", "Z", skippedWithMessage("z", "for want of zstd (Debian package zstd)"));
        report("cpufeatures-core", "C", ran("x") + ran("y"));
        report("consumer-tests/target/it/vector-sum", "arm64",
                skippedWithMessage("class-path-scalar-arm64", "for want of qemu-aarch64 (Debian package qemu-user)"));

        List<SkippedTests.Module> modules = SkippedTests.read(root, Instant.now().minusSeconds(60));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int tools = SkippedTests.print(modules, new PrintStream(bytes, true, StandardCharsets.UTF_8));

        assertEquals(4, tools);
        assertEquals("""
                Skipped tests, by module:
                  consumer-tests (vector-sum): 1 of 1 tests skipped: 1 for want of qemu-aarch64 (Debian package qemu-user)
                  cpufeatures-x86: 3 of 5 tests skipped: 2 for want of gcc (Debian package gcc); 1 runs on an x86-64 host
                  examples/zstd: 1 of 1 tests skipped: 1 for want of zstd (Debian package zstd)
                """, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void reportsFromBeforeTheBuildStartedAreNotThisBuilds() throws Exception {
        Path old = report("examples/raid-xor", "Old", skippedWithMessage("o", "for want of qemu-x86_64 (Debian package qemu-user)"));
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(3600)));
        List<SkippedTests.Module> modules = SkippedTests.read(root, Instant.now().minusSeconds(60));
        assertTrue(modules.isEmpty(), modules.toString());
    }

    @Test
    void aBuildThatSkippedNothingPrintsNothing() throws Exception {
        report("cpufeatures-core", "C", ran("x"));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        assertEquals(0, SkippedTests.print(SkippedTests.read(root, Instant.now().minusSeconds(60)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8)));
        assertEquals("", bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void aDamagedReportIsNamed() throws Exception {
        Path bad = report("cpufeatures-os", "Bad", "<testcase");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SkippedTests.read(root, Instant.now().minusSeconds(60)));
        assertTrue(e.getMessage().startsWith("test report " + bad + " is not readable XML: "), e.getMessage());
    }

    @Test
    void badArgumentsSayWhatIsAccepted() {
        IllegalArgumentException count = assertThrows(IllegalArgumentException.class, () -> SkippedTests.main(new String[0]));
        assertTrue(count.getMessage().startsWith("usage: SkippedTests ROOT START"), count.getMessage());
        IllegalArgumentException start = assertThrows(IllegalArgumentException.class,
                () -> SkippedTests.main(new String[] {root.toString(), "yesterday"}));
        assertEquals("START 'yesterday' is not an ISO-8601 instant such as 2026-12-03T12:00:00Z", start.getMessage());
    }
}
