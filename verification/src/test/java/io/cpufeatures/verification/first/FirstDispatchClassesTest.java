package io.cpufeatures.verification.first;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.HostTools;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The first call through a dispatch point in a fresh JVM (the skeleton example's shape: {@link FirstDispatchMain}, a
 * point whose better candidate needs {@code popcnt} and {@code jvm.popcnt}) against the first {@code has("avx2")}
 * ({@link FirstAnswerMain}) and a JVM that prints a constant ({@link ConstantMain}), counted with
 * {@code -Xlog:class+load} and {@code -Xlog:os+thread}, on this JDK and JDK 25. The call may cost at most
 * {@value #MAX_MORE_LIBRARY_CLASSES} of the library's classes more than the first answer, no lambda of the library, no
 * class of {@code java.util.regex}, {@code java.util.stream}, the management modules or JNA, at most one thread
 * started, and one read of the running machine ({@code KitModule.probes()}). The counts are appended to
 * {@code target/first-dispatch-classes.txt}.
 */
class FirstDispatchClassesTest {

    /**
     * The library's classes the first dispatched call loads beyond the first answer's. Measured on JDK 17 and 25
     * (x86-64, this tree): 66, the dispatch layer's own classes (point, builder, candidate, declarations,
     * requirements, overrides, ledger, selection) and the JVM view's model of HotSpot's flags for {@code jvm.popcnt}.
     */
    static final int MAX_MORE_LIBRARY_CLASSES = 70;

    private static final List<String> FORBIDDEN = List.of("java.util.stream.", "java.util.regex.",
            "java.lang.management.", "sun.management.", "com.sun.management.", "javax.management.", "com.sun.jna.");

    private static final Path REPORT = Paths.get("target", "first-dispatch-classes.txt");

    @TempDir
    Path dir;

    /** The library's modules, SLF4J's API and these test classes; no logging provider, no JNA. */
    private static String classPath() {
        List<String> kept = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            String name = entry.replace('\\', '/');
            if (name.matches(".*/(cpufeatures-(core|os|x86|aarch64|ppc64le|dispatch)[^/]*(\\.jar|/target/classes))$")
                    || name.matches(".*/slf4j-api-[^/]*\\.jar$") || name.endsWith("verification/target/test-classes")) {
                kept.add(entry);
            }
        }
        return String.join(File.pathSeparator, kept);
    }

    /** What one JVM loaded and started. */
    private record Run(List<String> classes, int threads) {
    }

    private Run run(String java, String main, String... args) throws Exception {
        String tag = main.substring(main.lastIndexOf('.') + 1) + "-" + System.nanoTime();
        Path classes = dir.resolve(tag + "-classes.log");
        Path threads = dir.resolve(tag + "-threads.log");
        List<String> cmd = new ArrayList<>(List.of(java, "-Xshare:auto", "-XX:+UseSerialGC",
                "-Xlog:class+load:file=" + classes, "-Xlog:os+thread:file=" + threads, "-cp", classPath(), main));
        cmd.addAll(List.of(args));
        Path out = dir.resolve(tag + ".out");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main + " did not finish in 120 s");
        }
        assertEquals(0, p.exitValue(), main + ": " + Files.readString(out, StandardCharsets.UTF_8));
        List<String> names = new ArrayList<>();
        for (String line : Files.readAllLines(classes, StandardCharsets.UTF_8)) {
            int at = line.indexOf("[class,load] ");
            int end = line.indexOf(" source: ");
            if (at >= 0 && end > at) {
                String name = line.substring(at + "[class,load] ".length(), end);
                int hidden = name.indexOf("/0x");
                names.add(hidden < 0 ? name : name.substring(0, hidden));
            }
        }
        int started = 0;
        for (String line : Files.readAllLines(threads, StandardCharsets.UTF_8)) {
            if (line.contains("Thread is alive")) {
                started++;
            }
        }
        return new Run(names, started);
    }

    private static List<String> library(List<String> classes) {
        List<String> out = new ArrayList<>();
        for (String c : classes) {
            if (c.startsWith("io.cpufeatures.") && !c.startsWith(FirstDispatchMain.class.getPackageName() + ".")) {
                out.add(c);
            }
        }
        return out;
    }

    private void check(String what, String java) throws Exception {
        Run constant = run(java, ConstantMain.class.getName());
        Run has = run(java, FirstAnswerMain.class.getName(), "avx2");
        Path result = dir.resolve("result-" + System.nanoTime() + ".txt");
        Run call = run(java, FirstDispatchMain.class.getName(), result.toString());
        List<String> lines = Files.readAllLines(result, StandardCharsets.UTF_8);
        assertEquals("66", lines.get(0), "the call's answer");

        Set<String> answer = new LinkedHashSet<>(library(has.classes()));
        List<String> more = new ArrayList<>();
        Set<String> problems = new TreeSet<>();
        Set<String> baseline = new LinkedHashSet<>(constant.classes());
        for (String c : library(call.classes())) {
            if (c.contains("$$Lambda")) {
                problems.add("a lambda of the library: " + c);
            }
            if (!answer.contains(c)) {
                more.add(c);
            }
        }
        for (String c : call.classes()) {
            for (String f : FORBIDDEN) {
                if (c.startsWith(f) && !baseline.contains(c)) {
                    problems.add("a class of " + f + "*: " + c);
                }
            }
        }
        int threads = call.threads() - constant.threads();
        String line = what + ": the first dispatched call loads " + call.classes().size() + " classes ("
                + library(call.classes()).size() + " of the library's), the first has(\"avx2\") "
                + has.classes().size() + " (" + answer.size() + "), a JVM printing a constant " + constant.classes().size()
                + "; " + more.size() + " of the library's more than the first answer; " + threads + " thread(s) started; "
                + lines.get(2) + " probe(s)";
        Files.createDirectories(REPORT.getParent());
        Files.writeString(REPORT, line + "\n    more: " + String.join(" ", more) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        assertEquals(Set.of(), problems, line);
        assertTrue(more.size() <= MAX_MORE_LIBRARY_CLASSES, line + ": " + more);
        assertTrue(threads <= 1, line);
        assertEquals("1", lines.get(2), "the running machine is read once: " + line);
    }

    @Test
    void theFirstDispatchedCallCostsTheFirstAnswerAndItsPointOnly() throws Exception {
        String arch = System.getProperty("os.arch");
        HostTools.require(arch.equals("amd64"), "an x86-64 JVM (this is " + arch + ")", "an x86-64 host");
        check("x86-64, JDK " + Runtime.version().feature(),
                Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        Optional<Path> jdk25 = HostTools.jdk25("the first dispatched call's classes on JDK 25");
        if (jdk25.isPresent()) {
            check("x86-64, JDK 25", jdk25.get().toString());
        }
    }
}
