package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Which rejected candidates the text report sums up as "for other architectures" instead of listing their reasons. */
class TextReportTest {

    @Test
    void anAnyOfIsAnotherArchitecturesOnlyWhenEveryAlternativeIs() {
        assertFalse(TextReport.forAnotherArchitecture("jvm.vector512, (sve or avx512bw)", "x86_64"));
        assertFalse(TextReport.forAnotherArchitecture("jvm.vector512, (sve or avx512bw)", "aarch64"));
        assertTrue(TextReport.forAnotherArchitecture("jvm.vector512, (sve or sve2)", "x86_64"));
        assertTrue(TextReport.forAnotherArchitecture("avx2, (jvm.vector256 or avx512f); not prefer_ymm", "aarch64"));
        assertFalse(TextReport.forAnotherArchitecture("avx2, jvm.vector256; not prefer_ymm", "x86_64"));
        assertTrue(TextReport.forAnotherArchitecture("sve, jvm.sve", "x86_64"));
    }
}
