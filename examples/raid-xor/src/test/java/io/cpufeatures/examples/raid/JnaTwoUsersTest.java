package io.cpufeatures.examples.raid;

import static io.cpufeatures.buildsupport.TwoUsers.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.buildsupport.TwoUsers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another local user goes after JNA's native library the way the review did: an attacker (uid 60012) squats the
 * directories JNA unpacks {@code libjnidispatch} into, and renames a library of its own over every file that appears
 * there or in the victim's cache, again and again, while a victim (uid 60011) starts JVMs that ask for the CPU's report
 * and bind the native xor's variants through JNA. The attacker's library writes a mark when loaded. In every start:
 * the mark never appears; every {@code libjnidispatch} the victim maps lies in a directory of the victim's cache that
 * the attacker cannot write; at most one WARN line; and where the cache is refused, JNA is not initialised at all and
 * the answer comes from another source ({@code /proc/cpuinfo}). Needs root (to be both users), util-linux's
 * {@code setpriv} and gcc.
 */
class JnaTwoUsersTest {

    private static final int VICTIM = 60011;
    private static final int ATTACKER = 60012;
    private static final int STARTS = 4;

    @TempDir
    Path tmp;

    private Path world;
    private Path mark;
    private Path evil;
    private String classPath;

    /** Whether {@code uid} may write {@code path} (the kernel's answer, through {@code test -w} run as that user). */
    private static boolean writableBy(int uid, Path path) throws Exception {
        Process p = new ProcessBuilder(as(uid, "test", "-w", path.toString())).start();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return p.exitValue() == 0;
    }

    @Test
    void anotherUserNeverHasItsLibraryLoadedInPlaceOfJnas() throws Exception {
        TwoUsers.require();
        HostTools.command("gcc", "gcc");
        TwoUsers.run(List.of("chmod", "0711", tmp.toString()));
        world = Files.createDirectory(tmp.resolve("world"));
        TwoUsers.run(List.of("chmod", "1777", world.toString()));
        mark = world.resolve("EVIL-LIB-LOADED");
        Path c = Files.writeString(world.resolve("evil.c"), "#include <stdio.h>\n"
                + "__attribute__((constructor)) static void mark(void) { FILE *f = fopen(\"" + mark + "\", \"w\");"
                + " if (f) fclose(f); }\n");
        evil = world.resolve("evil.so");
        TwoUsers.run(List.of("gcc", "-shared", "-fPIC", "-o", evil.toString(), c.toString()));
        TwoUsers.run(List.of("chmod", "a+r", evil.toString()));
        classPath = TwoUsers.readableClassPath(world.resolve("cp"));

        // 1. XDG_CACHE_HOME in a sticky directory everyone writes (/tmp), JNA's own directory there squatted first:
        //    the victim's cache is its own, JNA's library comes from it, the native probe answers, no WARN
        Path xdg1 = Files.createDirectory(world.resolve("tmp1"));
        TwoUsers.run(List.of("chmod", "1777", xdg1.toString()));
        TwoUsers.run(as(ATTACKER, "mkdir", "-m", "0777", "-p", xdg1.resolve("JNA/temp").toString()));
        for (Map<String, String> out : attack(xdg1, Map.of("XDG_CACHE_HOME", xdg1.toString()), xdg1)) {
            assertEquals("native", out.get("source"), out.toString());
            assertEquals("", out.get("warn"), out.toString());
            assertVictimsOwn(out, xdg1.resolve("cpufeatures/native"));
        }

        // 2. a squatted cache: the attacker made the cache's directory first
        Path xdg2 = Files.createDirectory(world.resolve("tmp2"));
        TwoUsers.run(List.of("chmod", "1777", xdg2.toString()));
        TwoUsers.run(as(ATTACKER, "mkdir", "-m", "0777", "-p", xdg2.resolve("cpufeatures").toString(),
                xdg2.resolve("JNA/temp").toString()));
        for (Map<String, String> out : attack(xdg2, Map.of("XDG_CACHE_HOME", xdg2.toString()), xdg2)) {
            assertRefusedOnce(out, xdg2.resolve("cpufeatures"));
        }

        // 3. the victim's ~/.cache open to everyone (a umask of 000)
        Path home = Files.createDirectory(world.resolve("home"));
        TwoUsers.run(List.of("chown", VICTIM + ":" + VICTIM, home.toString()));
        TwoUsers.run(as(VICTIM, "mkdir", "-m", "0777", home.resolve(".cache").toString()));
        TwoUsers.run(List.of("chmod", "0777", home.resolve(".cache").toString()));
        for (Map<String, String> out : attack(home.resolve(".cache"), Map.of(), home)) {
            assertRefusedOnce(out, home.resolve(".cache"));
        }
        assertFalse(Files.exists(mark), "the attacker's library was loaded");
    }

