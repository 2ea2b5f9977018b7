package com.example.sum;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.LongVector;
import jdk.incubator.vector.VectorOperators;
import jdk.incubator.vector.VectorSpecies;

/** Eight ints at a time, widened to 512-bit longs; not on CPUs that slow down on 512-bit registers (prefer_ymm). */
@Implementation(name = "vector512", priority = 20)
@RequiresFeature(value = {"avx512f", "jvm.vector512"}, absent = "prefer_ymm")
public final class Vector512Sum implements IntSum {

    private static final VectorSpecies<Integer> INTS = IntVector.SPECIES_256;
    private static final VectorSpecies<Long> LONGS = LongVector.SPECIES_512;

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
