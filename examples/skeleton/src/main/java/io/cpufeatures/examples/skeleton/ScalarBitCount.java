package io.cpufeatures.examples.skeleton;

import io.cpufeatures.dispatch.Implementation;

/** Runs anywhere: the SWAR population count, no special instruction. */
@Implementation(name = "scalar", description = "SWAR bit tricks", priority = 0)
public final class ScalarBitCount implements BitCount {

    @Override
    public long count(long[] words) {
        long total = 0;
        for (long w : words) {
            w = w - ((w >>> 1) & 0x5555555555555555L);
            w = (w & 0x3333333333333333L) + ((w >>> 2) & 0x3333333333333333L);
            w = (w + (w >>> 4)) & 0x0f0f0f0f0f0f0f0fL;
            total += (w * 0x0101010101010101L) >>> 56;
        }
        return total;
    }
}