    /** Every jnidispatch the victim mapped is an entry of its cache at {@code cache}, closed to the attacker. */
    private void assertVictimsOwn(Map<String, String> out, Path cache) throws Exception {
        assertEquals("true", out.get("jna.loaded"), out.toString());
        String mapped = out.get("mapped");
        assertTrue(mapped != null && !mapped.isEmpty(), out.toString());
        for (String m : mapped.split("\n")) {
            Path file = Path.of(m);
            assertTrue(file.startsWith(cache) && file.getParent().getFileName().toString().matches("[0-9a-f]{64}"),
                    m + " is not an entry of " + cache + ": " + out);
            assertEquals(file.toString(), out.get("jnidispatch.path"), out.toString());
        }
        assertFalse(writableBy(ATTACKER, cache), cache + " is open to the attacker");
    }

    /** The cache refused with one WARN naming {@code unsafe}; JNA never initialised; another source answered. */
    private static void assertRefusedOnce(Map<String, String> out, Path unsafe) {
        assertEquals("proc-cpuinfo", out.get("source"), out.toString());
        assertEquals("java", out.get("native"), out.toString());
        assertEquals("null", out.get("jna.loaded"), out.toString());
        assertEquals(null, out.get("mapped"), out.toString());
        String warn = out.get("warn");
        assertEquals(1, warn.lines().count(), out.toString());
        assertTrue(warn.contains("is not safe to load code from: " + unsafe + " "), warn);
    }

    /**
     * Runs the attacker's loop over the JNA directories below {@code target} and the victim's cache there, while
     * the victim starts {@link #STARTS} JVMs with {@code env} added (and {@code user.home} = {@code home});
     * {@return each start's lines by key, its WARN lines under "warn"}
     */
    private List<Map<String, String>> attack(Path target, Map<String, String> env, Path home) throws Exception {
        Path stop = world.resolve("stop-" + target.getFileName());
        String loop = "x=" + evil + "; j=" + target.resolve("JNA/temp") + "; c=" + target.resolve("cpufeatures/native")
                + "\n"
                + "while [ ! -e " + stop + " ]; do\n"
                + "  for f in $j/* $c/.load-*/* $c/*/*; do\n"
                + "    [ -f \"$f\" ] && cp $x \"$f.$$\" 2>/dev/null && mv -f \"$f.$$\" \"$f\" 2>/dev/null\n"
                + "  done\n"
                + "done\n";
        Path script = Files.writeString(world.resolve("attack-" + target.getFileName() + ".sh"), loop);
        TwoUsers.run(List.of("chmod", "a+r", script.toString()));
        Process attacker = new ProcessBuilder(as(ATTACKER, "sh", script.toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        List<Map<String, String>> starts = new ArrayList<>();
        try {
            for (int i = 0; i < STARTS; i++) {
                Path out = world.resolve("victim-" + target.getFileName() + "-" + i + ".out");
                Path err = world.resolve("victim-" + target.getFileName() + "-" + i + ".err");
                ProcessBuilder pb = new ProcessBuilder(as(VICTIM, Path.of(System.getProperty("java.home"), "bin",
                        "java").toString(), "-Duser.home=" + home, "-cp", classPath, TwoUsersVictim.class.getName()))
                        .redirectOutput(out.toFile()).redirectError(err.toFile());
                pb.environment().remove("XDG_CACHE_HOME");
                pb.environment().put("HOME", home.toString());
                pb.environment().putAll(env);
                Process victim = pb.start();
                assertTrue(victim.waitFor(120, TimeUnit.SECONDS), "the victim did not finish");
                String text = Files.readString(out);
                String errors = Files.readString(err);
                assertEquals(0, victim.exitValue(), text + errors);
                Map<String, String> lines = new LinkedHashMap<>();
                for (String l : text.split("\n")) {
                    int eq = l.indexOf('=');
                    if (eq > 0) {
                        lines.merge(l.substring(0, eq), l.substring(eq + 1), (a, b) -> a + "\n" + b);
                    }
                }
                StringBuilder warn = new StringBuilder();
                for (String l : errors.split("\n")) {
                    if (l.startsWith("WARN ")) {
                        warn.append(warn.length() == 0 ? "" : "\n").append(l);
                    }
                }
                lines.put("warn", warn.toString());
                assertNotEquals(null, lines.get("source"), text + errors);
                starts.add(lines);
                assertFalse(Files.exists(mark), "the attacker's library was loaded: " + lines);
            }
        } finally {
            Files.writeString(stop, "");
            if (!attacker.waitFor(30, TimeUnit.SECONDS)) {
                attacker.destroyForcibly();
            }
        }
        return starts;
    }
}
