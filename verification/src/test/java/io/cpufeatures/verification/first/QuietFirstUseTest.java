package io.cpufeatures.verification.first;

import io.cpufeatures.buildsupport.HostTools;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A consumer with slf4j-api and no logging provider sees nothing of a healthy first answer: in fresh JVMs of this JDK
 * and of Temurin 25 where it is installed, the first {@code has()} and the first call through a dispatch point print
 * nothing on stdout or stderr and load no class of SLF4J's, so SLF4J never prints its three-line "no providers"
 * notice; and where the HotSpot flags are derived (x86-64 on JDK 17 and 25, arm64 on JDK 17, default options) the
 * first dispatched call loads no class of {@code java.management}, {@code jdk.management} or JMX. With a provider, the
 * dispatch point's choice is still logged at INFO, as docs/dispatch.md says.
 *
 * <p>Each child runs three ways where its JDK knows them: with {@code --enable-native-access=ALL-UNNAMED}, with default
 * options, and (JDK 24 and later) under {@code --illegal-native-access=deny}. None prints a line. On JDK 24 and later
 * without the grant, no native library of the project's or of JNA's is loaded ({@code -Xlog:library}): the x86 answer is
 * the kernel's word, and the HotSpot flags are still derived from it.
 */
class QuietFirstUseTest {

    private static final List<String> MANAGEMENT = List.of("java.lang.management.", "sun.management.",
            "com.sun.management.", "javax.management.", "jdk.management.");

    @TempDir
    Path dir;

