package io.cpufeatures.x86.testing;

import io.cpufeatures.core.CpuFeatures;

/** Prints the process's report in a few lines, for tests that run it in a fresh JVM. */
public final class PrintReport {

    private PrintReport() {
    }

    public static void main(String[] args) {
        try {
            CpuFeatures f = CpuFeatures.current();
            System.out.println("architecture=" + f.architecture());
            System.out.println("source=" + f.source().kind());
            System.out.println("detail=" + f.source().detail());
            f.source().failures().forEach(x -> System.out.println("failure=" + x));
            System.out.println("usable=" + f.usable().size());
            System.out.println("avx2=" + (f.usable().isEmpty() ? "n/a" : f.has("avx2")));
            System.out.println("names=" + new java.util.TreeSet<>(f.usable()));
        } catch (RuntimeException e) {
            System.out.println("error=" + e.getMessage());
        }
    }
}
