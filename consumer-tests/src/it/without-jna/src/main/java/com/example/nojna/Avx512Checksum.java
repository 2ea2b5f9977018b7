package com.example.nojna;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;

/** The same code again, chosen where AVX-512 F and BW are usable. */
@Implementation(name = "avx512", priority = 20)
@RequiresFeature({"avx512f", "avx512bw"})
public final class Avx512Checksum implements Checksum {
    @Override
    public long of(int[] values) {
        return new PlainChecksum().of(values);
    }
}
