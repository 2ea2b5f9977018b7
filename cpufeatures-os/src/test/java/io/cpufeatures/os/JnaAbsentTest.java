package io.cpufeatures.os;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * JNA is optional ({@code requires static com.sun.jna}, an optional Maven dependency): where it is absent, not on the
 * class path or not resolved on the module path, {@link Jna} says so, naming the dependency to add, without loading a
 * class, and every lookup is refused with that reason instead of failing to link.
 */
class JnaAbsentTest {

    @Test
    void theVersionNamedIsTheOneTheBuildPins() throws Exception {
        Path pom = Path.of(System.getProperty("cpufeatures.project.dir", "..")).resolve("pom.xml");
        Matcher m = Pattern.compile("<jna\\.version>([^<]+)</jna\\.version>").matcher(Files.readString(pom));
        assertTrue(m.find(), "the root pom pins jna.version");
        assertEquals(m.group(1), Jna.VERSION, "Jna.VERSION against the root pom's jna.version");
        assertEquals("net.java.dev.jna:jna:" + m.group(1), Jna.ARTIFACT);
    }

    @Test
    void presentHere() {
        assertNull(Jna.absence(Jna.class.getModule(), Jna.class.getClassLoader()));
        assertFalse(Jna.absent());
    }

    @Test
    void aClassPathWithoutTheJarIsSaidWithTheDependencyToAdd() throws Exception {
        try (URLClassLoader bare = new URLClassLoader(new URL[0], ClassLoader.getPlatformClassLoader())) {
            String why = Jna.absence(bare.getUnnamedModule(), bare);
            assertEquals("JNA is not on the class path: it is an optional dependency, so add net.java.dev.jna:jna:"
                    + Jna.VERSION + " where JNA is wanted", why);
        }
    }

    @Test
    void aModuleGraphWithoutItIsSaidWithTheFlagThatResolvesIt() {
        // a named module of a layer that has no com.sun.jna (the boot layer, the tests running on the class path)
        String why = Jna.absence(Object.class.getModule(), null);
        assertTrue(why.startsWith("JNA is not in the module graph: io.cpufeatures.os requires it static (optional), so"
                + " add net.java.dev.jna:jna:" + Jna.VERSION + " to the module path and resolve it (--add-modules"
                + " com.sun.jna, or requires com.sun.jna in the application's module)"), why);
    }

    /** A fresh JVM whose class path lacks JNA's jar: the refusal, and every lookup refused with it, never a crash. */
    @Test
    void aFreshJvmWithoutTheJarRefusesEveryLookupWithTheReason() throws Exception {
        List<String> kept = new ArrayList<>();
        boolean dropped = false;
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (e.replace('\\', '/').matches(".*/jna-[0-9][^/]*\\.jar$")) {
                dropped = true;
            } else {
                kept.add(e);
            }
        }
        assertTrue(dropped, "the test class path has JNA's jar to leave out");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", String.join(File.pathSeparator, kept), JnaVictim.class.getName()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), out);
        assertEquals(0, p.exitValue(), out);
        String refusal = "JNA is not on the class path: it is an optional dependency, so add net.java.dev.jna:jna:"
                + Jna.VERSION + " where JNA is wanted";
        assertTrue(out.contains("refusal=" + refusal + "\n"), out);
        assertTrue(out.contains("getpid refused=" + refusal + "\n"), out);
        assertFalse(out.contains("mapped="), out);
    }
}
