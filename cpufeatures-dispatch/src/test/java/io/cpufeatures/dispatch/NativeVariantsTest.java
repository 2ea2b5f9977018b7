package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Function;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.buildsupport.HostTools;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.os.NativeCache;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native variants as candidates: the manifest, the choice on CPUs with fewer features, what is loaded (checked in
 * {@code /proc/self/maps}), and every way a variant is passed over rather than loaded. The libraries are built here
 * by gcc for x86-64; each returns the level it was built for.
 */
class NativeVariantsTest {

    @TempDir
    Path dir;

    private Path cache;
    private String cacheBefore;

    @BeforeEach
    void cacheInTheTemporaryDirectory() {
        cache = dir.resolve("cache");
        cacheBefore = System.setProperty(NativeCache.DIRECTORY_PROPERTY, cache.toString());
    }

    @AfterEach
    void restore() {
        if (cacheBefore == null) {
            System.clearProperty(NativeCache.DIRECTORY_PROPERTY);
        } else {
            System.setProperty(NativeCache.DIRECTORY_PROPERTY, cacheBefore);
        }
    }

    /** Skips the test off x86-64 Linux, and for want of gcc, which builds its libraries. */
    private static void x86LinuxWithGcc() {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && System.getProperty("os.name").equals("Linux"),
                "the libraries are built and loaded on x86-64 Linux");
        HostTools.command("gcc", "gcc");
    }

    /** Builds {@code int level(void) { return level; }} with {@code flags} into {@code res/linux-x86_64/variant/}. */
    private Path build(String variant, int level, String... flags) throws Exception {
        Path c = Files.writeString(dir.resolve("level" + level + ".c"), "int level(void) { return " + level + "; }\n"
                + "void spin(unsigned char *d, const unsigned char *s, int n) { for (int i = 0; i < n; i++) d[i] ^= s[i]; }\n");
        Path so = Files.createDirectories(dir.resolve("res/linux-x86_64/" + variant)).resolve("liblevel.so");
        List<String> cmd = new ArrayList<>(List.of("gcc", "-O2", "-shared", "-fPIC"));
        cmd.addAll(List.of(flags));
        cmd.addAll(List.of("-o", so.toString(), c.toString()));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        return so;
    }

    private static String sha(Path p) throws IOException {
        return NativeLoading.sha256(Files.readAllBytes(p));
    }

    private NativeVariants manifest(String... lines) throws IOException {
        Files.createDirectories(dir.resolve("res"));
        Files.writeString(dir.resolve("res/level.variants"), NativeVariants.HEADER + "\n" + String.join("\n", lines) + "\n");
        return NativeVariants.read("res/level.variants", this::open);
    }

    private InputStream open(String name) {
        Path p = dir.resolve("res").resolve(name);
        try {
            return Files.isRegularFile(p) ? Files.newInputStream(p) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The library's {@code level()} through JNA. */
    private static IntSupplier load(NativeVariant variant, Path library) {
        Function level = NativeLibrary.getInstance(library.toString()).getFunction("level");
        return () -> level.invokeInt(new Object[0]);
    }

    private static DispatchPoint<IntSupplier> point(NativeVariants variants) {
        DispatchPoint.Builder<IntSupplier> b = DispatchPoint.builder("test.native", IntSupplier.class)
                .candidate(Candidate.of("java", "Java code", 0, Requirements.NONE, () -> () -> 0));
        variants.<IntSupplier>candidates("", 10, NativeVariantsTest::load).forEach(b::candidate);
        return b.build();
    }

    /** Four levels built with -mneeded, the v3 one's needs read from its note. */
    private NativeVariants fourLevels() throws Exception {
        Path v4 = build("x86-64-v4", 4, "-march=x86-64-v4", "-mneeded");
        Path v3 = build("x86-64-v3", 3, "-march=x86-64-v3", "-mneeded");
        Path v2 = build("x86-64-v2", 2, "-march=x86-64-v2", "-mneeded");
        Path v1 = build("baseline", 1, "-march=x86-64", "-mneeded");
        return manifest("# best first",
                "linux-x86_64/x86-64-v4/liblevel.so " + sha(v4) + " x86-64-v4",
                "linux-x86_64/x86-64-v3/liblevel.so " + sha(v3) + " elf-note",
                "linux-x86_64/x86-64-v2/liblevel.so " + sha(v2) + " x86-64-v2",
                "linux-x86_64/baseline/liblevel.so   " + sha(v1) + " -");
    }

    /** The files of this test's cache that this process has mapped, each as its path and inode. */
    private List<String> mapped() throws IOException {
        List<String> files = new ArrayList<>();
        for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
            int at = line.indexOf(cache.toString());
            if (at >= 0) {
                // address, permissions, offset, device, inode, path
                String[] f = line.trim().split("\\s+", 6);
                String file = line.substring(at) + " inode " + f[4];
                if (!files.contains(file)) {
                    files.add(file);
                }
            }
        }
        return files;
    }

    /** The entries of the cache, without the load directories of this and other processes. */
    private List<String> entries() throws IOException {
        try (var files = Files.list(cache)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith(".load-")).sorted().toList();
        }
    }

    @Test
    void eachCpuChoosesTheBestLevelItRunsAndThePassedOverSayWhy() throws Exception {
        x86LinuxWithGcc();
        NativeVariants variants = fourLevels();
        assertEquals(List.of("x86-64-v4", "x86-64-v3", "x86-64-v2", "baseline"),
                variants.variants().stream().map(NativeVariant::name).toList());
        NativeVariant v3 = variants.variants().get(1);
        assertEquals("ELF note", v3.needsFrom());
        assertEquals(Requirements.of(List.of("x86-64-v1", "x86-64-v2", "x86-64-v3"), List.of(), "x").required(),
                v3.requirements().required(), "the note's levels, as groups");
        DispatchPoint<IntSupplier> point = point(variants);
        assertEquals(List.of("java", "x86_64.x86-64-v4", "x86_64.x86-64-v3", "x86_64.x86-64-v2", "x86_64.baseline"),
                point.candidateNames());
        CpuFeatures here = CpuFeatures.current();
        assumeTrue(here.has("x86-64-v2"), "this CPU has not even x86-64-v2");
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("avx512f", here.has("x86-64-v3") ? "x86_64.x86-64-v3" : "x86_64.x86-64-v2");
        expected.put("avx2", "x86_64.x86-64-v2");
        expected.put("sse4_2", "x86_64.baseline");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            Choice c = point.choiceFor(here.without(List.of(e.getKey())));
            assertEquals(e.getValue(), c.name(), c.explain().format());
        }
        Explanation without512 = point.choiceFor(here.without(List.of("avx512f"))).explain();
        String why = without512.candidate("x86_64.x86-64-v4").orElseThrow().reasons().get(0);
        assertTrue(why.startsWith("avx512f: "), why);
        assertTrue(without512.candidate("x86_64.x86-64-v3").orElseThrow().description().contains("needs from its ELF note"));
    }

    @Test
    void onlyTheChosenVariantIsUnpackedAndMappedAndItRuns() throws Exception {
        x86LinuxWithGcc();
        NativeVariants variants = fourLevels();
        CpuFeatures here = CpuFeatures.current();
        assumeTrue(here.has("x86-64-v2") && !here.has("x86-64-v4") || here.has("x86-64-v3"), "an x86-64-v2 CPU or better");
        // this CPU as a v2 one: the v2 file is the one mapped, and no v3 or v4 file is even written
        Selection<IntSupplier> s = point(variants).selectForTest(here.without(List.of("avx2")), DispatchOverrides.none());
        assertEquals("x86_64.x86-64-v2", s.name());
        assertEquals(2, s.instance().getAsInt());
        String v2 = sha(dir.resolve("res/linux-x86_64/x86-64-v2/liblevel.so"));
        // mapped from the cache's entry, compared with the jar's bytes
        List<String> mapped = mapped();
        assertEquals(1, mapped.size(), mapped.toString());
        assertEquals(cache.resolve(v2).resolve("liblevel.so") + " inode " + Files.getAttribute(cache.resolve(v2).resolve(
                "liblevel.so"), "unix:ino"), mapped.get(0));
        assertEquals(List.of(v2), entries());
        // the live choice is the best level this CPU has
        int best = here.has("x86-64-v4") ? 4 : here.has("x86-64-v3") ? 3 : 2;
        Selection<IntSupplier> live = point(variants).selectForTest(here, DispatchOverrides.none());
        assertEquals(best, live.instance().getAsInt(), live.explain().format());
    }

    @Test
    void aVariantThatDiffersContradictsItsNoteIsMissingOrDoesNotLoadIsPassedOverWithItsReason() throws Exception {
        x86LinuxWithGcc();
        assumeTrue(CpuFeatures.current().has("x86-64-v2"), "an x86-64-v2 CPU");
        Path v3 = build("claims-v2", 3, "-march=x86-64-v3", "-mneeded");
        Path other = build("tampered", 2, "-march=x86-64-v2");
        Path text = Files.createDirectories(dir.resolve("res/linux-x86_64/not-elf")).resolve("liblevel.so");
        Files.writeString(text, "not a library\n");
        Path good = build("baseline", 1, "-march=x86-64");
        NativeVariants variants = manifest(
                "linux-x86_64/claims-v2/liblevel.so " + sha(v3) + " x86-64-v2",
                "linux-x86_64/tampered/liblevel.so " + sha(good) + " -",
                "linux-x86_64/missing/liblevel.so " + sha(good) + " -",
                "linux-x86_64/not-elf/liblevel.so " + sha(text) + " -",
                "linux-x86_64/baseline/liblevel.so " + sha(good) + " -");
        Selection<IntSupplier> s = point(variants).selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        assertEquals("x86_64.baseline", s.name(), s.explain().format());
        assertEquals(1, s.instance().getAsInt());
        Explanation e = s.explain();
        assertEquals("could not be made: its ELF note says it needs x86-64-v3, and its declared needs (x86-64-v2) lack"
                + " fma, movbe, xsave, avx, f16c, bmi1, avx2, bmi2, abm; not loaded",
                e.candidate("x86_64.claims-v2").orElseThrow().reasons().get(0));
        assertEquals("could not be made: linux-x86_64/tampered/liblevel.so: its SHA-256 is "
                + sha(other) + ", the manifest says " + sha(good) + "; not loaded (a damaged jar, or a file replaced on"
                + " the class path)", e.candidate("x86_64.tampered").orElseThrow().reasons().get(0));
        assertEquals("could not be made: linux-x86_64/missing/liblevel.so is not on the class path beside"
                + " res/level.variants", e.candidate("x86_64.missing").orElseThrow().reasons().get(0));
        String notElf = e.candidate("x86_64.not-elf").orElseThrow().reasons().get(0);
        assertTrue(notElf.startsWith("could not be made: its ELF headers do not hold together: "), notElf);
        String contradicting = sha(v3);
        assertFalse(mapped().stream().anyMatch(f -> f.contains(contradicting)), "the contradicting file is never mapped");
    }

    @Test
    void aLibraryThatFailsToLoadIsPassedOver() throws Exception {
        x86LinuxWithGcc();
        // a valid ELF shared object that needs a library that does not exist: dlopen fails
        Path c = Files.writeString(dir.resolve("needs.c"), "int dep(void);\nint level(void) { return 9 + dep(); }\n");
        Files.writeString(dir.resolve("libmissingdep.c"), "int dep(void) { return 0; }\n");
        Path dep = dir.resolve("libmissingdep.so");
        run("gcc", "-shared", "-fPIC", "-o", dep.toString(), dir.resolve("libmissingdep.c").toString());
        Path so = Files.createDirectories(dir.resolve("res/linux-x86_64/broken")).resolve("liblevel.so");
        run("gcc", "-shared", "-fPIC", "-o", so.toString(), c.toString(), "-L" + dir, "-lmissingdep");
        Files.delete(dep);
        Path good = build("baseline", 1, "-march=x86-64");
        NativeVariants variants = manifest("linux-x86_64/broken/liblevel.so " + sha(so) + " -",
                "linux-x86_64/baseline/liblevel.so " + sha(good) + " -");
        Selection<IntSupplier> s = point(variants).selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        assertEquals("x86_64.baseline", s.name());
        String why = s.explain().candidate("x86_64.broken").orElseThrow().reasons().get(0);
        assertTrue(why.startsWith("could not be made: failed to load " + cache), why);
        assertTrue(why.contains("libmissingdep.so"), why);
    }

    private static void run(String... cmd) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void nativeCodeIsNeverForcedOntoACpuThatLacksItsNeeds() throws Exception {
        x86LinuxWithGcc();
        NativeVariants variants = fourLevels();
        Properties p = new Properties();
        p.setProperty("cpufeatures.dispatch.test.native", "x86_64.x86-64-v4");
        p.setProperty("cpufeatures.dispatch.unsafe", "true");
        DispatchOverrides forced = DispatchOverrides.from(p, Map.of());
        CpuFeatures without512 = CpuFeatures.current().without(List.of("avx512f"));
        DispatchException e = assertThrows(DispatchException.class,
                () -> point(variants).selectForTest(without512, forced));
        assertTrue(e.getMessage().contains("candidate x86_64.x86-64-v4 cannot run here (avx512f: "), e.getMessage());
        assertTrue(e.getMessage().contains("never loaded where its requirements fail"), e.getMessage());
        assertEquals(List.of(), mapped());
        // where it can run, forcing it works as for Java code
        p.setProperty("cpufeatures.dispatch.test.native", "x86_64.baseline");
        p.remove("cpufeatures.dispatch.unsafe");
        assertEquals(1, point(variants).selectForTest(without512, DispatchOverrides.from(p, Map.of())).instance().getAsInt());
    }

    @Test
    void aVariantForAnotherArchitectureIsPassedOverWithThatReason() throws Exception {
        NativeVariants variants = manifest("linux-aarch64/sve/libxor.so " + "ab".repeat(32) + " sve",
                "linux-aarch64/baseline/libxor.so " + "cd".repeat(32) + " -");
        assumeTrue(System.getProperty("os.name").equals("Linux"), "Linux variants are candidates on Linux");
        DispatchPoint<IntSupplier> point = point(variants);
        CpuFeatures here = CpuFeatures.current();
        Choice c = point.choiceFor(here);
        assertEquals("java", c.name());
        assertEquals(List.of("a native library for linux-aarch64; this CPU is " + here.architecture()),
                c.explain().candidate("aarch64.baseline").orElseThrow().reasons());
    }

    @Test
    void aNativeVariantAndJavaCodeCompeteInOneCalibration() throws Exception {
        x86LinuxWithGcc();
        Path v1 = build("baseline", 1, "-march=x86-64");
        NativeVariants variants = manifest("linux-x86_64/baseline/liblevel.so " + sha(v1) + " -");
        final class JavaSpin implements IntSupplier, Calibratable {
            private final byte[] d = new byte[4096];
            private final byte[] s = new byte[4096];

            @Override
            public int getAsInt() {
                return 0;
            }

            @Override
            public void calibrationRound() {
                for (int i = 0; i < d.length; i++) {
                    d[i] ^= s[i];
                }
            }

            @Override
            public long calibrationBytes() {
                return d.length;
            }
        }
        final class NativeSpin implements IntSupplier, Calibratable {
            private final Function spin;
            private final Function level;
            private final com.sun.jna.Memory d = new com.sun.jna.Memory(4096);
            private final com.sun.jna.Memory s = new com.sun.jna.Memory(4096);

            NativeSpin(NativeVariant variant, Path library) {
                NativeLibrary lib = NativeLibrary.getInstance(library.toString());
                spin = lib.getFunction("spin");
                level = lib.getFunction("level");
            }

            @Override
            public int getAsInt() {
                return level.invokeInt(new Object[0]);
            }

            @Override
            public void calibrationRound() {
                spin.invoke(new Object[] {d, s, 4096});
            }

            @Override
            public long calibrationBytes() {
                return 4096;
            }
        }
        DispatchPoint.Builder<IntSupplier> b = DispatchPoint.builder("test.native", IntSupplier.class)
                .candidate(Candidate.of("java", "Java code", 0, Requirements.NONE, JavaSpin::new)).calibrate(true);
        variants.<IntSupplier>candidates("native.", 10, NativeSpin::new).forEach(b::candidate);
        Selection<IntSupplier> s = b.build().selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        Explanation e = s.explain();
        assertTrue(e.candidate("java").orElseThrow().speed().isPresent(), e.format());
        assertTrue(e.candidate("native.x86_64.baseline").orElseThrow().speed().isPresent(), e.format());
        String loser = s.name().equals("java") ? "native.x86_64.baseline" : "java";
        assertTrue(e.candidate(loser).orElseThrow().reasons().stream().anyMatch(r -> r.contains("in calibration")),
                e.format());
    }

    @Test
    void aManifestThatIsNotOneIsRefusedNamingTheLine() throws Exception {
        String h = "ab".repeat(32);
        Map<List<String>, String> cases = new LinkedHashMap<>();
        cases.put(List.of("linux-x86_64/v3/libx.so " + h), "res/level.variants:2: 'linux-x86_64/v3/libx.so " + h
                + "' has 2 fields; a variant is PLATFORM/VARIANT/FILE SHA-256 NEEDS");
        cases.put(List.of("linux-x86_64/libx.so " + h + " -"),
                "res/level.variants:2: 'linux-x86_64/libx.so' is not PLATFORM/VARIANT/FILE");
        cases.put(List.of("", "linux-sparc/v3/libx.so " + h + " -"), "res/level.variants:3: unknown platform 'linux-sparc';"
                + " a platform is OS-ARCH with OS linux, macos, windows or freebsd and ARCH x86_64, aarch64 or ppc64le");
        cases.put(List.of("linux-x86_64/V3/libx.so " + h + " -"), "res/level.variants:2: variant name 'V3' must be"
                + " lower-case letters and digits, separated by '.', '_' or '-'");
        cases.put(List.of("linux-x86_64/v3/.. " + h + " -"), "res/level.variants:2: '..' is not a plain file name");
        cases.put(List.of("linux-x86_64/v3/libx.so abc -"),
                "res/level.variants:2: 'abc' is not a SHA-256 (64 hexadecimal digits)");
        cases.put(List.of("linux-x86_64/v3/libx.so " + h + " -", "# again", "linux-x86_64/v3/libx.so " + h + " -"),
                "res/level.variants:4: variant linux-x86_64/v3 is listed twice");
        cases.put(List.of("linux-aarch64/sve/libx.so " + h + " elf-note"), "res/level.variants:2: elf-note is read only"
                + " from x86-64 ELF files (linux-x86_64, freebsd-x86_64); give linux-aarch64's needs as names");
        for (Map.Entry<List<String>, String> c : cases.entrySet()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> manifest(c.getKey().toArray(String[]::new)));
            assertEquals("native variants manifest " + c.getValue(), e.getMessage());
        }
        UnknownFeatureException u = assertThrows(UnknownFeatureException.class,
                () -> manifest("linux-x86_64/v3/libx.so " + h + " avx2,avx513"));
        assertTrue(u.getMessage().contains("res/level.variants:2"), u.getMessage());
        assertTrue(u.getMessage().contains("avx513"), u.getMessage());
        Files.writeString(dir.resolve("res/level.variants"), "linux-x86_64/v3/libx.so " + h + " -\n");
        assertEquals("native variants manifest res/level.variants:1: the first line must be '# cpufeatures native variants 1'",
                assertThrows(IllegalArgumentException.class, () -> NativeVariants.read("res/level.variants", this::open))
                        .getMessage());
        Files.writeString(dir.resolve("res/level.variants"), NativeVariants.HEADER + "\n" + "#".repeat(70_000));
        assertEquals("native variants manifest res/level.variants is larger than 64 KiB; a manifest lists at most 256"
                + " variants", assertThrows(IllegalArgumentException.class,
                        () -> NativeVariants.read("res/level.variants", this::open)).getMessage());
        assertEquals("native variants manifest res/none.variants is not on the class path",
                assertThrows(IllegalArgumentException.class, () -> NativeVariants.read("res/none.variants", this::open))
                        .getMessage());
    }

    @Test
    void aNoteVariantWithoutANoteIsNeverLoadedAndSaysHowToMendIt() throws Exception {
        x86LinuxWithGcc();
        Path plain = build("x86-64-v3", 3, "-march=x86-64-v3");
        Path v1 = build("baseline", 1, "-march=x86-64");
        NativeVariants variants = manifest("linux-x86_64/x86-64-v3/liblevel.so " + sha(plain) + " elf-note",
                "linux-x86_64/baseline/liblevel.so " + sha(v1) + " -");
        Choice c = point(variants).choiceFor(CpuFeatures.current());
        assertEquals("x86_64.baseline", c.name());
        assertEquals(List.of("its needs are to be read from its ELF note, and linux-x86_64/x86-64-v3/liblevel.so has none"
                + " (build it with -mneeded, or give its needs in the manifest)"),
                c.explain().candidate("x86_64.x86-64-v3").orElseThrow().reasons());
    }

    @Test
    void aBadCacheDirectoryPassesEveryVariantOverNamingTheProperty() throws Exception {
        x86LinuxWithGcc();
        Path v1 = build("baseline", 1, "-march=x86-64");
        NativeVariants variants = manifest("linux-x86_64/baseline/liblevel.so " + sha(v1) + " -");
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, "relative/dir");
        ch.qos.logback.classic.Logger logger = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                Instantiation.class);
        ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> events =
                new ch.qos.logback.core.read.ListAppender<>();
        events.start();
        logger.addAppender(events);
        Selection<IntSupplier> s;
        try {
            s = point(variants).selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        } finally {
            logger.detachAppender(events);
        }
        assertEquals(List.of("test.native: native variants are passed over: cpufeatures.native.cache="
                + "'relative/dir' is not an absolute path; give the directory native libraries are unpacked to, e.g."
                + " -Dcpufeatures.native.cache=/var/cache/myapp (said once per process)"), events.list.stream()
                        .filter(e -> e.getLevel() == ch.qos.logback.classic.Level.WARN)
                        .map(ch.qos.logback.classic.spi.ILoggingEvent::getFormattedMessage).toList(),
                "one WARN line, with the fix");
        assertEquals("java", s.name());
        assertEquals("could not be made: cpufeatures.native.cache='relative/dir' is not an absolute path; give the"
                + " directory native libraries are unpacked to, e.g. -Dcpufeatures.native.cache=/var/cache/myapp",
                s.explain().candidate("x86_64.baseline").orElseThrow().reasons().get(0));
    }
}
