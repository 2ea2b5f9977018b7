package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.x86.testing.Commands;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe library's committed Windows build, run under its own calling convention: a Windows x64 harness
 * ({@code src/test/c/probe_library_harness.c}, built with mingw-w64) loads {@code cpufeatures-probe.dll} under wine,
 * calls its JNI exports and compares every leaf and XCR0 with what it executes itself; XCR0 must also be what the
 * Linux build gives this JVM. No Windows JVM runs here, so this is the DLL's live test. Skipped, with the reason,
 * without mingw-w64 or wine (Debian packages gcc-mingw-w64-x86-64, wine64), except under {@code CI=true}, where that
 * fails.
 */
class ProbeLibraryUnderWineTest {

    @TempDir
    Path dir;

    @Test
    void theWindowsBuildGivesEveryLeafAndXcr0AsTheCpuDoes() throws Exception {
        assumeTrue(System.getProperty("os.arch").matches("amd64|x86_64") && System.getProperty("os.name").equals("Linux"),
                "wine runs Windows x64 code on an x86-64 Linux host");
        Path gcc = HostTools.command("x86_64-w64-mingw32-gcc", "gcc-mingw-w64-x86-64");
        Path wine = HostTools.command("wine", "wine64");
        Path harness = dir.resolve("harness.exe");
        Commands.run(dir, Map.of(), 120, gcc.toString(), "-O2", "-o", harness.toString(),
                Paths.get("src", "test", "c", "probe_library_harness.c").toAbsolutePath().toString());
        Path dll = dir.resolve("cpufeatures-probe.dll");
        try (InputStream in = JniCpuid.class.getResourceAsStream(
                "/io/cpufeatures/x86/probe/native/windows-x86_64/jni/cpufeatures-probe.dll")) {
            assertTrue(in != null, "the Windows build is in the jar");
            Files.copy(in, dll);
        }
        // the prefix lives in target/, not the test's temporary directory: wineserver outlives the harness by a
        // few seconds and may still write there when that directory is deleted
        Path prefix = Files.createDirectories(Paths.get("target", "wine-prefix")).toAbsolutePath();
        String out = Commands.run(dir, Map.of("WINEPREFIX", prefix.toString(), "WINEDEBUG", "-all"), 300,
                wine.toString(), harness.toString(), dll.toString());
        Map<String, String> v = new LinkedHashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) {
                v.putIfAbsent(line.substring(0, eq), line.substring(eq + 1).strip());
            }
        }
        assertTrue(Integer.parseInt(v.getOrDefault("leaves", "0")) >= 20, out);
        assertEquals("0", v.get("differ"), out);
        assertEquals(v.get("xcr0.harness"), v.get("xcr0.library"), out);
        boolean osxsave = (JniCpuid.open().cpuid(1, 0).ecx() >>> 27 & 1) != 0;
        assertEquals(Long.toHexString(osxsave ? JniCpuid.open().xgetbv0() : 0), v.get("xcr0.library"),
                "XCR0 through the Windows build under wine and through the Linux build here");
    }
}
