package io.cpufeatures.verification.first;

import io.cpufeatures.buildsupport.HostTools;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The flight-recorder events cost nothing where nothing records: in a fresh JVM without a recording, the first
 * answer ({@code has}) and the first dispatched call load no class of {@code jdk.jfr}, and no class of the library's
 * that refers to it, counted with {@code -Xlog:class+load} on JDK 17 and, where installed, 25. Beside them, the same
 * JVM asked to register the events ({@code -Dcpufeatures.jfr=true}) does load them, so the count sees them when they
 * are there. And the code keeps it so: only the {@code jfr} packages refer to {@code jdk.jfr}, which the two modules
 * require {@code static}.
 */
class NoRecordingNoJfrClassTest {

    private static final List<String> MODULES = List.of("cpufeatures-core", "cpufeatures-os", "cpufeatures-x86",
            "cpufeatures-aarch64", "cpufeatures-ppc64le", "cpufeatures-dispatch");

    @TempDir
    Path dir;

    /** The class path of the child JVMs: the library's modules, JNA, SLF4J's API and these test classes. */
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

    /** The classes a JVM running {@code main} loaded, from its {@code -Xlog:class+load} file; its output checked. */
    private List<String> loaded(Path java, List<String> options, String main, String... args) throws Exception {
        Path log = dir.resolve("classes-" + System.nanoTime() + ".log");
        List<String> cmd = new ArrayList<>(List.of(java.toString(), "-Xshare:auto", "-Xlog:class+load:file=" + log));
        cmd.addAll(options);
        cmd.addAll(List.of("-cp", classPath(), main));
        cmd.addAll(List.of(args));
        Path out = dir.resolve("out.txt");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError(main + " did not finish in 120 s");
        }
        String printed = Files.readString(out, StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), printed);
        if (main.equals(FirstChoiceMain.class.getName())) {
            assertTrue(printed.contains("\n64\n"), "the dispatched call answered: " + printed);
        }
        List<String> names = new ArrayList<>();
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            int at = line.indexOf("[class,load] ");
            int end = line.indexOf(" source: ");
            if (at >= 0 && end > at) {
                names.add(line.substring(at + "[class,load] ".length(), end));
            }
        }
        assertTrue(names.size() > 100, "the log was read: " + names.size() + " classes");
        return names;
    }

    /** The library's classes whose class file refers to {@code jdk.jfr}, by name. */
    private static Set<String> referringToJfr() throws IOException {
        Set<String> found = new TreeSet<>();
        for (Map.Entry<String, byte[]> c : libraryClasses().entrySet()) {
            if (new String(c.getValue(), StandardCharsets.ISO_8859_1).contains("jdk/jfr/")) {
                found.add(c.getKey());
            }
        }
        return found;
    }

    /** Every class file of the library's modules, by class name. */
    private static Map<String, byte[]> libraryClasses() throws IOException {
        Map<String, byte[]> classes = new TreeMap<>();
        Path root = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
        for (String module : MODULES) {
            Path base = root.resolve(module).resolve("target/classes");
            try (Stream<Path> files = Files.walk(base)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".class")).toList()) {
                    String rel = base.relativize(f).toString().replace(File.separatorChar, '/');
                    if (!rel.equals("module-info.class")) {
                        classes.put(rel.substring(0, rel.length() - ".class".length()).replace('/', '.'), Files.readAllBytes(f));
                    }
                }
            }
        }
        assertTrue(classes.size() > 300, "the library's classes were found: " + classes.size());
        return classes;
    }

    private static List<Path> jdks() {
        List<Path> javas = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java")));
        HostTools.jdk25("no jdk.jfr class without a recording on JDK 25").ifPresent(javas::add);
        return javas;
    }

    @Test
    void withoutARecordingTheFirstAnswerAndTheFirstDispatchedCallLoadNoJfrClass() throws Exception {
        Set<String> jfrReferring = referringToJfr();
        for (Path java : jdks()) {
            for (String main : List.of(FirstAnswerMain.class.getName(), FirstChoiceMain.class.getName())) {
                List<String> classes = loaded(java, List.of(), main, "avx2");
                List<String> jfr = classes.stream().filter(c -> c.startsWith("jdk.jfr.") || jfrReferring.contains(c)).toList();
                assertEquals(List.of(), jfr, java + " " + main + " without a recording");
            }
            // asked to register the events, the same call loads them: the count above would see them
            List<String> registered = loaded(java, List.of("-Dcpufeatures.jfr=true"), FirstChoiceMain.class.getName(),
                    "avx2");
            assertTrue(registered.stream().anyMatch(c -> c.startsWith("jdk.jfr.")), java + ": " + registered.size());
            assertTrue(registered.containsAll(List.of("io.cpufeatures.core.jfr.ProbeEvent",
                    "io.cpufeatures.dispatch.jfr.ChoiceEvent")), java.toString());
        }
    }

    @Test
    void onlyTheJfrPackagesReferToJdkJfrWhichTheirModulesRequireStatic() throws Exception {
        Set<String> referring = referringToJfr();
        assertTrue(referring.contains("io.cpufeatures.core.jfr.ProbeEvent"), referring.toString());
        for (String c : referring) {
            String pkg = c.substring(0, c.lastIndexOf('.'));
            assertTrue(pkg.equals("io.cpufeatures.core.jfr") || pkg.equals("io.cpufeatures.dispatch.jfr"),
                    c + " refers to jdk.jfr outside the jfr packages");
        }
        Path root = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
        Map<String, Set<ModuleDescriptor.Requires.Modifier>> jfr = new TreeMap<>();
        for (String module : MODULES) {
            Set<ModuleReference> found = ModuleFinder.of(root.resolve(module).resolve("target/classes")).findAll();
            for (ModuleDescriptor.Requires r : found.iterator().next().descriptor().requires()) {
                if (r.name().equals("jdk.jfr")) {
                    jfr.put(module, r.modifiers());
                }
            }
        }
        assertEquals(Map.of("cpufeatures-core", Set.of(ModuleDescriptor.Requires.Modifier.STATIC),
                "cpufeatures-dispatch", Set.of(ModuleDescriptor.Requires.Modifier.STATIC)), jfr);
    }
}
