package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** {@link NativePlatform}: this process's platform in the manifests' words. */
class NativePlatformTest {

    @Test
    void eachOsIsNamedAsManifestsNameIt() {
        assertEquals("linux", NativePlatform.os("Linux"));
        assertEquals("freebsd", NativePlatform.os("FreeBSD"));
        assertEquals("macos", NativePlatform.os("Mac OS X"));
        assertEquals("windows", NativePlatform.os("Windows 11"));
        assertEquals("sunos", NativePlatform.os("SunOS"));
    }
}
