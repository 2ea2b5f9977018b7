package io.cpufeatures.verification.first;

import io.cpufeatures.core.CpuFeatures;

/** A fresh JVM's first question: prints {@code CpuFeatures.current().has(args[0])}. */
public final class FirstAnswerMain {

    private FirstAnswerMain() {
    }

    public static void main(String[] args) {
        System.out.println(CpuFeatures.current().has(args[0]));
    }
}
