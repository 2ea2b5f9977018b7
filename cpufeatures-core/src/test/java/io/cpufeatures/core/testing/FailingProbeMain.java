package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuFeatures;

/** Asks for the process's report twice in a JVM whose probe fails with an Error, and prints what it got. */
public final class FailingProbeMain {

    private FailingProbeMain() {
    }

    public static void main(String[] args) {
        io.cpufeatures.core.testing.OfferCountingProvider.offer();
        for (int i = 0; i < 2; i++) {
            CpuFeatures f = CpuFeatures.current();
            System.out.println("source=" + f.source().kind() + " detail=" + f.source().detail() + " beta=" + f.has("beta"));
        }
    }
}
