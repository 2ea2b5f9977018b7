package io.cpufeatures.examples.skeleton;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.testing.ForEachCandidate;
import io.cpufeatures.dispatch.testing.RequiresFeatureScanner;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BitCountsTest {

    /** Every implementation this machine can run gives the scalar answer. */
    @ForEachCandidate("skeleton.bitcount")
    void agreesWithTheScalarImplementation(BitCount impl) {
        long[] words = new Random(1).longs(1000).toArray();
        assertEquals(new ScalarBitCount().count(words), impl.count(words));
    }

    /** A machine without POPCNT (a Core 2 would do) gets the scalar one; ours, if it has it, popcnt. */
    @Test
    void theChoiceFollowsTheCpu() {
        CpuFeatures here = CpuFeatures.current();
        String expected = here.has("popcnt") && here.has("jvm.popcnt") ? "popcnt" : "scalar";
        assertEquals(expected, BitCounts.POINT.selection().name());
        assertEquals("scalar", BitCounts.POINT.choiceFor(here.without(List.of("popcnt"))).name());
        assertEquals(64, BitCounts.count(new long[] {-1L}));
    }

    /** A typo in a feature name fails the build. */
    @Test
    void everyRequiresFeatureOnTheClassPathIsValid() {
        RequiresFeatureScanner.assertValid();
    }
}
