package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JNA is used only with a native library this process verified: its own jar's, placed by the per-user cache, or, where
 * the user configured JNA or it was initialised already, one in a directory nobody else can change. Decided in fresh
 * JVMs ({@link JnaVictim}), and the rules one by one.
 */
class JnaTest {

    @TempDir
    Path tmp;

    private PathSafety safety;

    @BeforeEach
    void posixOnly() throws IOException {
        safety = PathSafety.forThisProcess();
        org.junit.jupiter.api.Assumptions.assumeTrue(safety.posix(), "POSIX file owners");
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwx------"));
    }

    private Path dir(String name, String mode) throws IOException {
        Path d = Files.createDirectory(tmp.resolve(name));
        Files.setPosixFilePermissions(d, PosixFilePermissions.fromString(mode));
        return d;
    }

    private static Properties properties(String... pairs) {
        Properties p = new Properties();
        p.setProperty("user.home", "/home/someone");
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    private static final String FILE = "libjnidispatch.so";

    @Test
    void aLoadFailureNamesItsDeepestCauseAndTheFlagWhenNativeAccessIsDenied() {
        Throwable refused = new ExceptionInInitializerError(new IllegalCallerException(
                "Illegal native access from an unnamed module (file:/app.jar)"));
        String s = Jna.describe(refused);
        assertTrue(s.startsWith("java.lang.ExceptionInInitializerError caused by java.lang.IllegalCallerException:"
                + " Illegal native access"), s);
        assertTrue(s.endsWith("start it with --enable-native-access=ALL-UNNAMED (class path) or"
                + " --enable-native-access=com.sun.jna (module path)"), s);
        assertEquals("java.lang.UnsatisfiedLinkError: no jnidispatch", Jna.describe(
                new UnsatisfiedLinkError("no jnidispatch")));
    }

    @Test
    void everyPlatformPlacedHasItsLibraryInJnasJarWhereTheTableSays() {
        Map<String, String> files = new LinkedHashMap<>();
        for (OperatingSystem os : OperatingSystem.values()) {
            for (String arch : List.of("x86_64", "aarch64", "ppc64le", "riscv64")) {
                String prefix = Jna.resourcePrefix(os, arch);
                if (prefix == null) {
                    continue;
                }
                String file = switch (os) {
                    case MACOS -> "libjnidispatch.jnilib";
                    case WINDOWS -> "jnidispatch.dll";
                    default -> FILE;
                };
                files.put("com/sun/jna/" + prefix + "/" + file, os + " " + arch);
            }
        }
        // Linux on three architectures, macOS on two, Windows on two, FreeBSD on two
        assertEquals(9, files.size(), files.toString());
        for (String resource : files.keySet()) {
            assertNotNull(ClassLoader.getSystemResource(resource), resource + " (" + files.get(resource) + ")");
        }
        assertNull(Jna.resourcePrefix(OperatingSystem.OTHER, "x86_64"));
        assertNull(Jna.resourcePrefix(OperatingSystem.LINUX, "riscv64"));
    }

    @Test
    void jnasOwnUnpackingDirectoryIsTheOneItsNativeClassWouldUse() {
        Map<String, String> xdg = Map.of("XDG_CACHE_HOME", "/xdg");
        assertEquals(Path.of("/xdg/JNA/temp"), Jna.unpackDirectory(properties(), xdg, OperatingSystem.LINUX));
        assertEquals(Path.of("/home/someone/.cache/JNA/temp"), Jna.unpackDirectory(properties(),
                Map.of("XDG_CACHE_HOME", "  "), OperatingSystem.LINUX));
        assertEquals(Path.of("/home/someone/Library/Caches/JNA/temp"), Jna.unpackDirectory(properties(), xdg,
                OperatingSystem.MACOS));
        assertEquals(Path.of("/t/jna-" + "me".hashCode()), Jna.unpackDirectory(properties("java.io.tmpdir", "/t",
                "user.name", "me"), xdg, OperatingSystem.WINDOWS));
        assertEquals(Path.of("/mine"), Jna.unpackDirectory(properties("jna.tmpdir", "/mine"), xdg,
                OperatingSystem.LINUX));
        assertNull(Jna.unpackDirectory(properties("jna.tmpdir", "relative"), xdg, OperatingSystem.LINUX));
    }

    @Test
    void aConfiguredDirectoryOthersCanWriteIsRefusedAndOneOfThisUsersIsNot() throws IOException {
        Path open = dir("open", "rwxrwxrwx");
        String why = Jna.configuredRefusal(properties("jna.tmpdir", open.toString()), Map.of(), OperatingSystem.LINUX,
                FILE, safety);
        assertEquals("JNA is not used: as configured, it would unpack its native library into " + open + " and load"
                + " it from there (jna.tmpdir), which is not safe: " + open + " is writable by its group and others"
                + " (mode 777); configure JNA with a directory of this user's closed to others", why);
        assertNull(Jna.configuredRefusal(properties("jna.tmpdir", dir("mine", "rwx------").toString()), Map.of(),
                OperatingSystem.LINUX, FILE, safety));
        // the default directory, when only another setting is given
        assertTrue(Jna.configuredRefusal(properties("jna.nosys", "true"), Map.of("XDG_CACHE_HOME", open.toString()),
                OperatingSystem.LINUX, FILE, safety).contains("into " + open.resolve("JNA/temp") + " and load it from"
                + " there (JNA's default), which is not safe: " + open + " is writable"));
        // nothing is unpacked where unpacking is off
        assertNull(Jna.configuredRefusal(properties("jna.tmpdir", open.toString(), "jna.nounpack", "true"), Map.of(),
                OperatingSystem.LINUX, FILE, safety));
    }

    @Test
    void aConfiguredLibraryIsCheckedWithItsDirectory() throws IOException {
        Path shared = dir("shared", "rwxrwxrwx");
        Files.writeString(shared.resolve(FILE), "a library");
        String why = Jna.configuredRefusal(properties("jna.boot.library.path", "/nonexistent:" + shared), Map.of(),
                OperatingSystem.LINUX, FILE, safety);
        assertTrue(why.startsWith("JNA is not used: as configured, it would load its native library from " + shared
                + " (jna.boot.library.path), which is not safe: " + shared + " is writable by"), why);

        Path lib = dir("lib", "rwxr-xr-x");
        Path file = Files.writeString(lib.resolve(FILE), "a library");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        assertNull(Jna.configuredRefusal(properties("jna.boot.library.path", lib.toString()), Map.of(),
                OperatingSystem.LINUX, FILE, safety));
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        assertTrue(Jna.configuredRefusal(properties("jna.boot.library.path", lib.toString()), Map.of(),
                OperatingSystem.LINUX, FILE, safety).endsWith(file + " is writable by its group and others (mode 666);"
                + " configure JNA with a directory of this user's closed to others"));
        // the system library path, only where jna.nosys=false asks for it
        assertTrue(Jna.configuredRefusal(properties("jna.nosys", "false", "java.library.path", shared.toString()),
                Map.of(), OperatingSystem.LINUX, FILE, safety).contains("(java.library.path, as jna.nosys=false asks)"));
    }

    @Test
    void aLibraryTheApplicationLoadedIsCheckedWhereItLies() throws IOException {
        Path shared = dir("shared", "rwxrwxrwx");
        Path file = Files.writeString(shared.resolve(FILE), "a library");
        assertTrue(Jna.loadedRefusal(file.toString(), properties(), FILE, safety).startsWith("JNA is not used: this"
                + " process loaded its native library from " + file + ", which others can change: " + shared
                + " is writable by"));
        Path lib = dir("lib", "rwx------");
        Path mine = Files.writeString(lib.resolve(FILE), "a library");
        Files.setPosixFilePermissions(mine, PosixFilePermissions.fromString("r--------"));
        assertNull(Jna.loadedRefusal(mine.toString(), properties(), FILE, safety));
        assertTrue(Jna.loadedRefusal(null, properties("java.library.path", "/nonexistent"), FILE, safety)
                .contains("from a library it cannot locate"));
    }

    /** The victim's output, a map of its first lines by key (mapped files listed under "mapped"). */
    private Map<String, String> victim(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString()));
        for (String a : args) {
            if (a.startsWith("-D")) {
                cmd.add(a);
            }
        }
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), JnaVictim.class.getName()));
        for (String a : args) {
            if (!a.startsWith("-D")) {
                cmd.add(a);
            }
        }
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
        pb.environment().remove("XDG_CACHE_HOME");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        Map<String, String> lines = new LinkedHashMap<>();
        for (String l : out.split("\n")) {
            int eq = l.indexOf('=');
            assertTrue(eq > 0, "a line of the victim that is not KEY=VALUE: " + l + "\n" + out);
            lines.merge(l.substring(0, eq), l.substring(eq + 1), (a, b) -> a + "\n" + b);
        }
        return lines;
    }

    @Test
    void jnasLibraryIsLoadedFromTheCacheAsItsJarHasItAndJnaUnpacksNothing() throws Exception {
        Path xdg = dir("xdg", "rwx------");
        Map<String, String> out = victim(Map.of("XDG_CACHE_HOME", xdg.toString()));
        assertEquals("null", out.get("refusal"), out.toString());
        assertEquals("true", out.get("jna.loaded"), out.toString());
        Path loaded = Path.of(out.get("jnidispatch.path"));
        assertTrue(loaded.startsWith(xdg.toRealPath().resolve("cpufeatures/native")) && loaded.getParent().getFileName()
                .toString().matches("[0-9a-f]{64}"), "loaded from the cache's entry: " + out);
        assertEquals(loaded.toString(), out.get("mapped"), out.toString());
        assertTrue(out.get("getpid").matches("(\\d+) of \\1"), out.toString());
        for (String s : Jna.SETTINGS) {
            assertEquals("null", out.get(s), s + " is put back: " + out);
        }
        assertFalse(Files.exists(xdg.resolve("JNA")), "JNA made its own directory");
    }

    @Test
    void aCacheOthersCanWriteLeavesJnaUninitialisedAndEveryLookupRefused() throws Exception {
        Path xdg = dir("xdg", "rwxrwxrwx");
        Map<String, String> out = victim(Map.of("XDG_CACHE_HOME", xdg.toString()));
        String refusal = out.get("refusal");
        assertTrue(refusal.startsWith("the native cache " + xdg.resolve("cpufeatures/native") + " is not safe to load"
                + " code from: " + xdg + " is writable by its group and others (mode 777)"), out.toString());
        assertEquals("null", out.get("jna.loaded"), out.toString());
        assertEquals(refusal, out.get("getpid refused"), out.toString());
        assertNull(out.get("mapped"), out.toString());
        assertFalse(Files.exists(xdg.resolve("JNA")), "JNA made its own directory");
    }

    @Test
    void aConfiguredDirectoryOthersCanWriteLeavesJnaUninitialised() throws Exception {
        Path open = dir("open", "rwxrwxrwx");
        Map<String, String> out = victim(Map.of("XDG_CACHE_HOME", dir("xdg", "rwx------").toString()),
                "-Djna.tmpdir=" + open);
        assertTrue(out.get("refusal").startsWith("JNA is not used: as configured, it would unpack its native library"
                + " into " + open), out.toString());
        assertEquals("null", out.get("jna.loaded"), out.toString());
        assertNull(out.get("mapped"), out.toString());
        try (var files = Files.list(open)) {
            assertEquals(0, files.count(), "JNA unpacked into " + open);
        }
    }

    @Test
    void aLibraryTheApplicationUnpackedWhereOthersCanWriteIsNotReliedOn() throws Exception {
        Path open = dir("open", "rwxrwxrwx");
        Map<String, String> out = victim(Map.of("XDG_CACHE_HOME", dir("xdg", "rwx------").toString()),
                "-Djna.tmpdir=" + open, "application-first");
        assertEquals("true", out.get("jna.loaded"), out.toString());
        assertTrue(out.get("refusal").startsWith("JNA is not used: this process loaded its native library from "
                + open.toRealPath()), out.toString());
        assertEquals(out.get("refusal"), out.get("getpid refused"), out.toString());
    }
}
