package io.cpufeatures.dispatch;

import io.cpufeatures.os.ElfIsaNeeded;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * This process's platform in the names of {@link NativeVariants} manifests, and where their libraries are cached.
 */
final class NativePlatform {

    /** The system property naming the cache directory. */
    static final String CACHE_PROPERTY = "cpufeatures.native.cache";

    private NativePlatform() {
    }

    /** {@return this process's operating system: linux, macos, windows, freebsd, or os.name in lower case} */
    static String os() {
        String name = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (name.startsWith("linux")) {
            return "linux";
        }
        if (name.startsWith("mac")) {
            return "macos";
        }
        if (name.startsWith("windows")) {
            return "windows";
        }
        if (name.startsWith("freebsd")) {
            return "freebsd";
        }
        return name.replace(' ', '_');
    }

    /** {@return this process's architecture as the manifests name it: x86_64, aarch64, ppc64le, or os.arch} */
    static String architecture() {
        String arch = System.getProperty("os.arch", "");
        return switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "aarch64";
            default -> arch;
        };
    }

    /** {@return this process's platform as the manifests name it, {@code OS-ARCH}: {@code linux-x86_64}} */
    static String current() {
        return os() + "-" + architecture();
    }

    /** {@return the operating system of a manifest's platform (OS-ARCH): {@code linux} of {@code linux-x86_64}} */
    static String osOf(String platform) {
        return platform.substring(0, platform.indexOf('-'));
    }

    /** {@return the architecture of a manifest's platform (OS-ARCH): {@code x86_64} of {@code linux-x86_64}} */
    static String architectureOf(String platform) {
        return platform.substring(platform.indexOf('-') + 1);
    }

    /**
     * Whether a variant of {@code platform} ({@code OS-ARCH}) carries the x86-64 ISA note: an ELF system's
     * ({@code linux}, {@code freebsd}) file for the architecture that defines the property.
     */
    static boolean carriesIsaNote(String platform) {
        String os = osOf(platform);
        return (os.equals("linux") || os.equals("freebsd"))
                && architectureOf(platform).equals(ElfIsaNeeded.ARCHITECTURE);
    }

    /**
     * The cache directory: {@value #CACHE_PROPERTY} if set, else the user's cache directory by the OS's
     * convention ({@code $XDG_CACHE_HOME} or {@code ~/.cache} on Linux and FreeBSD, {@code ~/Library/Caches} on
     * macOS, {@code %LOCALAPPDATA%} on Windows) with {@code cpufeatures/native} below it.
     *
     * @throws IllegalArgumentException for a property that is empty or not an absolute path, saying what is accepted
     */
    static Path cacheDirectory(Map<String, String> env) {
        String given = System.getProperty(CACHE_PROPERTY);
        if (given != null) {
            Path p;
            try {
                p = Path.of(given);
            } catch (InvalidPathException e) {
                throw new IllegalArgumentException(CACHE_PROPERTY + "='" + given + "' is not a path: " + e.getReason());
            }
            if (given.isBlank() || !p.isAbsolute()) {
                throw new IllegalArgumentException(CACHE_PROPERTY + "='" + given + "' is not an absolute path; give the"
                        + " directory native libraries are unpacked to, e.g. -D" + CACHE_PROPERTY + "=/var/cache/myapp");
            }
            return p;
        }
        Path home = Path.of(System.getProperty("user.home"));
        Path base = switch (os()) {
            case "macos" -> home.resolve("Library/Caches");
            case "windows" -> absolute(env.get("LOCALAPPDATA")) != null ? absolute(env.get("LOCALAPPDATA"))
                    : home.resolve("AppData/Local");
            default -> absolute(env.get("XDG_CACHE_HOME")) != null ? absolute(env.get("XDG_CACHE_HOME"))
                    : home.resolve(".cache");
        };
        return base.resolve("cpufeatures").resolve("native");
    }

    /** {@code value} as an absolute path, or null (the XDG specification ignores a relative XDG_CACHE_HOME). */
    private static Path absolute(String value) {
        if (value == null || value.isEmpty()) {
            return null;
        }
        try {
            Path p = Path.of(value);
            return p.isAbsolute() ? p : null;
        } catch (InvalidPathException e) {
            return null;
        }
    }
}
