package io.cpufeatures.dispatch.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.dispatch.fixtures.Kernels;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

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
        assertEquals(List.of("io.cpufeatures.dispatch.RequirementsTest$AbsentTypo", "io.cpufeatures.dispatch.RequirementsTest$Typo"), bad);
        String message = r.problems().stream().filter(p -> p.className().endsWith("$Typo")).findFirst().orElseThrow().message();
        assertTrue(message.contains("unknown feature 'avx512'") && message.contains("avx512f"), message);
    }

    @Test
    void assertValidFailsTheBuildListingTheProblems() {
        AssertionError e = assertThrows(AssertionError.class, RequiresFeatureScanner::assertValid);
        assertTrue(e.getMessage().startsWith("invalid @RequiresFeature on the class path or module path:"), e.getMessage());
        assertTrue(e.getMessage().contains("$Typo: unknown feature 'avx512'"), e.getMessage());
    }
}
