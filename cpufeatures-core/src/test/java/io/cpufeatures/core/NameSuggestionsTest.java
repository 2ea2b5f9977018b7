package io.cpufeatures.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class NameSuggestionsTest {

    private static final List<String> NAMES = List.of("avx", "avx2", "avx512f", "avx512bw", "avx512vl",
            "avx512_vnni", "avx512vnni", "sse4_1", "sse4_2", "bmi1", "bmi2");

    @Test
    void typosAndSwappedLettersFindTheIntendedName() {
        assertEquals("avx512f", NameSuggestions.closest("avx512", NAMES, 3).get(0));
        assertEquals("bmi2", NameSuggestions.closest("bim2", NAMES, 1).get(0));
        assertEquals("avx512_vnni", NameSuggestions.closest("AVX512-VNNI", NAMES, 1).get(0));
        assertTrue(NameSuggestions.closest("sse4.2", NAMES, 2).contains("sse4_2"));
    }

    @Test
    void nothingCloseMeansNoSuggestionAndTheLimitHolds() {
        assertEquals(List.of(), NameSuggestions.closest("frobnicate", NAMES, 5));
        assertEquals(2, NameSuggestions.closest("avx5", NAMES, 2).size());
    }

    @Test
    void distanceCountsASwapAsOneEdit() {
        assertEquals(1, NameSuggestions.distance("ab", "ba"));
        assertEquals(3, NameSuggestions.distance("kitten", "sitting"));
        assertEquals(0, NameSuggestions.distance("", ""));
    }

    @Test
    void theUnknownFeatureMessageSaysWhatWhereAndWhatIsAccepted() {
        UnknownFeatureException e = new UnknownFeatureException("avx512", "@RequiresFeature of Foo.value",
                List.of("avx512f", "avx512bw"));
        assertTrue(e.getMessage().startsWith("unknown feature 'avx512' in @RequiresFeature of Foo.value;"), e.getMessage());
        assertTrue(e.getMessage().contains("did you mean avx512f, avx512bw?"), e.getMessage());
        assertTrue(e.getMessage().contains("Accepted:"), e.getMessage());
    }
}
