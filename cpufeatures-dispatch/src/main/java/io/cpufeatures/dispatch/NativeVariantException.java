package io.cpufeatures.dispatch;

/**
 * Why a chosen native variant is passed over rather than loaded; its message is the whole reason, one line. A cause
 * of the process rather than of the variant ({@link #everyVariant()}: the cache refused, native access is denied)
 * passes every native variant over, and is said once.
 */
final class NativeVariantException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean everyVariant;

    NativeVariantException(String reason) {
        this(reason, false);
    }

    NativeVariantException(String reason, boolean everyVariant) {
        super(oneLine(reason), null, false, false);
        this.everyVariant = everyVariant;
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
