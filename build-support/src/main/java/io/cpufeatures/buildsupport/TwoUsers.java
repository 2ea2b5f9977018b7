package io.cpufeatures.buildsupport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The harness of a test played by two local users, an attacker and a victim, as a hostile local user would: commands
 * run as a uid through util-linux's {@code setpriv}, and a copy of the test's class path any user can read (the
 * build's own repository is root's). Such a test needs root, to be both users.
 */
public final class TwoUsers {

    private TwoUsers() {
    }

    /** Skips the test (or fails it under {@code CI=true}) unless this is root with {@code setpriv}. */
    public static void require() {
        HostTools.require("root".equals(System.getProperty("user.name")), "root (to run the test as two users)",
                "run the build as root, as CI does");
        HostTools.command("setpriv", "util-linux");
    }

    /**
     * {@code cmd} as run by {@code uid} (its group the same number, no supplementary groups).
     *
     * @param uid the user id
     * @param cmd the command and its arguments
     * @return the command line
     */
    public static List<String> as(int uid, String... cmd) {
        List<String> out = new ArrayList<>(List.of("setpriv", "--reuid=" + uid, "--regid=" + uid, "--clear-groups"));
        out.addAll(List.of(cmd));
        return out;
    }

    /**
     * Runs {@code cmd}, asserting that it ends within two minutes with status 0.
     *
     * @param cmd the command line
     * @return what it printed, standard error included
     * @throws Exception if it cannot be started or waited for
     */
    public static String run(List<String> cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), cmd + " did not finish");
        assertEquals(0, p.exitValue(), cmd + ":\n" + out);
        return out;
    }

    /**
     * Copies every directory and file of this JVM's class path below {@code dir} (which must not exist), readable by
     * any user.
     *
     * @param dir where to copy it
     * @return the copy's class path
     * @throws Exception if copying fails
     */
    public static String readableClassPath(Path dir) throws Exception {
        Path cp = Files.createDirectory(dir);
        List<String> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path p = Path.of(e);
            Path copy = cp.resolve("e" + entries.size() + (Files.isDirectory(p) ? "" : ".jar"));
            if (Files.isDirectory(p)) {
                copyTree(p, copy);
            } else if (Files.isRegularFile(p)) {
                Files.copy(p, copy);
            } else {
                continue;
            }
            entries.add(copy.toString());
        }
        run(List.of("chmod", "-R", "a+rX", cp.toString()));
        return String.join(File.pathSeparator, entries);
    }

    private static void copyTree(Path from, Path to) throws IOException {
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(f, target);
                }
            }
        }
    }

    /**
     * The files this process maps whose path holds {@code fragment}, each once, from {@code /proc/self/maps}.
     *
     * @param fragment a part of a path, e.g. {@code jnidispatch}
     * @return the paths, sorted
     * @throws IOException if the map cannot be read
     */
    public static List<String> mapped(String fragment) throws IOException {
        java.util.TreeSet<String> files = new java.util.TreeSet<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int slash = line.indexOf('/');
            if (slash > 0 && line.indexOf(fragment, slash) >= 0) {
                files.add(line.substring(slash));
            }
        }
        return List.copyOf(files);
    }
}
