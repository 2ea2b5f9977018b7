package io.cpufeatures.dispatch;

import io.cpufeatures.os.NativeManifest;

/**
 * The one rule for the names of points, candidates and native variants: lower-case letters and digits, in words
 * joined by one {@code .}, {@code _} or {@code -} ({@code raid.xor}, {@code x86-64-v3}). A loop, not a regular
 * expression: it runs when a library's point is built, which may be a class initialiser on a short stack.
 */
final class Names {

    private Names() {
    }

    /** {@return whether {@code name} is lower-case words of letters and digits joined by single separators} */
    static boolean valid(String name) {
        // one rule with the native manifests' variant names, kept in the os module that reads those manifests
        return NativeManifest.validName(name);
    }
}
