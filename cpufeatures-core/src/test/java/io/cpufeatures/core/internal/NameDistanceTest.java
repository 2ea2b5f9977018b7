package io.cpufeatures.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.UnknownFeatureException;
import java.util.List;
import org.junit.jupiter.api.Test;

class NameDistanceTest {

    private static final List<String> NAMES = List.of("avx", "avx2", "avx512f", "avx512bw", "avx512vl",
            "avx512_vnni", "avx512vnni", "sse4_1", "sse4_2", "bmi1", "bmi2");

    @Test
    void typosAndSwappedLettersFindTheIntendedName() {
        assertEquals("avx512f", NameDistance.closest("avx512", NAMES, 3).get(0));
        assertEquals("bmi2", NameDistance.closest("bim2", NAMES, 1).get(0));
        assertEquals("avx512_vnni", NameDistance.closest("AVX512-VNNI", NAMES, 1).get(0));
        assertTrue(NameDistance.closest("sse4.2", NAMES, 2).contains("sse4_2"));
    }

    @Test
    void nothingCloseMeansNoSuggestionAndTheLimitHolds() {
        assertEquals(List.of(), NameDistance.closest("frobnicate", NAMES, 5));
        assertEquals(2, NameDistance.closest("avx5", NAMES, 2).size());
    }

    @Test
    void distanceCountsASwapAsOneEdit() {
        assertEquals(1, NameDistance.distance("ab", "ba"));
        assertEquals(3, NameDistance.distance("kitten", "sitting"));
        assertEquals(0, NameDistance.distance("", ""));
    }

    @Test
    void theUnknownFeatureMessageSaysWhatWhereAndWhatIsAccepted() {
        UnknownFeatureException e = new UnknownFeatureException("avx512", "@RequiresFeature of Foo.value",
                List.of("avx512f", "avx512bw"), "these names");
        assertEquals("unknown feature 'avx512' in @RequiresFeature of Foo.value; did you mean avx512f, avx512bw?"
                + " Accepted: these names", e.getMessage());
        assertEquals("unknown feature 'x'; no known feature is close to it. Accepted: these names",
                new UnknownFeatureException("x", "", List.of(), "these names").getMessage());
    }
}
