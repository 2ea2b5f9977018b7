package io.cpufeatures.dispatch;

/**
 * Why a chosen native variant is passed over rather than loaded; its message is the whole reason, one line. A cause
 * of the process rather than of the variant ({@link #everyVariant()}: the cache refused, native access is denied)
 * passes every native variant over, and is said once.
 */
final class NativeVariantException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean everyVariant;
    private final boolean byRule;

    NativeVariantException(String reason) {
        this(reason, false);
    }

    NativeVariantException(String reason, boolean everyVariant) {
        this(reason, everyVariant, false);
    }

    private NativeVariantException(String reason, boolean everyVariant, boolean byRule) {
        super(oneLine(reason), null, false, false);
        this.everyVariant = everyVariant;
        this.byRule = byRule;
    }

    /**
     * Every variant passed over by rule, not for a fault: nothing is warned about, and the ledger says why.
     *
     * @param reason the rule, one line
     * @return the exception
     */
    static NativeVariantException byRule(String reason) {
        return new NativeVariantException(reason, true, true);
    }

    /**
     * {@return whether the variant is passed over by rule (the CPU was not read by its own instructions, or this JVM
     * would warn about the load), which is healthy and warned about nowhere}
     */
    boolean byRule() {
        return byRule;
    }

    /** {@return whether no native variant of this process could load for the same reason} */
    boolean everyVariant() {
        return everyVariant;
    }

    /** {@code s} on one line: a loader's multi-line message ("Unable to load library...\n...") joined with "; ". */
    static String oneLine(String s) {
        if (s == null || s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (String line : s.split("\\R")) {
            String t = line.strip();
            if (!t.isEmpty()) {
                b.append(b.length() == 0 ? "" : "; ").append(t);
            }
        }
        return b.toString();
    }
}
