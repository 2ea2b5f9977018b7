package com.example.nojna;

import io.cpufeatures.dispatch.Implementation;

@Implementation(name = "plain", priority = 0)
public final class PlainChecksum implements Checksum {
    @Override
    public long of(int[] values) {
        long sum = 0;
        for (int v : values) {
            sum = sum * 31 + v;
        }
        return sum;
    }
}
