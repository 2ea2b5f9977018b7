package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code cpufeatures} launcher at the repository root, run in a copy of the repository's layout
 * with a stand-in Maven wrapper (it logs its call and writes the jar) and a stand-in JDK (its java
 * logs its arguments, and writes the archive a training run asks for): from another directory
 * through a symlink, rebuilding only when a source is newer than the jar, and making and then using
 * a class-data archive per JDK version.
 */
class LauncherTest {

    @TempDir
    Path tmp;

    private Path repo;
    private Path jdk;
    private Path jar;
    private Path log;

    @BeforeEach
    void layout() throws IOException {
        repo = Files.createDirectories(tmp.resolve("repo"));
        Path launcher = Path.of(System.getProperty("cpufeatures.project.dir", "../.."), "cpufeatures");
        Files.copy(launcher, repo.resolve("cpufeatures"));
        executable(repo.resolve("cpufeatures"));
        log = tmp.resolve("calls.log");
        jar = repo.resolve("examples/demo/target/cpufeatures-demo.jar");
        Files.createDirectories(repo.resolve("cpufeatures-core/src/main/java"));
        Files.writeString(repo.resolve("cpufeatures-core/src/main/java/A.java"), "class A {}\n");
        Files.writeString(repo.resolve("pom.xml"), "<project/>\n");
        Files.writeString(repo.resolve("mvnw"), "#!/bin/sh\necho \"mvnw $*\" >> '" + log + "'\n"
                + "mkdir -p examples/demo/target && echo jar > examples/demo/target/cpufeatures-demo.jar\n");
        executable(repo.resolve("mvnw"));
        jdk(tmp.resolve("jdk17"), "17.0.99+1");
    }

