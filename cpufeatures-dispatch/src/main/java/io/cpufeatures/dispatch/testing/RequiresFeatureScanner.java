package io.cpufeatures.dispatch.testing;

import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import io.cpufeatures.dispatch.RequiresFeatures;
import io.cpufeatures.dispatch.Requirements;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * Validates every {@link RequiresFeature} on a class path, so a typo in a feature name fails the
 * build instead of making an implementation silently ineligible. Class files are searched for the
 * annotation's descriptor without loading them; only the classes that carry it are loaded (not
 * initialised) and their requirements checked.
 *
 * <pre>{@code
 * @Test void featureNamesAreValid() { RequiresFeatureScanner.assertValid(); }
 * }</pre>
 */
public final class RequiresFeatureScanner {

    private static final byte[][] MARKERS = {
        ("L" + RequiresFeature.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8),
        ("L" + RequiresFeatures.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8),
        ("L" + Implementation.class.getName().replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8)};

    private RequiresFeatureScanner() {
    }

    /** A problem found: the class and what is wrong. */
    public record Problem(String className, String message) {
    }

    /** The result of a scan. */
    public record Report(List<String> checked, List<Problem> problems) {
    }

    /** Scans {@code java.class.path}. */
    public static Report scan() {
        List<Path> entries = new ArrayList<>();
        for (String e : System.getProperty("java.class.path").split(File.pathSeparator)) {
            if (!e.isEmpty()) {
                entries.add(Path.of(e));
            }
        }
        return scan(entries, RequiresFeatureScanner.class.getClassLoader());
    }

    /** Scans the given class-path entries (directories and jars), loading classes with {@code loader}. */
    public static Report scan(List<Path> classPath, ClassLoader loader) {
        List<byte[]> markers = new ArrayList<>(List.of(MARKERS));
        List<String> candidates = find(classPath, markers);
        // Annotation types carrying @RequiresFeature mark their users too: search for them as well.
        List<byte[]> meta = new ArrayList<>();
        for (String name : candidates) {
            try {
                Class<?> type = Class.forName(name, false, loader);
                if (type.isAnnotation()) {
                    meta.add(("L" + name.replace('.', '/') + ";").getBytes(StandardCharsets.UTF_8));
                }
            } catch (ClassNotFoundException | LinkageError e) {
                // reported below
            }
        }
        if (!meta.isEmpty()) {
            markers.addAll(meta);
            candidates = find(classPath, markers);
        }
        return check(candidates, loader);
    }

    private static List<String> find(List<Path> classPath, List<byte[]> markers) {
        List<String> candidates = new ArrayList<>();
        for (Path entry : classPath) {
            if (Files.isDirectory(entry)) {
                try (Stream<Path> files = Files.walk(entry)) {
                    files.filter(f -> f.toString().endsWith(".class")).forEach(f -> {
                        if (carriesMarker(readAll(f), markers)) {
                            candidates.add(className(entry.relativize(f).toString()));
                        }
                    });
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            } else if (entry.toString().endsWith(".jar") && Files.isRegularFile(entry)) {
                try (JarFile jar = new JarFile(entry.toFile())) {
                    for (JarEntry je : (Iterable<JarEntry>) jar.stream()::iterator) {
                        if (je.getName().endsWith(".class") && !je.getName().startsWith("META-INF/")) {
                            try (InputStream in = jar.getInputStream(je)) {
                                if (carriesMarker(in.readAllBytes(), markers)) {
                                    candidates.add(className(je.getName()));
                                }
                            }
                        }
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return candidates;
    }

    private static Report check(List<String> candidates, ClassLoader loader) {
        List<String> checked = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        for (String name : candidates) {
            Class<?> type;
            try {
                type = Class.forName(name, false, loader);
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
        return new Report(checked, problems);
    }

    /**
     * Scans {@code java.class.path} and fails with every problem found.
     *
     * @throws AssertionError listing each class and its invalid name
     */
    public static Report assertValid() {
        Report r = scan();
        if (!r.problems().isEmpty()) {
            StringBuilder sb = new StringBuilder("invalid @RequiresFeature on the class path:");
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

    private static byte[] readAll(Path f) {
        try {
            return Files.readAllBytes(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
