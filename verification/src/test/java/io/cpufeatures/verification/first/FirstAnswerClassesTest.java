package io.cpufeatures.verification.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classes the first answer loads, counted exactly with {@code -Xlog:class+load} in fresh JVMs: x86-64 here
 * ({@code has("avx2")}), arm64 under qemu-aarch64 neoverse-n1 ({@code has("asimd")}) and ppc64le under qemu-ppc64le
 * power9 ({@code has("vsx")}), each beside a JVM with the same class path that prints a constant.
 *
 * <p>Each run fails on more than {@value #MAX_LIBRARY_CLASSES} of the library's classes, any class of another
 * architecture's module, any hidden class spun for a lambda of the library, and any class of
 * {@code java.util.stream}, {@code java.util.regex}, {@code java.util.logging}, {@code java.security} (and
 * {@code sun.security}), the management modules or {@code jdk.jfr} (no recording runs) that the constant-printing JVM
 * does not load. No run may load a class of JNA: on x86 CPUID and XGETBV run in the project's probe library, bound
 * with JNI (JNA's stub page is only the fallback where that library is refused); arm64 and ppc64le read the kernel's
 * words without native code.
 * The counts are written to {@code target/first-answer-classes.txt} (and quoted in docs/probing.md).
 */
class FirstAnswerClassesTest {

    /**
     * The one path decodes the whole snapshot: 119 of the library's classes on x86 here (the probe library's
     * placement is about a dozen of them), 89 on arm64 and 80 on ppc64le under qemu, where the deleted first-answer
     * twin loaded 34 to 39.
     */
    static final int MAX_LIBRARY_CLASSES = 124;

    /**
     * On x86 the JDK classes the first answer reads from the runtime image, not the default CDS archive, each a
     * cost a class of the archive does not have: 26 on JDK 17.0.21 and 29 on JDK 25.0.3 here, since the native
     * cache checks a cached probe library with one {@code lstat} per path and a read through {@code java.io}; before
     * issue 48 its channels, permission sets, {@code jar:} URL and per-process load directories made about 60 more on
     * JDK 17 and 26 more on JDK 25. Of those left, 6 and 5 are the cache's (the {@code unix:} attribute view, the
     * jar's file key); the rest are the settings' environment and the decoder's.
     */
    static final int MAX_JDK_CLASSES_OUTSIDE_CDS_X86 = 40;

    private static final List<String> FORBIDDEN = List.of("java.util.stream.", "java.util.regex.", "java.util.logging.",
            "java.security.", "sun.security.", "java.lang.management.", "sun.management.", "com.sun.management.",
            "javax.management.", "jdk.jfr.");

    /**
     * The access-control classes a privileged block of the JDK loads (JDK 25's {@code System.load} and
     * {@code File.deleteOnExit} still run one): no cryptography, providers or policy, which is what
     * {@code java.security} stands for above.
     */
    private static final Set<String> ACCESS_CONTROL = Set.of("java.security.AccessController",
            "java.security.AccessControlContext", "java.security.PrivilegedAction");

    private static final Path REPORT = Paths.get("target", "first-answer-classes.txt");

    @TempDir
    Path dir;

    /** The class path of the child JVMs: the library's modules, JNA, SLF4J's API and these test classes; no provider. */
    private static String classPath() {
        List<String> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = entry.replace('\\', '/');
            if (name.matches(".*/(cpufeatures-(core|os|x86|aarch64|ppc64le)[^/]*(\\.jar|/target/classes))$")
                    || name.matches(".*/jna-[0-9][^/]*\\.jar$") || name.matches(".*/slf4j-api-[^/]*\\.jar$")
                    || name.endsWith("verification/target/test-classes")) {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    /** The classes a JVM loaded, in order, from its {@code -Xlog:class+load} file. */
    private static List<String> loaded(Path log) throws IOException {
        return loaded(log, false);
    }

    /** The classes a JVM loaded, in order; {@code fromImage}: only those read from the runtime image, not CDS. */
    private static List<String> loaded(Path log, boolean fromImage) throws IOException {
        List<String> names = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            int at = line.indexOf("[class,load] ");
            int end = line.indexOf(" source: ");
            if (at >= 0 && end > at && (!fromImage || line.startsWith("jrt:/", end + " source: ".length()))) {
                String name = line.substring(at + "[class,load] ".length(), end);
                int hidden = name.indexOf("/0x");
                // a hidden class's name ends in its address, which differs from run to run
                names.add(hidden < 0 ? name : name.substring(0, hidden));
            }
        }
        return names;
    }

    /** The classes of the JDK's image, not its CDS archive, the last {@link #run} loaded. */
    private Set<String> lastFromImage = Set.of();

    private List<String> run(List<String> launcher, String main, String... args) throws Exception {
        Path log = dir.resolve(main.substring(main.lastIndexOf('.') + 1) + "-" + System.nanoTime() + ".log");
        List<String> cmd = new ArrayList<>(launcher);
        cmd.addAll(List.of("-Xshare:auto", "-XX:+UseSerialGC", "-Xlog:class+load:file=" + log, "-cp", classPath(), main));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile()).start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main + " did not finish in 240 s under " + launcher);
        }
        String out = Files.readString(dir.resolve("out.txt"), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), main + ": " + out);
        if (main.equals(FirstAnswerMain.class.getName())) {
            // stdout and stderr together: the answer, and not one line more (no warning of the JVM's or ours)
            assertTrue(out.equals("true\n") || out.equals("false\n"), launcher + ": the first has() printed " + out);
        }
        lastFromImage = new LinkedHashSet<>(loaded(log, true));
        return loaded(log);
    }

    /** What one architecture's first answer loaded, checked and reported. */
    private String check(String what, List<String> launcher, String feature, boolean viaStubPage) throws Exception {
        Set<String> baseline = new LinkedHashSet<>(run(launcher, ConstantMain.class.getName()));
        List<String> first = run(launcher, FirstAnswerMain.class.getName(), feature);
        Set<String> firstFromImage = lastFromImage;
        Set<String> stubPage = viaStubPage ? new LinkedHashSet<>(run(launcher, StubPageMain.class.getName())) : Set.of();
        String own = FirstAnswerMain.class.getPackageName() + ".";
        List<String> library = new ArrayList<>();
        List<String> jna = new ArrayList<>();
        List<String> jdk = new ArrayList<>();
        List<String> jdkOfStubPage = new ArrayList<>();
        List<String> outsideCds = new ArrayList<>();
        Set<String> problems = new TreeSet<>();
        for (String c : first) {
            if (c.startsWith(own)) {
                continue;
            }
            if (c.startsWith("io.cpufeatures.")) {
                library.add(c);
                if (c.contains("$$Lambda")) {
                    problems.add("a lambda of the library: " + c);
                }
                String module = c.substring("io.cpufeatures.".length(), c.indexOf('.', "io.cpufeatures.".length()));
                if (!module.equals("core") && !module.equals("os") && !module.equals(archModule(feature))) {
                    problems.add("a class of another architecture's module: " + c);
                }
            } else if (c.startsWith("com.sun.jna.")) {
                jna.add(c);
            } else if (!baseline.contains(c)) {
                if (stubPage.contains(c)) {
                    jdkOfStubPage.add(c);
                } else {
                    jdk.add(c);
                    if (firstFromImage.contains(c)) {
                        outsideCds.add(c);
                    }
                    for (String f : FORBIDDEN) {
                        if (c.startsWith(f) && !ACCESS_CONTROL.contains(c)) {
                            problems.add("a class of " + f + "*: " + c);
                        }
                    }
                }
            }
        }
        if (!viaStubPage && !jna.isEmpty()) {
            problems.add("JNA on a first answer: " + jna.get(0));
        }
        String line = what + ": has(\"" + feature + "\") loads " + first.size() + " classes (a JVM printing a constant: "
                + baseline.size() + "): " + library.size() + " of the library's, " + jdk.size() + " more of the JDK's ("
                + outsideCds.size() + " of them not from the CDS archive)"
                + (viaStubPage ? "; JNA and the stub page apart: " + jna.size() + " of JNA's and " + jdkOfStubPage.size()
                        + " of the JDK's" : "; no JNA");
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, line + "\n    library: " + String.join(" ", library) + "\n",
                StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        assertEquals(Set.of(), problems, line);
        assertTrue(library.size() <= MAX_LIBRARY_CLASSES, line + "; the library's: " + library);
        if (feature.equals("avx2")) {
            assertTrue(outsideCds.size() <= MAX_JDK_CLASSES_OUTSIDE_CDS_X86, line + "; not from the CDS archive: "
                    + outsideCds);
        }
        assertTrue(library.size() >= 3, line + ": the count saw no first answer");
        return line;
    }

    private static String archModule(String feature) {
        return switch (feature) {
            case "avx2" -> "x86";
            case "asimd" -> "aarch64";
            default -> "ppc64le";
        };
    }

    @Test
    void onX86TheFirstHasLoadsFewClassesOfTheLibraryAndNoneItMustNot() throws Exception {
        String arch = System.getProperty("os.arch");
        HostTools.require(arch.equals("amd64"), "an x86-64 JVM (this is " + arch + ")", "an x86-64 host");
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        check("x86-64, JDK " + Runtime.version().feature(), List.of(java), "avx2", false);
        java.util.Optional<Path> temurin = HostTools.jdk25("the first answer's classes on JDK 25");
        if (temurin.isPresent()) {
            check("x86-64, JDK 25", List.of(temurin.get().toString()), "avx2", false);
        }
    }

    @Test
    void onArm64UnderQemuTheFirstHasNeedsNoNativeCode() throws Exception {
        Path qemu = HostTools.command("qemu-aarch64", "qemu-user");
        Path java = HostTools.foreignJava("arm64");
        check("arm64 (qemu neoverse-n1), JDK 17", List.of(qemu.toString(), "-cpu", "neoverse-n1", java.toString()),
                "asimd", false);
    }

    @Test
    void onPpc64leUnderQemuTheFirstHasNeedsNoNativeCode() throws Exception {
        Path qemu = HostTools.command("qemu-ppc64le", "qemu-user");
        Path java = HostTools.foreignJava("ppc64el");
        check("ppc64le (qemu power9), JDK 17", List.of(qemu.toString(), "-cpu", "power9", java.toString()), "vsx",
                false);
    }
}