    /** A stand-in JDK at {@code home} whose release file says {@code version}. */
    private void jdk(Path home, String version) throws IOException {
        jdk = home;
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("release"), "JAVA_VERSION=\"" + version.replaceAll("\\+.*", "") + "\"\n"
                + "JAVA_RUNTIME_VERSION=\"" + version + "\"\n");
        Files.writeString(home.resolve("bin/java"), "#!/bin/sh\necho \"java $*\" >> '" + log + "'\n"
                + "for a in \"$@\"; do case \"$a\" in -XX:ArchiveClassesAtExit=*|-XX:AOTCacheOutput=*) echo archive > \"${a#*=}\";; esac; done\n"
                + "echo \"ran: $*\"\n");
        executable(home.resolve("bin/java"));
    }

    private static void executable(Path p) throws IOException {
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    /** Runs {@code command} in {@code cwd} and returns its stdout; fails on a non-zero exit. */
    private String run(Path cwd, Map<String, String> env, String... command) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(command).directory(cwd.toFile());
        pb.environment().put("JAVA_HOME", jdk.toString());
        pb.environment().remove("CPUFEATURES_CDS");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), String.join(" ", command) + ": " + err);
        return out;
    }

    private List<String> calls() throws IOException {
        List<String> calls = Files.exists(log) ? Files.readAllLines(log) : List.of();
        Files.deleteIfExists(log);
        return calls;
    }

    @Test
    void runsThroughASymlinkFromAnotherDirectory() throws Exception {
        Path bin = Files.createDirectories(tmp.resolve("bin"));
        Files.createSymbolicLink(bin.resolve("cpufeatures"), repo.resolve("cpufeatures"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        String out = run(elsewhere, Map.of("CPUFEATURES_CDS", "off"), bin.resolve("cpufeatures").toString(), "report", "--json");
        assertEquals("ran: --enable-native-access=ALL-UNNAMED -jar " + jar.toRealPath() + " report --json", out.strip());
    }

    @Test
    void addsTheVectorModuleOnlyWhereCandidatesAreMadeHere() throws Exception {
        Map<String, String> noArchive = Map.of("CPUFEATURES_CDS", "off");
        for (List<String> args : List.of(List.of("report", "--select"), List.of("dispatch"), List.of("dispatch", "--json"))) {
            List<String> cmd = new java.util.ArrayList<>(List.of("./cpufeatures"));
            cmd.addAll(args);
            String out = run(repo, noArchive, cmd.toArray(new String[0]));
            assertEquals("ran: --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED -jar " + jar.toRealPath()
                    + " " + String.join(" ", args), out.strip(), args.toString());
        }
        for (List<String> args : List.of(List.of("report"), List.of("report", "--json"), List.of("explain", "avx2"),
                List.of("fleet", "dumps"), List.of("--version"), List.of("--help"), List.of("man"), List.of("completion", "bash"))) {
            List<String> cmd = new java.util.ArrayList<>(List.of("./cpufeatures"));
            cmd.addAll(args);
            assertFalse(run(repo, noArchive, cmd.toArray(new String[0])).contains("jdk.incubator.vector"), args.toString());
        }
    }

    @Test
    void rebuildsOnlyWhenASourceIsNewerThanTheJar() throws Exception {
        Map<String, String> noArchive = Map.of("CPUFEATURES_CDS", "off");
        run(repo, noArchive, "./cpufeatures", "--version");
        assertEquals(1, calls().stream().filter(c -> c.startsWith("mvnw ")).count(), "built when missing");
        run(repo, noArchive, "./cpufeatures", "--version");
        assertFalse(calls().stream().anyMatch(c -> c.startsWith("mvnw ")), "not rebuilt when up to date");
        for (Path source : List.of(repo.resolve("cpufeatures-core/src/main/java/A.java"), repo.resolve("pom.xml"))) {
            Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(60)));
            Files.setLastModifiedTime(source, FileTime.from(Instant.now().minusSeconds(30)));
            run(repo, noArchive, "./cpufeatures", "--version");
            assertEquals(1, calls().stream().filter(c -> c.startsWith("mvnw ")).count(), "rebuilt after " + source);
            run(repo, noArchive, "./cpufeatures", "--version");
            assertFalse(calls().stream().anyMatch(c -> c.startsWith("mvnw ")), "once only after " + source);
        }
        Path target = Files.createDirectories(repo.resolve("cpufeatures-core/target/classes"));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(20)));
        Files.setLastModifiedTime(Files.writeString(target.resolve("B.class"), "x"), FileTime.from(Instant.now().minusSeconds(5)));
        run(repo, noArchive, "./cpufeatures", "--version");
        assertFalse(calls().stream().anyMatch(c -> c.startsWith("mvnw ")), "build output is no source");
    }

    @Test
    void makesAClassDataArchivePerJdkOnFirstUseAndUsesItAfter() throws Exception {
        run(repo, Map.of(), "./cpufeatures", "--version");
        Path jsa = repo.resolve("examples/demo/target/cds/cpufeatures-17.0.99+1-plain.jsa");
        List<String> first = calls().stream().filter(c -> c.startsWith("java ")).toList();
        assertEquals(2, first.size(), first.toString());
        assertTrue(first.get(0).contains(" -XX:ArchiveClassesAtExit=" + jsa.getParent()) && first.get(0).endsWith(" report --json"),
                "a training run: " + first.get(0));
        assertTrue(first.get(1).contains(" -XX:SharedArchiveFile=" + jsa + " ") && first.get(1).endsWith(" --version"), first.get(1));
        assertTrue(Files.exists(jsa));
        run(repo, Map.of(), "./cpufeatures", "--version");
        assertEquals(List.of("java --enable-native-access=ALL-UNNAMED -XX:SharedArchiveFile="
                + jsa + " -jar " + jar.toRealPath() + " --version"), calls(), "no training once made");
        run(repo, Map.of(), "./cpufeatures", "dispatch");
        Path withModule = repo.resolve("examples/demo/target/cds/cpufeatures-17.0.99+1-vector.jsa");
        List<String> vector = calls().stream().filter(c -> c.startsWith("java ")).toList();
        assertEquals(2, vector.size(), "the module set has its own archive: " + vector);
        assertTrue(vector.get(1).contains(" -XX:SharedArchiveFile=" + withModule + " "), vector.get(1));
        Files.setLastModifiedTime(jsa, FileTime.from(Instant.now().minusSeconds(60)));
        Files.setLastModifiedTime(jar, FileTime.from(Instant.now().minusSeconds(30)));
        run(repo, Map.of(), "./cpufeatures", "--version");
        assertEquals(2, calls().stream().filter(c -> c.startsWith("java ")).count(), "made again for a newer jar");

        jdk(tmp.resolve("jdk25"), "25.0.9+3-LTS");
        run(repo, Map.of(), "./cpufeatures", "--version");
        Path aot = repo.resolve("examples/demo/target/cds/cpufeatures-25.0.9+3-LTS-plain.aot");
        List<String> on25 = calls();
        assertTrue(on25.get(0).contains(" -XX:AOTCacheOutput=" + aot.getParent()), on25.toString());
        assertTrue(on25.get(1).contains(" -XX:AOTCache=" + aot + " "), on25.toString());
        assertTrue(Files.exists(jsa), "each JDK has its own");

        run(repo, Map.of("CPUFEATURES_CDS", "off"), "./cpufeatures", "--version");
        assertFalse(calls().get(0).contains("-XX:"), "CPUFEATURES_CDS=off runs without");
    }

    /**
     * A standard stream started closed reaches the JVM as /dev/null the way round that refuses its use (standard input
     * write-only, standard output read-only: EBADF, as on the closed descriptor; stderr for writing), never free for
     * the JVM's own files; a stream given is passed on untouched.
     */
    @Test
    void aClosedStandardStreamIsDevNullTheWayRoundThatRefusesItsUse() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self/fdinfo")), "Linux's /proc/self/fdinfo");
        Files.writeString(jdk.resolve("bin/java"), "#!/bin/sh\nfor n in 0 1 2; do echo \"fd$n $(readlink /proc/$$/fd/$n)"
                + " $(sed -n 's/^flags:[[:space:]]*//p' /proc/$$/fdinfo/$n)\" >> '" + log + "'; done\n");
        Map<String, String> env = Map.of("JAVA_HOME", jdk.toString(), "CPUFEATURES_CDS", "off");
        for (String redirections : List.of("<&- >&- 2>&-", "<&-", ">&-")) {
            ProcessBuilder pb = new ProcessBuilder("sh", "-c", "exec ./cpufeatures report " + redirections).directory(
                    repo.toFile());
            pb.environment().putAll(env);
            Process p = pb.redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(60, TimeUnit.SECONDS));
            assertEquals(0, p.exitValue(), redirections + ": " + out);
            List<String> fds = calls().stream().filter(c -> c.startsWith("fd")).toList();
            assertEquals(3, fds.size(), redirections + ": " + fds);
            // fdinfo's flags in octal: the low digit is the access mode, 0 read-only, 1 write-only
            assertEquals(redirections.contains("<&-"), fds.get(0).matches("fd0 /dev/null [0-7]*1"), redirections + ": " + fds);
            assertEquals(redirections.contains(">&- ") || redirections.equals(">&-"), fds.get(1).matches(
                    "fd1 /dev/null [0-7]*0"), redirections + ": " + fds);
            assertEquals(redirections.contains("2>&-"), fds.get(2).matches("fd2 /dev/null [0-7]*1"), redirections + ": "
                    + fds);
        }
    }
}
