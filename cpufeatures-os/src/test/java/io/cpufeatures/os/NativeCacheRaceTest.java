package io.cpufeatures.os;

import static io.cpufeatures.buildsupport.TwoUsers.as;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.buildsupport.TwoUsers;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Another user races the loader, as the review that found it did: a victim (uid 60001) asks a cache in a directory
 * the attacker (uid 60002) can reach for a genuine library, while the attacker plants the genuine file where the
 * victim will look and then renames its own library over it, again and again. The attacker's library writes a mark
 * when loaded and answers 666; the genuine one answers 42. Over 100 attempts per setting the victim never loads the
 * attacker's bytes: where the attacker could write, the cache is refused; where it could not, the genuine library
 * answers. Needs root (to be both users), util-linux's {@code setpriv} and gcc.
 */
class NativeCacheRaceTest {

    private static final int VICTIM = 60001;
    private static final int ATTACKER = 60002;
    private static final int ATTEMPTS = 100;

    @TempDir
    Path tmp;

    private Path world;
    private Path mark;

    private Path build(String name, String source) throws Exception {
        Path c = Files.writeString(world.resolve(name + ".c"), source);
        Path so = world.resolve(name + ".so");
        TwoUsers.run(List.of("gcc", "-O1", "-shared", "-fPIC", "-o", so.toString(), c.toString()));
        return so;
    }

    /** The victim's lines, each different one once with its count: a failure's message stays short. */
    private static String summary(List<String> lines) {
        java.util.Map<String, Integer> counts = new java.util.LinkedHashMap<>();
        for (String l : lines) {
            counts.merge(l, 1, Integer::sum);
        }
        return lines.size() + " lines: " + counts;
    }

    @Test
    void anotherUserRacingTheLoaderNeverHasItsBytesLoaded() throws Exception {
        TwoUsers.require();
        HostTools.command("gcc", "gcc");
        TwoUsers.run(List.of("chmod", "0711", tmp.toString()));
        world = Files.createDirectory(tmp.resolve("world"));
        mark = world.resolve("EVIL-LIB-LOADED");
        TwoUsers.run(List.of("chmod", "1777", world.toString()));
        Path genuine = build("genuine", "int answer(void) { return 42; }\n");
        Path evil = build("evil", "#include <stdio.h>\n"
                + "__attribute__((constructor)) static void mark(void) { FILE *f = fopen(\"" + mark + "\", \"w\");"
                + " if (f) fclose(f); }\n"
                + "int answer(void) { return 666; }\n");
        TwoUsers.run(List.of("chmod", "a+r", genuine.toString(), evil.toString()));
        String sha = NativeCacheTest.sha(Files.readAllBytes(genuine));
        String classPath = TwoUsers.readableClassPath(world.resolve("cp"));

        // 1. a cache directory the victim made open to everyone (umask 000)
        Path open = world.resolve("open");
        TwoUsers.run(as(VICTIM, "mkdir", "-m", "0777", open.toString()));
        List<String> r1 = race(open, sha, genuine, evil, classPath, true);
        assertEquals(ATTEMPTS, r1.size(), summary(r1));
        assertTrue(r1.stream().allMatch(l -> l.startsWith("refused=the native cache " + open + " is not safe to load code"
                + " from: " + open + " is writable by its group and others")), summary(r1));

        // 2. a cache directory the attacker made first, with the genuine file in place
        Path planted = world.resolve("planted");
        TwoUsers.run(as(ATTACKER, "mkdir", "-m", "0755", planted.toString()));
        List<String> r2 = race(planted, sha, genuine, evil, classPath, true);
        assertTrue(r2.stream().allMatch(l -> l.startsWith("refused=") && l.contains(planted + " belongs to uid "
                + ATTACKER)), summary(r2));

        // 3. the victim's own cache in the sticky directory (XDG_CACHE_HOME=/tmp), made before the attacker starts:
        //    the attacker cannot get in
        Path own = world.resolve("own");
        TwoUsers.run(as(VICTIM, "mkdir", "-m", "0700", own.toString()));
        List<String> r3 = race(own, sha, genuine, evil, classPath, false);
        assertEquals(ATTEMPTS, r3.size(), summary(r3));
        assertTrue(r3.stream().allMatch(l -> l.equals("answer=42")), summary(r3));

        assertFalse(Files.exists(mark), "the attacker's library was loaded");
    }

    /**
     * Runs the attacker's loop on {@code cache} while the victim makes its attempts; {@return the victim's lines}.
     *
     * @param plantFirst whether the attacker plants the genuine file before the victim starts
     */
    private List<String> race(Path cache, String sha, Path genuine, Path evil, String classPath, boolean plantFirst)
            throws Exception {
        Path stop = world.resolve("stop-" + cache.getFileName());
        Path entry = cache.resolve(sha);
        String loop = "e=" + entry + "; g=" + genuine + "; x=" + evil + "\n"
                + (plantFirst ? "mkdir -p $e; cp $g $e/librace.so\n" : "")
                + "while [ ! -e " + stop + " ]; do\n"
                + "  mkdir -p $e 2>/dev/null\n"
                + "  cp $x $e/.x.$$ 2>/dev/null && mv -f $e/.x.$$ $e/librace.so 2>/dev/null\n"
                + "  cp $g $e/.g.$$ 2>/dev/null && mv -f $e/.g.$$ $e/librace.so 2>/dev/null\n"
                // the victim's own load directories: write into one, or put one of the attacker's in its place
                + "  for d in " + cache + "/.load-*; do\n"
                + "    cp $x $d/.x.$$ 2>/dev/null && mv -f $d/.x.$$ $d/librace.so 2>/dev/null\n"
                + "    mv $d $d.$$ 2>/dev/null && mkdir $d && cp $x $d/librace.so\n"
                + "  done\n"
                + "done\n";
        Path script = Files.writeString(world.resolve("attack-" + cache.getFileName() + ".sh"), loop);
        TwoUsers.run(List.of("chmod", "a+r", script.toString()));
        Process attacker = new ProcessBuilder(as(ATTACKER, "sh", script.toString())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            if (plantFirst) {
                // the genuine file is in place before the victim looks, as the review's attacker had it
                for (int i = 0; i < 200 && !Files.exists(entry.resolve("librace.so")); i++) {
                    Thread.sleep(10);
                }
            }
            Path jnaTmp = Files.createDirectory(world.resolve("jna-" + cache.getFileName()));
            TwoUsers.run(List.of("chown", VICTIM + ":" + VICTIM, jnaTmp.toString()));
            Path out = world.resolve("victim-" + cache.getFileName() + ".out");
            List<String> cmd = as(VICTIM, Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-Djna.tmpdir=" + jnaTmp, "-cp", classPath, RaceVictim.class.getName(), cache.toString(), sha,
                    genuine.toString(), Integer.toString(ATTEMPTS));
            Process victim = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
            assertTrue(victim.waitFor(120, TimeUnit.SECONDS), "the victim did not finish");
            String text = Files.readString(out);
            assertEquals(0, victim.exitValue(), text);
            List<String> lines = new ArrayList<>();
            for (String l : text.split("\n")) {
                if (l.startsWith("answer=") || l.startsWith("refused=")) {
                    lines.add(l);
                }
            }
            return lines;
        } finally {
            Files.writeString(stop, "");
            if (!attacker.waitFor(30, TimeUnit.SECONDS)) {
                attacker.destroyForcibly();
            }
        }
    }
}
