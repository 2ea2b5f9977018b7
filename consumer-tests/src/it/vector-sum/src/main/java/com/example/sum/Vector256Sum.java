package com.example.sum;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/** Four ints at a time (128 bits), widened to four longs (256 bits) so that no partial sum overflows. */
@Implementation(name = "vector256", priority = 10)
@RequiresFeature({"avx2", "jvm.vector256"})
public final class Vector256Sum implements IntSum {

    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_128;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_256;

    @Override
    public long sum(int[] values) {
        LongVector acc = LongVector.zero(LONGS);
        int i = 0;
        for (; i <= values.length - INTS.length(); i += INTS.length()) {
            acc = acc.add(IntVector.fromArray(INTS, values, i).convertShape(VectorOperators.I2L, LONGS, 0));
        }
        long total = acc.reduceLanes(VectorOperators.ADD);
        for (; i < values.length; i++) {
            total += values[i];
        }
        return total;
    }
}
