package io.cpufeatures.dispatch.testing;

/** Prints a scan of this JVM's class path and module path, one line per finding (run in a child JVM). */
public final class ScanMain {

    private ScanMain() {
    }

    public static void main(String[] args) {
        RequiresFeatureScanner.Report r = RequiresFeatureScanner.scan();
        r.searched().forEach(s -> System.out.println("searched " + s));
        r.checked().forEach(c -> System.out.println("checked " + c));
        r.problems().forEach(p -> System.out.println("problem " + p.className() + ": " + p.message()));
    }
}
