package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No two files of the library's main code depend on each other through another package, directly or around a loop:
 * a file's dependencies here are what it imports and the library classes it names in full in its code (comments and
 * strings left out). Files of one package may name each other freely; a loop across packages means two layers that
 * cannot be understood, tested or replaced apart (the facade and the JVM view, the kit's contract and its adapter).
 */
class ImportLoopsTest {

    private static final List<String> MODULES = List.of("cpufeatures-core", "cpufeatures-os", "cpufeatures-x86",
            "cpufeatures-aarch64", "cpufeatures-ppc64le", "cpufeatures-dispatch", "cpufeatures-processor",
            "cpufeatures-cli");

    private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+)", Pattern.MULTILINE);
    private static final Pattern QUALIFIED = Pattern.compile("\\bio\\.cpufeatures(?:\\.\\w+)+");
    private static final Pattern NOISE = Pattern.compile("/\\*.*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\])*\"", Pattern.DOTALL);

    /** Each main-code file by its class's name, with its text. */
    private static Map<String, String> sources() throws IOException {
        Path root = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
        Map<String, String> files = new TreeMap<>();
        for (String module : MODULES) {
            try (Stream<Path> walk = Files.walk(root.resolve(module).resolve("src/main/java"))) {
                for (Path f : walk.filter(p -> p.toString().endsWith(".java")).toList()) {
                    String name = f.getFileName().toString();
                    if (name.equals("module-info.java") || name.equals("package-info.java")) {
                        continue;
                    }
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    Matcher pkg = PACKAGE.matcher(text);
                    assertTrue(pkg.find(), f + " has no package line");
                    files.put(pkg.group(1) + "." + name.substring(0, name.length() - ".java".length()), text);
                }
            }
        }
        assertTrue(files.size() > 300, "the library's files were found: " + files.size());
        return files;
    }

    /** The file that {@code name} (a class, a member of one, or a nested class) is in; null when none is. */
    private static String fileOf(String name, Map<String, String> files) {
        for (String n = name; n.indexOf('.') > 0; n = n.substring(0, n.lastIndexOf('.'))) {
            if (files.containsKey(n)) {
                return n;
            }
        }
        return null;
    }

    /** Each file's dependencies on files of other packages. */
    static Map<String, Set<String>> graph(Map<String, String> files) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Map.Entry<String, String> f : files.entrySet()) {
            String pkg = f.getKey().substring(0, f.getKey().lastIndexOf('.'));
            Set<String> deps = new TreeSet<>();
            List<String> named = new ArrayList<>();
            Matcher imp = IMPORT.matcher(f.getValue());
            while (imp.find()) {
                named.add(imp.group(1));
            }
            String code = NOISE.matcher(f.getValue()).replaceAll(" ");
            code = code.substring(code.indexOf(';') + 1);
            Matcher q = QUALIFIED.matcher(code.replaceAll("(?m)^import [^;]*;", " "));
            while (q.find()) {
                named.add(q.group());
            }
            for (String n : named) {
                String file = fileOf(n, files);
                if (file != null && !file.equals(f.getKey())
                        && !file.substring(0, file.lastIndexOf('.')).equals(pkg)) {
                    deps.add(file);
                }
            }
            graph.put(f.getKey(), deps);
        }
        return graph;
    }

    /** The files that reach each other around a loop, each loop once (Tarjan's strongly connected components). */
    static List<Set<String>> loops(Map<String, Set<String>> graph) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> loops = new ArrayList<>();
        for (String start : graph.keySet()) {
            if (!index.containsKey(start)) {
                connect(start, graph, index, low, stack, onStack, loops);
            }
        }
        return loops;
    }

    private static void connect(String v, Map<String, Set<String>> graph, Map<String, Integer> index,
            Map<String, Integer> low, Deque<String> stack, Set<String> onStack, List<Set<String>> loops) {
        index.put(v, index.size());
        low.put(v, index.get(v));
        stack.push(v);
        onStack.add(v);
        for (String w : graph.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                connect(w, graph, index, low, stack, onStack, loops);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> component = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                component.add(w);
            } while (!w.equals(v));
            if (component.size() > 1) {
                loops.add(component);
            }
        }
    }

    @Test
    void theDetectorFindsALoopAcrossPackagesAndNotOneWithinAPackage() {
        Map<String, String> files = new TreeMap<>();
        files.put("io.cpufeatures.a.A", "package io.cpufeatures.a;\nimport io.cpufeatures.b.B;\nclass A {}\n");
        files.put("io.cpufeatures.b.B", "package io.cpufeatures.b;\nclass B { io.cpufeatures.a.A.Nested n; }\n");
        files.put("io.cpufeatures.b.C", "package io.cpufeatures.b;\n// io.cpufeatures.a.A in a comment\nclass C {}\n");
        files.put("io.cpufeatures.b.D", "package io.cpufeatures.b;\nclass D { String s = \"io.cpufeatures.a.A\"; }\n");
        assertEquals(List.of(Set.of("io.cpufeatures.a.A", "io.cpufeatures.b.B")), loops(graph(files)));
        files.put("io.cpufeatures.b.B", "package io.cpufeatures.b;\nclass B { C c; D d; }\n");
        assertEquals(List.of(), loops(graph(files)));
    }

    @Test
    void noFilesOfTheLibraryDependOnEachOtherAroundALoop() throws IOException {
        assertEquals(List.of(), loops(graph(sources())), "files that import each other around a loop");
    }
}
