package io.cpufeatures.verification.first;

import io.cpufeatures.core.CpuFeatures;

/** A fresh JVM's first question, {@code CpuFeatures.current().has(args[0])}, printing nothing. */
public final class QuietHasMain {

    private QuietHasMain() {
    }

    public static void main(String[] args) {
        CpuFeatures.current().has(args[0]);
    }
}
