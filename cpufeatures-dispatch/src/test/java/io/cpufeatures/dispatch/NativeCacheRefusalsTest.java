package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.os.NativeCache;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * A cache that no native variant can load from is said once, with its errno and the fix, and nothing more is
 * unpacked into it: a {@code noexec} mount, a full disk, a read-only one (each a tmpfs mounted here, which needs
 * root), a relative home. A huge file where the cached library should be is not read, and the temporary files of
 * processes killed mid-write are removed.
 */
class NativeCacheRefusalsTest {

    @TempDir
    Path dir;

    private String cacheBefore;
    private final List<Path> mounts = new ArrayList<>();
    private ListAppender<ILoggingEvent> events;

    /**
     * The process's CPU is read by its own instructions before any test here breaks the cache that the probe library
     * shares: a native variant is never loaded on the kernel's word, which a probe refused by a broken cache falls
     * back to, and these tests are about the cache's refusals, not that rule.
     */
    @org.junit.jupiter.api.BeforeAll
    static void readTheCpuFirst() {
        CpuFeatures.current();
    }

    @BeforeEach
    void listen() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        cacheBefore = System.getProperty(NativeCache.DIRECTORY_PROPERTY);
        events = new ListAppender<>();
        events.start();
        ((Logger) LoggerFactory.getLogger(Instantiation.class)).addAppender(events);
    }

    @AfterEach
    void restore() throws Exception {
        ((Logger) LoggerFactory.getLogger(Instantiation.class)).detachAppender(events);
        if (cacheBefore == null) {
            System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
        } else {
            System.setProperty(NativeCache.DIRECTORY_PROPERTY, cacheBefore);
        }
        for (Path m : mounts) {
            run("umount", m.toString());
        }
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), String.join(" ", cmd));
        assertEquals(0, p.exitValue(), String.join(" ", cmd) + ": " + out);
    }

    private static void x86LinuxWithGcc() {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").equals("Linux"),
                "the libraries are built and loaded on x86-64 Linux");
        HostTools.command("gcc", "gcc");
    }

    /** A tmpfs mounted at a new directory with {@code options}; needs root that may mount. */
    private Path tmpfs(String name, String options) throws Exception {
        HostTools.require(HostTools.onPath("mount") && "root".equals(System.getProperty("user.name")),
                "root that may mount a tmpfs", "run the build as root, as CI does");
        Path m = Files.createDirectory(dir.resolve(name));
        run("mount", "-t", "tmpfs", "-o", options, "tmpfs", m.toString());
        mounts.add(0, m);
        return m;
    }

    /** Two x86-64 variants (v2 and baseline) and Java code; each native one returns its level. */
    private DispatchPoint<IntSupplier> point() throws Exception {
        List<String> lines = new ArrayList<>();
        for (String[] v : new String[][] {{"x86-64-v2", "2", "-march=x86-64-v2"}, {"baseline", "1", "-march=x86-64"}}) {
            Path c = Files.writeString(dir.resolve("level" + v[1] + ".c"), "int level(void) { return " + v[1] + "; }\n");
            Path so = Files.createDirectories(dir.resolve("res/linux-x86_64/" + v[0])).resolve("liblevel.so");
            run("gcc", "-O2", "-shared", "-fPIC", v[2], "-o", so.toString(), c.toString());
            lines.add("linux-x86_64/" + v[0] + "/liblevel.so " + NativeLoading.sha256(Files.readAllBytes(so)) + " "
                    + (v[1].equals("2") ? "x86-64-v2" : "-"));
        }
        Files.writeString(dir.resolve("res/level.variants"), NativeVariants.HEADER + "\n" + String.join("\n", lines));
        NativeVariants variants = NativeVariants.read("res/level.variants", this::open);
        DispatchPoint.Builder<IntSupplier> b = DispatchPoint.builder("test.cache", IntSupplier.class)
                .candidate(Candidate.of("java", "Java code", 0, Requirements.NONE, () -> () -> 0));
        variants.<IntSupplier>candidates("", 10, (variant, library) -> {
            com.sun.jna.Function level = NativeLibrary.getInstance(library.toString()).getFunction("level");
            return () -> level.invokeInt(new Object[0]);
        }).forEach(b::candidate);
        return b.build();
    }

    private InputStream open(String name) {
        Path p = dir.resolve("res").resolve(name);
        try {
            return Files.isRegularFile(p) ? Files.newInputStream(p) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<String> warnings() {
        return events.list.stream().filter(e -> e.getLevel() == Level.WARN).map(ILoggingEvent::getFormattedMessage)
                .toList();
    }

    private static List<String> tree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            return s.filter(p -> !p.equals(root)).map(p -> root.relativize(p).toString()).sorted().toList();
        }
    }

    /**
     * Selects the point with the cache at {@code cache}; the Java code answers, both variants are passed over for
     * the same reason, said in one WARN line that starts with {@code expected}.
     */
    private void everyVariantPassedOverOnce(Path cache, String expected) throws Exception {
        DispatchPoint<IntSupplier> point = point();
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, cache.toString());
        Selection<IntSupplier> s = point.selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        assertEquals("java", s.name(), s.explain().format());
        List<String> warnings = warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("test.cache: native variants are passed over: " + expected),
                warnings.get(0));
        assertTrue(warnings.get(0).endsWith("(said once per process)"), warnings.get(0));
        String v2 = s.explain().candidate("x86_64.x86-64-v2").orElseThrow().reasons().get(0);
        String v1 = s.explain().candidate("x86_64.baseline").orElseThrow().reasons().get(0);
        assertTrue(v2.startsWith("could not be made: " + expected), v2);
        assertEquals(v2, v1, "one cause, the same reason for each variant");
    }

    @Test
    void aCacheOthersCanWriteIsSaidOnceAndNothingIsWrittenThere() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        Path open = Files.createDirectory(dir.resolve("open"));
        Files.setPosixFilePermissions(open, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        everyVariantPassedOverOnce(open.resolve("cache"), "the native cache " + open.resolve("cache")
                + " is not safe to load code from");
        assertEquals(List.of(), tree(open), "nothing is made or unpacked below a directory others can write");
    }

    @Test
    void aNoexecMountIsSaidOnceAndNoLibraryIsWrittenThere() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        Path m = tmpfs("noexec", "noexec,size=4m");
        everyVariantPassedOverOnce(m.resolve("cache"), "the native cache " + m.resolve("cache") + " is on " + m
                + ", mounted noexec");
        assertEquals(List.of(), tree(m).stream().filter(f -> f.contains("liblevel")).toList(), "nothing unpacked");
    }

    @Test
    void aFullDiskIsSaidOnceWithItsErrnoAndTheSecondVariantIsNotTried() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        // room for directories, not for a 15 KiB library
        Path m = tmpfs("full", "size=8k");
        everyVariantPassedOverOnce(m.resolve("cache"), "cannot write the native cache at ");
        assertTrue(warnings().get(0).contains(": No space left on device (ENOSPC); free space there, or set"
                + " -Dcpufeatures.native.cache to another file system"), warnings().get(0));
        List<String> entries = tree(m.resolve("cache")).stream().filter(f -> f.length() == 64).toList();
        assertEquals(1, entries.size(), "only the first variant was tried: " + entries);
    }

    @Test
    void aReadOnlyDiskIsSaidOnceWithItsErrno() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        Path m = tmpfs("readonly", "ro,size=1m");
        everyVariantPassedOverOnce(m.resolve("cache"), "cannot write the native cache at " + m.resolve("cache")
                + ": Read-only file system (EROFS)");
    }

    @Test
    void aHomeThatIsNoDirectoryIsRefusedNotTakenAsTheWorkingDirectory() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(System.getenv("XDG_CACHE_HOME") == null, "XDG_CACHE_HOME is not set here");
        String home = System.getProperty("user.home");
        System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
        System.setProperty("user.home", "?");
        // what "?/.cache/cpufeatures/native" would be: below the working directory (JNA's own "?/.cache/JNA" is
        // JNA's: it follows user.home unless jna.tmpdir is set)
        Path relative = Path.of("?", ".cache", "cpufeatures");
        boolean existedBefore = Files.exists(relative);
        try {
            DispatchPoint<IntSupplier> point = point();
            Selection<IntSupplier> s = point.selectForTest(CpuFeatures.current(), DispatchOverrides.none());
            assertEquals("java", s.name());
            String why = s.explain().candidate("x86_64.baseline").orElseThrow().reasons().get(0);
            assertEquals("could not be made: user.home is '?', not an absolute directory (a user with no passwd entry?),"
                    + " so there is no cache directory of this user's: set -Dcpufeatures.native.cache=/absolute/dir or"
                    + " XDG_CACHE_HOME", why);
            assertEquals(existedBefore, Files.exists(relative), "nothing written below the working directory");
        } finally {
            System.setProperty("user.home", home);
        }
    }

    @Test
    void aCachedFileChangedSinceItWasWrittenIsNotReadNorLoadedAndTheNextCandidateAnswersAfterOneWarn()
            throws Exception {
        x86LinuxWithGcc();
        DispatchPoint<IntSupplier> point = point();
        Path cache = dir.resolve("cache");
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, cache.toString());
        String sha = NativeLoading.sha256(Files.readAllBytes(dir.resolve("res/linux-x86_64/baseline/liblevel.so")));
        Path entry = Files.createDirectories(cache.resolve(sha));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(entry, PosixFilePermissions.fromString("rwx------"));
        // 3 GiB, sparse: more than a Java array holds, and more than this heap
        try (RandomAccessFile f = new RandomAccessFile(entry.resolve("liblevel.so").toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        Selection<IntSupplier> s = point.selectForTest(CpuFeatures.current().without(List.of("sse4_2")),
                DispatchOverrides.none());
        assertEquals("java", s.name(), s.explain().format());
        assertEquals(0, s.instance().getAsInt());
        List<String> warnings = warnings();
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).startsWith("test.cache: native variant x86_64.baseline passed over: the cached "
                + cache.toRealPath().resolve(sha).resolve("liblevel.so") + " is 3221225472 bytes, not the library's "),
                warnings.get(0));
        assertEquals(3L << 30, Files.size(entry.resolve("liblevel.so")), "kept as found");
        assertFalse(tree(cache).stream().anyMatch(n -> n.startsWith(".load-")), tree(cache).toString());
    }

    @Test
    void theTemporaryFileOfAProcessKilledMidWriteIsRemoved() throws Exception {
        x86LinuxWithGcc();
        DispatchPoint<IntSupplier> point = point();
        Path cache = dir.resolve("cache");
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, cache.toString());
        String sha = NativeLoading.sha256(Files.readAllBytes(dir.resolve("res/linux-x86_64/baseline/liblevel.so")));
        Path entry = Files.createDirectories(cache.resolve(sha));
        Files.setPosixFilePermissions(cache, PosixFilePermissions.fromString("rwx------"));
        Files.setPosixFilePermissions(entry, PosixFilePermissions.fromString("rwx------"));
        // as a process killed between writing and renaming leaves it (pid 999999999 runs nowhere)
        Path stale = Files.writeString(entry.resolve(".liblevel.so.999999999.5eed.tmp"), "half a library");
        Selection<IntSupplier> s = point.selectForTest(CpuFeatures.current().without(List.of("sse4_2")),
                DispatchOverrides.none());
        assertEquals(1, s.instance().getAsInt());
        assertFalse(Files.exists(stale));
        assertEquals(List.of("liblevel.so"), tree(entry));
    }

    @Test
    void aJvmThatWouldDenyNativeAccessPassesTheVariantsOverInSilence() throws Exception {
        // --illegal-native-access=deny is JDK 24's. Not granted on JDK 24+: the x86 answer is the kernel's word, and no
        // native variant is loaded on it, by rule rather than for a fault: no WARN, nothing unpacked, and explain()
        // says why and how to grant it
        Path java = HostTools.executable(Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"), "a JDK 24 or later",
                "Temurin 25 at /usr/lib/jvm/temurin-25-jdk-amd64");
        passedOverInSilence(java, List.of("--illegal-native-access=deny"), "--enable-native-access=ALL-UNNAMED");
    }

    @Test
    void aNativeVariantIsNeverLoadedOnTheKernelsWordAlone() throws Exception {
        // this JDK, native access granted, the kernel's word forced: the CPU's own answers were never read
        passedOverInSilence(Path.of(System.getProperty("java.home"), "bin", "java"),
                List.of("--enable-native-access=ALL-UNNAMED", "-Dcpufeatures.probe=proc-cpuinfo"), "the kernel's word");
    }

    /**
     * Runs {@link DeniedNativeAccessMain} with {@code java} and {@code options}: Java code is chosen, both variants are
     * passed over by the rule (each reason naming {@code reason}), nothing is warned about and nothing unpacked.
     */
    private void passedOverInSilence(Path java, List<String> options, String reason) throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        point();
        List<String> cmd = new ArrayList<>(List.of(java.toString()));
        cmd.addAll(options);
        cmd.addAll(List.of("-Djna.tmpdir=" + dir.resolve("jna"), "-cp",
                io.cpufeatures.dispatch.fixtures.Sources.testClassPath(), DeniedNativeAccessMain.class.getName(),
                dir.resolve("res").toString(), dir.resolve("cache").toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("chosen=java\n"), out);
        assertEquals(List.of(), out.lines().filter(l -> l.startsWith("warn=")).toList(), out);
        List<String> reasons = out.lines().filter(l -> l.startsWith("why.x86_64.")).toList();
        assertEquals(2, reasons.size(), out);
        for (String r : reasons) {
            assertTrue(r.contains("not read by its own instructions") && r.contains(reason), r);
        }
        assertTrue(out.contains("entries=0\n"), "a variant was unpacked: " + out);
    }

    @Test
    void aProcessWithoutJnaPassesVariantsThatBindThroughItOverOnceNamingTheDependency() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        point();
        // JNA is optional: the child's class path lacks its jar, and the loader binds through it without asking first
        List<String> kept = new ArrayList<>();
        for (String e : io.cpufeatures.dispatch.fixtures.Sources.testClassPath().split(java.io.File.pathSeparator)) {
            if (!e.replace('\\', '/').matches(".*/jna-[0-9][^/]*\\.jar$")) {
                kept.add(e);
            }
        }
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(java.io.File.pathSeparator, kept), DeniedNativeAccessMain.class.getName(),
                dir.resolve("res").toString(), dir.resolve("cache").toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), out);
        assertTrue(out.contains("chosen=java\n"), out);
        List<String> warnings = out.lines().filter(l -> l.startsWith("warn=")).toList();
        assertEquals(1, warnings.size(), out);
        assertTrue(warnings.get(0).startsWith("warn=test.denied: native variants are passed over: JNA is not on the class"
                + " path: it is an optional dependency, so add " + io.cpufeatures.os.Jna.ARTIFACT), out);
        assertTrue(warnings.get(0).endsWith("(said once per process)"), out);
    }
}
