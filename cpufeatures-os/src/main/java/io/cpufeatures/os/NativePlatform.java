package io.cpufeatures.os;

import java.util.Locale;

/**
 * This process's platform in the names of native library manifests ({@link NativeManifest}): {@code OS-ARCH}, as
 * {@code linux-x86_64}.
 */
public final class NativePlatform {

    private NativePlatform() {
    }

    /** {@return this process's operating system: linux, macos, windows, freebsd, or os.name in lower case} */
    public static String os() {
        return os(OperatingSystem.osName());
    }

    /**
     * The operating system an {@code os.name} value names, as manifests name it.
     *
     * @param osName an {@code os.name} value; not null
     * @return {@code linux}, {@code macos}, {@code windows}, {@code freebsd}, or the value in lower case
     */
    public static String os(String osName) {
        OperatingSystem os = OperatingSystem.of(osName);
        return os != OperatingSystem.OTHER ? os.id() : osName.toLowerCase(Locale.ROOT).replace(' ', '_');
    }

    /** {@return this process's architecture as the manifests name it: x86_64, aarch64, ppc64le, or os.arch} */
    public static String architecture() {
        return JvmArch.current();
    }

    /** {@return this process's platform as the manifests name it, {@code OS-ARCH}: {@code linux-x86_64}} */
    public static String current() {
        return os() + "-" + architecture();
    }

    /**
     * The operating system of a manifest's platform.
     *
     * @param platform {@code OS-ARCH}; not null
     * @return {@code linux} of {@code linux-x86_64}
     */
    public static String osOf(String platform) {
        return platform.substring(0, platform.indexOf('-'));
    }

    /**
     * The architecture of a manifest's platform.
     *
     * @param platform {@code OS-ARCH}; not null
     * @return {@code x86_64} of {@code linux-x86_64}
     */
    public static String architectureOf(String platform) {
        return platform.substring(platform.indexOf('-') + 1);
    }

    /**
     * Whether a variant of {@code platform} carries the x86-64 ISA note: an ELF system's ({@code linux},
     * {@code freebsd}) file for the architecture that defines the property.
     *
     * @param platform {@code OS-ARCH}; not null
     * @return whether its files carry the note
     */
    public static boolean carriesIsaNote(String platform) {
        String os = osOf(platform);
        return (os.equals("linux") || os.equals("freebsd"))
                && architectureOf(platform).equals(ElfIsaNeeded.ARCHITECTURE);
    }
}