    /** The class path of the children: the library's modules, JNA, slf4j-api and these test classes; no provider. */
    private static String classPath() {
        List<String> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = entry.replace('\\', '/');
            if (name.matches(".*/(cpufeatures-(core|os|x86|aarch64|ppc64le|dispatch)[^/]*(\\.jar|/target/classes))$")
                    || name.matches(".*/jna-[0-9][^/]*\\.jar$") || name.matches(".*/slf4j-api-[^/]*\\.jar$")
                    || name.endsWith("verification/target/test-classes")) {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    private static Set<Path> javas() throws IOException {
        Set<Path> javas = new LinkedHashSet<>();
        javas.add(Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath());
        java.util.Optional<Path> jdk25 = HostTools.jdk25("a quiet first use on JDK 25");
        if (jdk25.isPresent()) {
            javas.add(jdk25.get().toRealPath());
        }
        return javas;
    }

    /** A child's output and the classes it loaded. */
    private record Run(String stdout, String stderr, List<String> classes, List<String> libraries, int exit) {
    }

    private Run run(Path java, List<String> options, String main, String... args) throws Exception {
        Path log = Files.createTempFile(dir, "classes", ".log");
        Path libraries = Files.createTempFile(dir, "libraries", ".log");
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xshare:auto", "-Xlog:class+load:file=" + log,
                "-Xlog:library:file=" + libraries));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", classPath(), main));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
        pb.environment().remove("JAVA_TOOL_OPTIONS");
        pb.environment().remove("JDK_JAVA_OPTIONS");
        pb.environment().remove("_JAVA_OPTIONS");
        Process p = pb.start();
        if (!p.waitFor(240, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(cmd + " did not finish in 240 s");
        }
        List<String> classes = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            int at = line.indexOf("[class,load] ");
            int end = line.indexOf(" source: ");
            if (at >= 0 && end > at) {
                classes.add(line.substring(at + "[class,load] ".length(), end));
            }
        }
        List<String> ours = new ArrayList<>();
        for (String line : Files.readAllLines(libraries, StandardCharsets.UTF_8)) {
            if (line.contains("Loaded library") && (line.contains("cpufeatures") || line.contains("jnidispatch"))) {
                ours.add(line);
            }
        }
        return new Run(Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8),
                classes, ours, p.exitValue());
    }

    /** The native-access settings a child of {@code java} runs under: granted, default, and denied from JDK 24. */
    private static List<List<String>> accesses(Path java) throws Exception {
        List<List<String>> ways = new ArrayList<>();
        ways.add(List.of("--enable-native-access=ALL-UNNAMED"));
        ways.add(List.of());
        if (release(java) >= 24) {
            ways.add(List.of("--illegal-native-access=deny"));
        }
        return ways;
    }

    /** On JDK 24 and later without the grant: no library of ours or of JNA's loaded. */
    private static void noLibraryWithoutTheGrant(Path java, List<String> access, Run r) throws Exception {
        if (release(java) >= 24 && !access.contains("--enable-native-access=ALL-UNNAMED")) {
            assertEquals(List.of(), r.libraries(), java + " " + access + " loaded native code without the grant");
        }
    }

    private static List<String> loadedOf(Run r, List<String> prefixes) {
        List<String> found = new ArrayList<>();
        for (String c : r.classes()) {
            for (String p : prefixes) {
                if (c.startsWith(p)) {
                    found.add(c);
                }
            }
        }
        return found;
    }

    private static String feature() {
        return System.getProperty("os.arch").equals("aarch64") ? "asimd" : "avx2";
    }

    @Test
    void theFirstHasPrintsNothingAndLoadsNothingOfSlf4j() throws Exception {
        for (Path java : javas()) {
            for (List<String> access : accesses(java)) {
                Run r = run(java, access, QuietHasMain.class.getName(), feature());
                assertEquals(0, r.exit(), java + " " + access + ": " + r.stderr());
                assertEquals("", r.stdout() + r.stderr(), java + " " + access + " printed");
                assertEquals(List.of(), loadedOf(r, List.of("org.slf4j.")), java + " " + access + " loaded SLF4J");
                noLibraryWithoutTheGrant(java, access, r);
            }
        }
    }

    @Test
    void theFirstDispatchedCallPrintsNothingLoadsNothingOfSlf4jAndNoJmxWhereTheFlagsAreDerived() throws Exception {
        String arch = System.getProperty("os.arch");
        for (Path java : javas()) {
            int release = release(java);
            boolean modelled = arch.equals("amd64") && (release == 17 || release == 25)
                    || arch.equals("aarch64") && release == 17;
            for (List<String> access : accesses(java)) {
                Path result = dir.resolve("result-" + java.hashCode() + "-" + access.hashCode());
                Run r = run(java, access, FirstDispatchMain.class.getName(), result.toString());
                String which = java + " " + access;
                assertEquals(0, r.exit(), which + ": " + r.stderr());
                assertEquals("", r.stdout() + r.stderr(), which + " printed");
                assertEquals(List.of(), loadedOf(r, List.of("org.slf4j.")), which + " loaded SLF4J");
                noLibraryWithoutTheGrant(java, access, r);
                List<String> lines = Files.readAllLines(result, StandardCharsets.UTF_8);
                assertEquals("66", lines.get(0));
                String source = lines.get(1);
                if (modelled) {
                    assertTrue(source.startsWith("derived"), which + ": the flags should be derived here: " + source);
                }
                if (source.startsWith("derived")) {
                    assertEquals(List.of(), loadedOf(r, MANAGEMENT), which + " derived the flags and still loaded JMX");
                }
            }
            if (!modelled) {
                Assumptions.abort(java + ": the flags are not derived on this JDK");
            }
        }
    }

    @Test
    void withAProviderTheChoiceIsStillLoggedAtInfo() throws Exception {
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java").toRealPath();
        Run r = run(java, List.of("--enable-native-access=ALL-UNNAMED",
                "-Dslf4j.provider=" + PrintingLoggerProvider.class.getName()),
                FirstDispatchMain.class.getName(), dir.resolve("with-provider").toString());
        assertEquals(0, r.exit(), r.stderr());
        assertTrue(r.stderr().contains("INFO io.cpufeatures.dispatch.Instantiation: first.bitcount: using"), r.stderr());
        assertTrue(r.stderr().contains("DEBUG io.cpufeatures.core.CpuFeatures: cpufeatures: "), r.stderr());
    }

    /** The feature release of the JDK at {@code java} ({@code java -version}'s first line). */
    private static int release(Path java) throws Exception {
        Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true)
                .start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(60, TimeUnit.SECONDS);
        for (String line : out.split("\n")) {
            String t = line.trim();
            if (t.startsWith("java.specification.version = ")) {
                return Integer.parseInt(t.substring("java.specification.version = ".length()).trim());
            }
        }
        throw new AssertionError("no java.specification.version in " + out);
    }
}
