package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** This process's operating system as native variants' manifests name it. */
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

    private static Map<String, String> props(String os) {
        Map<String, String> m = new java.util.HashMap<>();
        m.put("os.name", os);
        return m;
    }

    @Test
    void eachOsIsNamedAsManifestsNameIt() {
        assertEquals("linux", withProperties(props("Linux"), NativePlatform::os));
        assertEquals("freebsd", withProperties(props("FreeBSD"), NativePlatform::os));
        assertEquals("macos", withProperties(props("Mac OS X"), NativePlatform::os));
        assertEquals("windows", withProperties(props("Windows 11"), NativePlatform::os));
    }
}
