package io.cpufeatures.verification.first;

import io.cpufeatures.core.CpuFeatures;

/** A fresh JVM's first answer and where it came from: prints {@code source=KIND has=BOOLEAN} for {@code args[0]}. */
public final class SourceMain {

    private SourceMain() {
    }

    public static void main(String[] args) {
        CpuFeatures f = CpuFeatures.current();
        boolean has = f.has(args[0]);
        System.out.println("source=" + f.source().kind().id() + " has=" + has);
    }
}
