package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Sources;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequiresFeatureScannerTest {

    private static Path testClasses() throws Exception {
        return Path.of(Kernels.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    @Test
    void aScanFindsEveryAnnotatedClassAndReportsEachTypo() throws Exception {
        RequiresFeatureScanner.Report r = RequiresFeatureScanner.scan(List.of(testClasses()), getClass().getClassLoader());
        assertTrue(r.checked().contains(Kernels.Wide512.class.getName()), r.checked().toString());
        assertTrue(r.checked().contains(Kernels.Wide256.class.getName()));
        List<String> bad = r.problems().stream().map(RequiresFeatureScanner.Problem::className).sorted().toList();
        assertEquals(List.of("io.cpufeatures.dispatch.AnyOfRequirementTest$Typo", "io.cpufeatures.dispatch.RequirementsTest$AbsentTypo",
                "io.cpufeatures.dispatch.RequirementsTest$Typo"), bad);
        String anyOf = r.problems().stream().filter(p -> p.className().startsWith("io.cpufeatures.dispatch.AnyOfRequirementTest"))
                .findFirst().orElseThrow().message();
        assertTrue(anyOf.contains("unknown feature 'svee'") && anyOf.contains(".anyOf"), anyOf);
        String message = r.problems().stream().filter(p -> p.className().equals("io.cpufeatures.dispatch.RequirementsTest$Typo"))
                .findFirst().orElseThrow().message();
        assertTrue(message.contains("unknown feature 'avx512'") && message.contains("avx512f"), message);
    }

    @Test
    void assertValidFailsTheBuildListingTheProblems() {
        AssertionError e = assertThrows(AssertionError.class, RequiresFeatureScanner::assertValid);
        assertTrue(e.getMessage().startsWith("invalid @RequiresFeature on the class path or module path:"), e.getMessage());
        assertTrue(e.getMessage().contains("$Typo: unknown feature 'avx512'"), e.getMessage());
    }

    /**
     * A library on the module path: its classes are read through the boot layer's module reader. Before,
     * the scanner read java.class.path only, so the typo below passed unseen.
     */
    @Test
    void aScanReadsTheModulesOnTheModulePath(@TempDir Path dir) throws Exception {
        Path classes = Sources.compile(dir, Map.of(
                "module-info.java", "module scanned { }",
                "scanned/p/Typo.java", """
                        package scanned.p;

                        @io.cpufeatures.dispatch.RequiresFeature("avx512")
                        public final class Typo {
                        }
                        """,
                "scanned/p/Fine.java", """
                        package scanned.p;

                        @io.cpufeatures.dispatch.Implementation(name = "fine")
                        @io.cpufeatures.dispatch.RequiresFeature("avx2")
                        public final class Fine {
                        }
                        """), List.of("--add-reads", "scanned=ALL-UNNAMED"));
        // The library on the class path (the few jars it needs, so the scan is quick), the user's module on the module path.
        String library = Sources.classPathOf(ScanMain.class.getName(), RequiresFeatureScanner.class.getName(),
                "io.cpufeatures.core.CpuFeatures", "io.cpufeatures.x86.rules.X86Architecture", "org.slf4j.LoggerFactory",
                "com.sun.jna.Native", "io.cpufeatures.os.JvmArch", "ch.qos.logback.classic.Logger", "ch.qos.logback.core.Appender");
        Sources.Result r = Sources.run(dir, List.of("-cp", library, "--module-path", classes.toString(),
                "--add-modules", "scanned"), ScanMain.class.getName());
        assertEquals(0, r.exit(), r.toString());
        assertTrue(r.out().contains("searched module scanned (" + classes.toUri().toString().replaceAll("/$", "")), r.out());
        assertTrue(r.out().contains("checked scanned.p.Fine\n"), r.out());
        assertTrue(r.out().contains("problem scanned.p.Typo: unknown feature 'avx512' in @RequiresFeature of scanned.p.Typo"
                + ".value; did you mean avx512f"), r.out());
    }

    @Test
    void aScanThatFindsNothingToCheckFails(@TempDir Path dir) throws Exception {
        Files.createDirectories(dir.resolve("empty/p"));
        Files.write(dir.resolve("empty/p/Plain.class"), new byte[] {(byte) 0xca, (byte) 0xfe});
        RequiresFeatureScanner.Report r = RequiresFeatureScanner.scan(List.of(dir.resolve("empty")), getClass().getClassLoader());
        assertEquals(List.of(), r.checked());
        assertEquals(List.of("class path: " + dir.resolve("empty")), r.searched());
        AssertionError e = assertThrows(AssertionError.class, () -> RequiresFeatureScanner.assertValid(r));
        assertEquals("RequiresFeatureScanner checked nothing: no class with @RequiresFeature or @Implementation in class"
                + " path: " + dir.resolve("empty") + "; a check that finds nothing to check does not pass", e.getMessage());
    }
}
