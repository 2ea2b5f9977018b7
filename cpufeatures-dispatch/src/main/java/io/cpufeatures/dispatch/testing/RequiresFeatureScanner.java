package io.cpufeatures.dispatch.testing;

import java.util.Objects;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import io.cpufeatures.dispatch.RequiresFeatures;
import io.cpufeatures.dispatch.Requirements;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleReader;
import java.lang.module.ModuleReference;
import java.lang.module.ResolvedModule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Validates every {@link RequiresFeature} on the class path and the module path, so a typo in a
 * feature name fails the build instead of making an implementation silently ineligible. Class files
 * are searched for the annotation's descriptor without loading them (class-path directories and jars
 * from {@code java.class.path}; the modules of the boot layer that are not the JDK's, through their
 * module readers); only the classes that carry it are loaded (not initialised) and their requirements
 * checked. A scan that finds nothing to check is a failure of {@link #assertValid()}: a test that
 * checks nothing must not pass.
 *
 * <pre>{@code
 * @Test void featureNamesAreValid() { RequiresFeatureScanner.assertValid(); }
 * }</pre>
 *
 * <p>Modules on {@code jdk.module.path} that the boot layer did not resolve cannot load a class and
 * are not searched; {@link Report#searched()} lists what was.
 */
public final class RequiresFeatureScanner {

    private static final byte[][] MARKERS = {
        ("L" + RequiresFeature.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8),
        ("L" + RequiresFeatures.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8),
        ("L" + Implementation.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8)};

    private RequiresFeatureScanner() {
    }

    /**
     * A problem found: the class and what is wrong.
     *
     * @param className the binary name of the class whose annotations are wrong
     * @param message   what is wrong: the unknown name and the closest valid ones, or why it cannot be loaded
     */
    public record Problem(String className, String message) {

        /**
         * Validates the parts.
         *
         * @param className the binary name of the class; not null
         * @param message   what is wrong; not null
         */
        public Problem {
            Objects.requireNonNull(className, "className");
            Objects.requireNonNull(message, "message");
        }
    }

    /**
     * The result of a scan.
     *
     * @param checked  the classes whose requirements were checked
     * @param problems what is wrong, by class
     * @param searched where classes were searched ({@code class path: /x/classes}, {@code module m (file:/x/m.jar)})
     */
    public record Report(List<String> checked, List<Problem> problems, List<String> searched) {

        /**
         * Copies the lists.
         *
         * @param checked  the classes whose requirements were checked; not null
         * @param problems what is wrong, by class; not null
         * @param searched where classes were searched; not null
         */
        public Report {
            checked = List.copyOf(checked);
            problems = List.copyOf(problems);
            searched = List.copyOf(searched);
        }
    }

    /** Each class file's binary name and bytes, from one class-path entry or module. */
    @FunctionalInterface
    private interface ClassFiles {
        void forEach(BiConsumer<String, byte[]> action) throws IOException;
    }

    /** Where classes are read: a class-path entry or a module, with the loader of its classes. */
    private record Source(String description, ClassLoader loader, ClassFiles classes) {
    }

    /**
     * Scans {@code java.class.path} and the boot layer's modules that are not the JDK's.
     *
     * @return what was checked, what is wrong and where it searched
     * @throws java.io.UncheckedIOException if a class-path entry or module cannot be read
     */
    public static Report scan() {
        List<Path> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(Path.of(e));
            }
        }
        List<Source> sources = classPath(entries, RequiresFeatureScanner.class.getClassLoader());
        sources.addAll(modules(ModuleLayer.boot()));
        return scan(sources);
    }

    /**
     * Scans the given class-path entries (directories and jars), loading classes with {@code loader}.
     *
     * @param classPath directories and jar files; other entries are skipped; not null
     * @param loader    the loader that loads their classes (without initialising them); not null
     * @return what was checked, what is wrong and where it searched
     * @throws java.io.UncheckedIOException if an entry cannot be read
     */
    public static Report scan(List<Path> classPath, ClassLoader loader) {
        Objects.requireNonNull(classPath, "classPath");
        Objects.requireNonNull(loader, "loader");
        return scan(classPath(classPath, loader));
    }

    /**
     * Scans the modules of {@code layer} that are not the JDK's, loading classes with the layer's loaders.
     *
     * @param layer the layer, e.g. {@code ModuleLayer.boot()}; not null
     * @return what was checked, what is wrong and where it searched
     * @throws java.io.UncheckedIOException if a module cannot be read
     */
    public static Report scan(ModuleLayer layer) {
        return scan(modules(layer));
    }

    private static List<Source> classPath(List<Path> entries, ClassLoader loader) {
        List<Source> sources = new ArrayList<>();
        for (Path entry : entries) {
            if (Files.isDirectory(entry)) {
                sources.add(new Source("class path: " + entry, loader, action -> {
                    try (Stream<Path> files = Files.walk(entry)) {
                        for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".class"))::iterator) {
                            String name = entry.relativize(f).toString();
                            if (!name.startsWith("META-INF")) {
                                action.accept(className(name), Files.readAllBytes(f));
                            }
                        }
                    }
                }));
            } else if (entry.toString().endsWith(".jar") && Files.isRegularFile(entry)) {
                sources.add(new Source("class path: " + entry, loader, action -> {
                    try (JarFile jar = new JarFile(entry.toFile())) {
                        for (JarEntry je : (Iterable<JarEntry>) jar.stream()::iterator) {
                            if (je.getName().endsWith(".class") && !je.getName().startsWith("META-INF/")) {
                                try (InputStream in = jar.getInputStream(je)) {
                                    action.accept(className(je.getName()), in.readAllBytes());
                                }
                            }
                        }
                    }
                }));
            }
        }
        return sources;
    }

    /** The modules of {@code layer} but the JDK's own (read from the run-time image, {@code jrt:}). */
    private static List<Source> modules(ModuleLayer layer) {
        List<Source> sources = new ArrayList<>();
        List<ResolvedModule> resolved = new ArrayList<>(layer.configuration().modules());
        resolved.sort(Comparator.comparing(ResolvedModule::name));
        for (ResolvedModule m : resolved) {
            ModuleReference ref = m.reference();
            if (ref.location().map(u -> "jrt".equals(u.getScheme())).orElse(true)) {
                continue;
            }
            sources.add(new Source("module " + m.name() + " (" + ref.location().orElseThrow() + ")",
                    layer.findLoader(m.name()), action -> {
                        try (ModuleReader reader = ref.open(); Stream<String> names = reader.list()) {
                            for (String name : (Iterable<String>) names::iterator) {
                                if (name.endsWith(".class") && !name.equals("module-info.class")
                                        && !name.startsWith("META-INF/")) {
                                    Optional<InputStream> in = reader.open(name);
                                    if (in.isPresent()) {
                                        try (InputStream is = in.get()) {
                                            action.accept(className(name), is.readAllBytes());
                                        }
                                    }
                                }
                            }
                        }
                    }));
        }
        return sources;
    }

    private static Report scan(List<Source> sources) {
        List<byte[]> markers = new ArrayList<>(List.of(MARKERS));
        Map<String, ClassLoader> candidates = find(sources, markers);
        // Annotation types carrying @RequiresFeature mark their users too: search for them as well.
        List<byte[]> meta = new ArrayList<>();
        candidates.forEach((name, loader) -> {
            try {
                Class<?> type = Class.forName(name, false, loader);
                if (type.isAnnotation()) {
                    meta.add(("L" + name.replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8));
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // reported below
            }
        });
        if (!meta.isEmpty()) {
            markers.addAll(meta);
            candidates = find(sources, markers);
        }
        Report r = check(candidates);
        return new Report(r.checked(), r.problems(), sources.stream().map(Source::description).toList());
    }

    /** The classes carrying a marker, each once (the first source wins), with the loader of its source. */
    private static Map<String, ClassLoader> find(List<Source> sources, List<byte[]> markers) {
        Map<String, ClassLoader> candidates = new LinkedHashMap<>();
        for (Source source : sources) {
            try {
                source.classes().forEach((name, bytes) -> {
                    if (carriesMarker(bytes, markers)) {
                        candidates.putIfAbsent(name, source.loader());
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException(source.description() + ": " + e.getMessage(), e);
            }
        }
        return candidates;
    }

    private static Report check(Map<String, ClassLoader> candidates) {
        List<String> checked = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (Map.Entry<String, ClassLoader> candidate : candidates.entrySet()) {
            String name = candidate.getKey();
            Class<?> type;
            try {
                type = Class.forName(name, false, candidate.getValue());
            } catch (ClassNotFoundException | LinkageError e) {
                problems.add(new Problem(name, "cannot be loaded: " + e));
                continue;
            }
            if (type.isAnnotation()) {
                continue;
            }
            if (!type.isAnnotationPresent(RequiresFeature.class) && !type.isAnnotationPresent(RequiresFeatures.class)
                    && !type.isAnnotationPresent(Implementation.class) && !hasMetaAnnotation(type)) {
                continue;
            }
            checked.add(name);
            try {
                Requirements.of(type);
            } catch (IllegalArgumentException e) {
                problems.add(new Problem(name, e.getMessage()));
            }
        }
        return new Report(checked, problems, List.of());
    }

    /**
     * Scans {@code java.class.path} and the boot layer's modules, and fails with every problem found,
     * or if no class was there to check.
     *
     * @return the scan's report, when it checked something and found nothing wrong
     * @throws AssertionError listing each class and its invalid name, or where it searched in vain
     */
    public static Report assertValid() {
        return assertValid(scan());
    }

    /**
     * Fails with every problem {@code r} found, or if it checked no class.
     *
     * @param r a scan's report; not null
     * @return {@code r}, when it checked something and found nothing wrong
     * @throws AssertionError listing each class and its invalid name, or where the scan searched in vain
     */
    public static Report assertValid(Report r) {
        if (r.checked().isEmpty()) {
            List<String> where = r.searched();
            String searched = where.isEmpty() ? "no class-path entry or module at all"
                    : where.size() <= 5 ? String.join(", ", where)
                    : String.join(", ", where.subList(0, 5)) + " and " + (where.size() - 5) + " more";
            throw new AssertionError("RequiresFeatureScanner checked nothing: no class with @RequiresFeature or"
                    + " @Implementation in " + searched + "; a check that finds nothing to check does not pass");
        }
        if (!r.problems().isEmpty()) {
            StringBuilder sb = new StringBuilder("invalid @RequiresFeature on the class path or module path:");
            r.problems().forEach(p -> sb.append("\n  ").append(p.className()).append(": ").append(p.message()));
            throw new AssertionError(sb.toString());
        }
        return r;
    }

    private static boolean hasMetaAnnotation(Class<?> type) {
        for (var a : type.getAnnotations()) {
            if (a.annotationType().getAnnotationsByType(RequiresFeature.class).length > 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean carriesMarker(byte[] classFile, List<byte[]> markers) {
        for (byte[] marker : markers) {
            if (indexOf(classFile, marker) >= 0) {
                return true;
            }
        }
        return false;
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    private static String className(String path) {
        return path.substring(0, path.length() - ".class".length()).replace('/', '.').replace('\\', '.');
    }
}
