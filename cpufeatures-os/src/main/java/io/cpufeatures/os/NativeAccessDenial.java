package io.cpufeatures.os;

/**
 * Whether a failure to load native code is the JVM refusing native access (JEP 472: JDK 24 and later with
 * {@code --illegal-native-access=deny}, or a module not enabled for it). The first attempt fails with an
 * {@link IllegalCallerException} in its causes; every later one, once a class's initialiser failed for it, with a
 * {@code NoClassDefFoundError} whose cause is a copy that names the exception only in its message ("Exception
 * java.lang.IllegalCallerException: Illegal native access ..."), so both are recognised.
 */
public final class NativeAccessDenial {

    private NativeAccessDenial() {
    }

    /**
     * {@return whether {@code t} or one of its causes is the JVM's refusal of native access}
     *
     * @param t a failure to load or link native code
     */
    public static boolean isDenial(Throwable t) {
        for (int depth = 0; t != null && depth < 16; depth++, t = t.getCause()) {
            if (t instanceof IllegalCallerException && String.valueOf(t.getMessage()).contains("native access")) {
                return true;
            }
            String m = String.valueOf(t.getMessage());
            if (t instanceof LinkageError && m.contains("IllegalCallerException") && m.contains("native access")) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
