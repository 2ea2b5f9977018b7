package io.cpufeatures.x86.probe;

import io.cpufeatures.os.NativeAccessDenial;

/**
 * Why native code could not be loaded, in one sentence: a class whose initialiser failed hides the
 * cause behind {@code ExceptionInInitializerError} (and later {@code NoClassDefFoundError}), so the
 * deepest cause is named, with what to do when the JVM refused native access (JDK 24 and later with
 * {@code --illegal-native-access=deny}, JEP 472).
 */
final class LoadFailure {

    private LoadFailure() {
    }

    /** {@code e} and its deepest cause, and the flag to add if native access was refused. */
    static String describe(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String text = root == e ? e.toString() : e.getClass().getName() + " caused by " + root;
        if (NativeAccessDenial.isDenial(e)) {
            text += "; this JVM refuses native access to JNA: start it with --enable-native-access=ALL-UNNAMED"
                    + " (class path) or --enable-native-access=com.sun.jna (module path)";
        }
        return text;
    }
}
