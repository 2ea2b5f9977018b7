package io.cpufeatures.processor;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles sources in process with {@link DispatchProcessor}, as a build would, and keeps what it said and wrote. */
record Compilation(boolean success, List<Diagnostic<? extends JavaFileObject>> diagnostics, Path classes, String output) {

    /**
     * Writes {@code files} (relative path to content) under {@code dir}/src and compiles them into
     * {@code dir}/classes against this JVM's class path, with the processor and {@code options}.
     */
    static Compilation of(Path dir, Map<String, String> files, String... options) throws IOException {
        Path src = dir.resolve("src");
        Path classes = dir.resolve("classes");
        Files.createDirectories(classes);
        List<Path> paths = new ArrayList<>();
        for (Map.Entry<String, String> f : files.entrySet()) {
            Path p = src.resolve(f.getKey());
            Files.createDirectories(p.getParent());
            Files.writeString(p, f.getValue(), StandardCharsets.UTF_8);
            paths.add(p);
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> collector = new DiagnosticCollector<>();
        List<String> args = new ArrayList<>(List.of("-d", classes.toString(), "-Xlint:-options"));
        boolean module = files.keySet().stream().anyMatch(k -> k.endsWith("module-info.java"));
        if (!module) {
            args.addAll(List.of("-cp", System.getProperty("java.class.path")));
        }
        args.addAll(List.of(options));
        StringWriter out = new StringWriter();
        try (StandardJavaFileManager fm = javac.getStandardFileManager(collector, Locale.ROOT, StandardCharsets.UTF_8)) {
            JavaCompiler.CompilationTask task = javac.getTask(out, fm, collector, args, null, fm.getJavaFileObjectsFromPaths(paths));
            task.setProcessors(List.of(new DispatchProcessor()));
            boolean ok = task.call();
            return new Compilation(ok, collector.getDiagnostics(), classes, out.toString());
        }
    }

    /** The diagnostics of {@code kind}, as "line:column: message". */
    List<String> messages(Diagnostic.Kind kind) {
        return diagnostics.stream().filter(d -> d.getKind() == kind)
                .map(d -> d.getLineNumber() + ":" + d.getColumnNumber() + ": " + d.getMessage(Locale.ROOT)).toList();
    }

    /** The generated service file's entries, if it was written. */
    Optional<List<String>> services() throws IOException {
        Path f = classes.resolve(DispatchProcessor.SERVICES);
        if (!Files.exists(f)) {
            return Optional.empty();
        }
        return Optional.of(Files.readAllLines(f).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList());
    }

    @Override
    public String toString() {
        return (success ? "compiled" : "failed") + ", " + diagnostics.stream().map(d -> d.getKind() + " "
                + d.getLineNumber() + ":" + d.getColumnNumber() + " " + d.getMessage(Locale.ROOT)).toList() + output;
    }
}
