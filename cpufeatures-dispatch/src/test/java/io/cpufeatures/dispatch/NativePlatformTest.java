package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** Where native variants are cached: the property, else the OS's user cache directory. */
class NativePlatformTest {

    private static <T> T withProperties(Map<String, String> props, Supplier<T> body) {
        Map<String, String> before = new java.util.HashMap<>();
        props.keySet().forEach(k -> before.put(k, System.getProperty(k)));
        try {
            props.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
            return body.get();
        } finally {
            before.forEach((k, v) -> {
                if (v == null) {
                    System.clearProperty(k);
                } else {
                    System.setProperty(k, v);
                }
            });
        }
    }

    private static Map<String, String> props(String os, String cache) {
        Map<String, String> m = new java.util.HashMap<>();
        m.put("os.name", os);
        m.put("user.home", "/home/u");
        m.put(NativePlatform.CACHE_PROPERTY, cache);
        return m;
    }

    @Test
    void eachOsHasItsConvention() {
        assertEquals(Path.of("/xdg/cpufeatures/native"), withProperties(props("Linux", null),
                () -> NativePlatform.cacheDirectory(Map.of("XDG_CACHE_HOME", "/xdg"))));
        assertEquals(Path.of("/home/u/.cache/cpufeatures/native"), withProperties(props("Linux", null),
                () -> NativePlatform.cacheDirectory(Map.of("XDG_CACHE_HOME", "relative"))), "a relative XDG value is ignored");
        assertEquals(Path.of("/home/u/.cache/cpufeatures/native"), withProperties(props("FreeBSD", null),
                () -> NativePlatform.cacheDirectory(Map.of())));
        assertEquals(Path.of("/home/u/Library/Caches/cpufeatures/native"), withProperties(props("Mac OS X", null),
                () -> NativePlatform.cacheDirectory(Map.of())));
        assertEquals("freebsd", withProperties(props("FreeBSD", null), NativePlatform::os));
        assertEquals("macos", withProperties(props("Mac OS X", null), NativePlatform::os));
        assertEquals("windows", withProperties(props("Windows 11", null), NativePlatform::os));
    }

    @Test
    void thePropertyWinsAndMustBeAbsolute() {
        assertEquals(Path.of("/var/cache/app"), withProperties(props("Linux", "/var/cache/app"),
                () -> NativePlatform.cacheDirectory(Map.of("XDG_CACHE_HOME", "/xdg"))));
        for (String bad : new String[] {"", " ", "cache"}) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> withProperties(props("Linux", bad), () -> NativePlatform.cacheDirectory(Map.of())));
            assertEquals("cpufeatures.native.cache='" + bad + "' is not an absolute path; give the directory native"
                    + " libraries are unpacked to, e.g. -Dcpufeatures.native.cache=/var/cache/myapp", e.getMessage());
        }
    }
}
