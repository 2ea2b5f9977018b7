package io.cpufeatures.examples.skeleton;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import io.cpufeatures.dispatch.SelfTest;

/**
 * Long.bitCount, which C2 compiles to POPCNT only when the CPU has it and the JIT may use it
 * ({@code UsePopCountInstruction}): both are required.
 */
@Implementation(name = "popcnt", description = "the POPCNT instruction through Long.bitCount", priority = 10)
@RequiresFeature({"popcnt", "jvm.popcnt"})
public final class PopcntBitCount implements BitCount, SelfTest {

    @Override
    public long count(long[] words) {
        long total = 0;
        for (long w : words) {
            total += Long.bitCount(w);
        }
        return total;
    }

    @Override
    public void selfTest() {
        if (count(new long[] {-1L, 0x0101L}) != 66) {
            throw new IllegalStateException("popcount of {-1, 0x0101} is not 66");
        }
    }
}
