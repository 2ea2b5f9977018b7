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

    private Path record(String module, String name, String lines) throws Exception {
        Path dir = Files.createDirectories(root.resolve(module).resolve(SkipRecorder.DIR));
        return Files.writeString(dir.resolve(name + ".tsv"), lines);
    }

    private String summary() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        SkippedTests.print(SkippedTests.read(root, Instant.now().minusSeconds(60)),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void eachModuleThatSkippedSaysHowManyAndForWantOfWhat() throws Exception {
        record("cpufeatures-x86", "1", "2\tfor want of gcc (Debian package gcc)\n1\truns on an x86-64 host\n");
        record("cpufeatures-x86", "2", "1\tfor want of gcc (Debian package gcc)\n");
        record("examples/zstd", "1", "7\tfor want of zstd (Debian package zstd)\n");
        record("consumer-tests/target/it/vector-sum", "arm64", "1\tfor want of qemu-aarch64 (Debian package qemu-user)\n");
        List<SkippedTests.Module> modules = SkippedTests.read(root, Instant.now().minusSeconds(60));
        assertEquals(11, modules.stream().mapToInt(SkippedTests.Module::forWantOfTools).sum());
        assertEquals("""
                Skipped tests, by module:
                  consumer-tests (vector-sum): 1 test skipped: 1 for want of qemu-aarch64 (Debian package qemu-user)
                  cpufeatures-x86: 4 tests skipped: 3 for want of gcc (Debian package gcc); 1 runs on an x86-64 host
                  examples/zstd: 7 tests skipped: 7 for want of zstd (Debian package zstd)
                """, summary());
    }

    @Test
    void recordsFromBeforeTheBuildStartedAreAnotherBuilds() throws Exception {
        Path old = record("examples/raid-xor", "old", "1\tfor want of qemu-x86_64 (Debian package qemu-user)\n");
        Files.setLastModifiedTime(old, FileTime.from(Instant.now().minusSeconds(3600)));
        assertEquals("", summary());
    }

    @Test
    void aBuildThatSkippedNothingPrintsNothing() {
        assertEquals("", summary());
    }

    @Test
    void aDamagedRecordIsNamedWithItsLine() throws Exception {
        Path bad = record("cpufeatures-os", "bad", "1\tfine\nmany\tbroken\n");
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> SkippedTests.read(root, Instant.now().minusSeconds(60)));
        assertEquals(bad + ":2: 'many\tbroken' is not COUNT<tab>REASON with a positive COUNT", e.getMessage());
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
