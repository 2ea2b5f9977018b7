package io.cpufeatures.examples.demo;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.examples.skeleton.BitCounts;

/** A program's first dispatched call: the skeleton's bit count of -1, and the candidate chosen. */
public final class DispatchedCallMain {

    private DispatchedCallMain() {
    }

    /** {@return the candidate this machine's CPU and JVM give the skeleton's point} */
    static String expected() {
        CpuFeatures here = CpuFeatures.current();
        return here.has("popcnt") && here.has("jvm.popcnt") ? "popcnt" : "scalar";
    }

    public static void main(String[] args) {
        long n = BitCounts.count(new long[] {-1L});
        System.out.println(n + " " + BitCounts.POINT.selection().name());
    }
}
