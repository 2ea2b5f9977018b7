package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Disabled;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherConfig;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;

class SkipRecorderTest {

    /** A class skipped as a whole in {@code @BeforeAll}: the test reports show none of its three tests. */
    static class WholeClassWithoutItsTool {
        @BeforeAll
        static void tool() {
            HostTools.require(false, "qemu-ppc64le", "Debian package qemu-user", false);
        }

        @Test
        void a() {
        }

        @Test
        void b() {
        }

        @Test
        void c() {
        }
    }

    /** One test skipped in its body, one disabled, a factory skipped before it made a test, one that ran. */
    static class SomeOfThem {
        @Test
        void ran() {
        }

        @Test
        void skipped() {
            HostTools.require(false, "zstd", "Debian package zstd", false);
        }

        @Test
        @Disabled("not on Tuesdays")
        void disabled() {
        }

        @TestFactory
        Stream<DynamicTest> factory() {
            Assumptions.abort("for want of the arm64 JRE");
            return Stream.empty();
        }
    }

    @Test
    void everySkipIsRecordedWithItsReasonIncludingAWholeClasss(@TempDir Path dir) throws Exception {
        Launcher launcher = LauncherFactory.create(LauncherConfig.builder()
                .enableTestExecutionListenerAutoRegistration(false).build());
        launcher.execute(LauncherDiscoveryRequestBuilder.request()
                .selectors(selectClass(WholeClassWithoutItsTool.class), selectClass(SomeOfThem.class)).build(),
                new SkipRecorder(dir));
        List<Path> files;
        try (Stream<Path> s = Files.list(dir)) {
            files = s.toList();
        }
        assertEquals(1, files.size(), files.toString());
        Set<String> lines = new TreeSet<>(Files.readAllLines(files.get(0), StandardCharsets.UTF_8));
        assertEquals(new TreeSet<>(List.of(
                "3\tfor want of qemu-ppc64le (Debian package qemu-user)",
                "1\tfor want of zstd (Debian package zstd)",
                "1\tnot on Tuesdays",
                "1\tfor want of the arm64 JRE")), lines);
    }

    @Test
    void aRunThatSkippedNothingWritesNothing(@TempDir Path dir) {
        Path quiet = dir.resolve("quiet");
        LauncherFactory.create(LauncherConfig.builder().enableTestExecutionListenerAutoRegistration(false).build())
                .execute(LauncherDiscoveryRequestBuilder.request().selectors(selectClass(HostToolsTest.class)).build(),
                        new SkipRecorder(quiet));
        assertFalse(Files.exists(quiet));
    }
}
