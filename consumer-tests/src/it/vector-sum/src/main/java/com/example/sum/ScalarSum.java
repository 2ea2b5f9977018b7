package com.example.sum;

import io.cpufeatures.dispatch.Implementation;

/** Runs anywhere. */
@Implementation(name = "scalar", priority = 0)
public final class ScalarSum implements IntSum {

    @Override
    public long sum(int[] values) {
        long total = 0;
        for (int v : values) {
            total += v;
        }
        return total;
    }
}
