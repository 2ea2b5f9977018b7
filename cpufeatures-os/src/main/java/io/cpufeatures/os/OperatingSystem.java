package io.cpufeatures.os;

import java.util.Locale;

/** The operating system this process runs on, from {@code os.name}, read once. */
public enum OperatingSystem {
    /** Linux, Android included. */
    LINUX("linux"),
    /** macOS ({@code os.name} "Mac OS X"). */
    MACOS("macos"),
    /** Windows, any edition. */
    WINDOWS("windows"),
    /** FreeBSD. */
    FREEBSD("freebsd"),
    /** Any other: no probe of this project's knows it. */
    OTHER("other");

    private static final String OS_NAME = System.getProperty("os.name", "");
    private static final String OS_VERSION = System.getProperty("os.version", "");
    private static final OperatingSystem CURRENT = of(OS_NAME);

    private final String id;

    OperatingSystem(String id) {
        this.id = id;
    }

    /** {@return this process's operating system} */
    public static OperatingSystem current() {
        return CURRENT;
    }

    /** {@return this JVM's {@code os.version} (macOS: {@code 13.4.1}), read once (empty if unset)} */
    public static String osVersion() {
        return OS_VERSION;
    }

    /** {@return this JVM's {@code os.name}, as it gives it, read once (empty if unset)} */
    public static String osName() {
        return OS_NAME;
    }

    /**
     * {@return the operating system an {@code os.name} value names ({@code "Mac OS X"} is {@link #MACOS})}
     *
     * @param osName a value of the {@code os.name} property
     */
    public static OperatingSystem of(String osName) {
        String name = osName.toLowerCase(Locale.ROOT);
        if (name.startsWith("linux")) {
            return LINUX;
        }
        if (name.startsWith("mac")) {
            return MACOS;
        }
        if (name.startsWith("windows")) {
            return WINDOWS;
        }
        if (name.startsWith("freebsd")) {
            return FREEBSD;
        }
        return OTHER;
    }

    /** {@return the name native platforms use for it: linux, macos, windows, freebsd, other} */
    public String id() {
        return id;
    }
}
