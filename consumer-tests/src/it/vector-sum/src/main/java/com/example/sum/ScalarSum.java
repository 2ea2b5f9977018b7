package com.example.sum;

import io.cpufeatures.dispatch.Implementation;

@Implementation(name = "scalar", priority = 0)   // no @RequiresFeature: runs anywhere, always there
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
