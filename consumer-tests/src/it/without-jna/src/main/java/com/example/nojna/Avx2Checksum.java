package com.example.nojna;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;

/** The same code, chosen where the CPU has AVX2 and BMI2: the choice is what the runs compare. */
@Implementation(name = "avx2", priority = 10)
@RequiresFeature({"avx2", "bmi2"})
public final class Avx2Checksum implements Checksum {
    @Override
    public long of(int[] values) {
        return new PlainChecksum().of(values);
    }
}
