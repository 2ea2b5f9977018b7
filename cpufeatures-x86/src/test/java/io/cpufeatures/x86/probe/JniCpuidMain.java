package io.cpufeatures.x86.probe;

import io.cpufeatures.os.NativeProbeException;

/** A fresh JVM's first use of the probe library, for {@link JniCpuidTest}: says whether it loaded, then the answer. */
public final class JniCpuidMain {

    private JniCpuidMain() {
    }

    public static void main(String[] args) {
        try {
            System.out.println("loaded: " + JniCpuid.open());
        } catch (NativeProbeException e) {
            System.out.println("refused: " + e.getMessage());
        }
        System.out.println("answer: " + io.cpufeatures.core.CpuFeatures.current().has("sse2"));
    }
}
