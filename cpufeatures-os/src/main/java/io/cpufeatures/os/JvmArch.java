package io.cpufeatures.os;

/**
 * The processor architecture this JVM runs on: {@code os.arch}, read once, and the one mapping of its values to the
 * architectures' names ({@code amd64} and {@code x86_64} are {@code x86_64}; {@code aarch64} and {@code arm64}
 * are {@code aarch64}). Every module asks here, so the JVMs' spellings are known in one place.
 */
public final class JvmArch {

    /** Each {@code os.arch} value a JVM of the project's architectures gives, then that architecture's name. */
    private static final String[] NAMES = {
        "amd64", "x86_64",
        "x86_64", "x86_64",
        "aarch64", "aarch64",
        "arm64", "aarch64",
        "ppc64le", "ppc64le",
    };

    private static final String OS_ARCH = System.getProperty("os.arch", "unknown");

    private JvmArch() {
    }

    /** {@return this JVM's {@code os.arch}, as it gives it ({@code unknown} if unset)} */
    public static String osArch() {
        return OS_ARCH;
    }

    /** {@return the architecture this JVM runs on ({@link #of of} its {@code os.arch})} */
    public static String current() {
        return of(OS_ARCH);
    }

    /**
     * The architecture an {@code os.arch} value names.
     *
     * @param osArch a value of {@code os.arch}; not null
     * @return {@code x86_64}, {@code aarch64} or {@code ppc64le}; any other value as given
     */
    public static String of(String osArch) {
        for (int i = 0; i < NAMES.length; i += 2) {
            if (NAMES[i].equals(osArch)) {
                return NAMES[i + 1];
            }
        }
        return osArch;
    }
}
