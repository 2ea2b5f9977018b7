package io.cpufeatures.verification;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * What can be checked of a module's committed native builds without a compiler: the manifest that
 * {@code scripts/native-builds.sh} wrote names, by SHA-256, the sources it was built from, and those are the files
 * in the tree; it lists the recipe's builds, in its order, and each build's file has the manifest's hash; and
 * nothing else lies among the builds. Whether the bytes are what the sources give is for the script, with the
 * pinned compilers (CI).
 */
final class NativeBuilds {

    static final String RECIPE = "src/main/c/native-builds";
    static final String DRIVER = "scripts/native-builds.sh";

    private NativeBuilds() {
    }

    /** {@return every module of the tree under {@code root} with a native-builds recipe} */
    static List<Path> modules(Path root) {
        try (Stream<Path> files = Files.walk(root, 6)) {
            return files.filter(p -> p.endsWith(RECIPE) && !p.toString().contains("/target/"))
                    .map(p -> p.getParent().getParent().getParent().getParent()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@return what is wrong with {@code module}'s committed builds, one line each; empty when all agree} */
    static List<String> problems(Path root, Path module) throws IOException {
        List<String> problems = new ArrayList<>();
        Path recipe = module.resolve(RECIPE);
        String where = root.relativize(recipe).toString();
        List<String> lines = Files.readAllLines(recipe, StandardCharsets.UTF_8);
        String manifestPath = null;
        List<String> sources = new ArrayList<>();
        List<String> builds = new ArrayList<>();
        for (String raw : lines) {
            String line = raw.contains("#") ? raw.substring(0, raw.indexOf('#')) : raw;
            String[] f = line.strip().split("\\s+");
            if (f[0].isEmpty()) {
                continue;
            }
            switch (f[0]) {
                case "manifest" -> manifestPath = f[1];
                case "source" -> sources.add(f[1]);
                case "flags" -> { }
                default -> builds.add(f[0] + "/" + f[1] + "/" + f[2] + " " + f[3]);
            }
        }
        if (manifestPath == null) {
            return List.of(where + " has no 'manifest' line");
        }
        Path cDir = recipe.getParent();
        Set<String> unlisted = new TreeSet<>();
        try (Stream<Path> files = Files.list(cDir)) {
            files.map(p -> p.getFileName().toString()).filter(n -> !n.equals("native-builds") && !sources.contains(n))
                    .forEach(unlisted::add);
        }
        for (String n : unlisted) {
            problems.add(root.relativize(cDir.resolve(n)) + " is not a 'source' of " + where
                    + ": a build could read it and its hash would not say so");
        }

        Path nativeRoot = module.resolve("src/main/native");
        Path manifest = nativeRoot.resolve(manifestPath);
        if (!Files.isRegularFile(manifest)) {
            problems.add(where + " names the manifest " + manifestPath + ", and " + root.relativize(manifest)
                    + " is not there: run " + DRIVER + " --update");
            return problems;
        }
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put(DRIVER, hash(root.resolve(DRIVER)));
        expected.put(where, hash(recipe));
        for (String s : sources) {
            expected.put(root.relativize(cDir.resolve(s)).toString(), hash(cDir.resolve(s)));
        }
        Map<String, String> recorded = new LinkedHashMap<>();
        List<String> listed = new ArrayList<>();
        Map<String, String> hashes = new LinkedHashMap<>();
        for (String line : Files.readAllLines(manifest, StandardCharsets.UTF_8)) {
            String[] f = line.strip().split("\\s+");
            if (line.startsWith("# source ") && f.length == 4) {
                recorded.put(f[2], f[3]);
            } else if (!line.startsWith("#") && !line.isBlank() && f.length == 3) {
                listed.add(f[0] + " " + f[2]);
                hashes.put(f[0], f[1]);
            }
        }
        String manifestName = root.relativize(manifest).toString();
        for (Map.Entry<String, String> e : expected.entrySet()) {
            String was = recorded.get(e.getKey());
            if (was == null) {
                problems.add(manifestName + " does not say it was built from " + e.getKey() + ": run " + DRIVER
                        + " --update");
            } else if (!was.equals(e.getValue())) {
                problems.add(e.getKey() + " changed after " + manifestName + " was built from it (SHA-256 " + was
                        + ", now " + e.getValue() + "): run " + DRIVER + " --update and commit the builds with it");
            }
        }
        for (String s : recorded.keySet()) {
            if (!expected.containsKey(s)) {
                problems.add(manifestName + " names a source " + s + " that " + where + " does not list");
            }
        }
        if (!listed.equals(builds)) {
            problems.add(manifestName + " lists " + listed + ", and " + where + " builds " + builds);
        }
        Set<String> files = new TreeSet<>();
        try (Stream<Path> all = Files.walk(nativeRoot)) {
            all.filter(Files::isRegularFile).forEach(p -> files.add(nativeRoot.relativize(p).toString()));
        }
        String base = manifestPath.contains("/") ? manifestPath.substring(0, manifestPath.lastIndexOf('/') + 1) : "";
        files.remove(manifestPath);
        for (Map.Entry<String, String> e : hashes.entrySet()) {
            String file = base + e.getKey();
            if (!files.remove(file)) {
                problems.add(manifestName + " lists " + e.getKey() + ", which is not committed");
            } else if (!hash(nativeRoot.resolve(file)).equals(e.getValue())) {
                problems.add(root.relativize(nativeRoot.resolve(file)) + " does not hash to its manifest's SHA-256 "
                        + e.getValue());
            }
        }
        for (String f : files) {
            problems.add(root.relativize(nativeRoot.resolve(f)) + " lies among the native builds, and no manifest"
                    + " lists it");
        }
        return problems;
    }

    /** {@return the files of the tree's sources and resources that are native code (ELF, PE, Mach-O)} outside builds */
    static List<Path> strayBinaries(Path root) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> files = Files.walk(root, 12)) {
            for (Path p : (Iterable<Path>) files.filter(Files::isRegularFile)::iterator) {
                String s = root.relativize(p).toString();
                if (s.startsWith(".git/") || s.contains("/target/") || s.startsWith("target/")
                        || s.contains("/src/main/native/") || !s.contains("/src/")) {
                    continue;
                }
                if (nativeCode(p)) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    private static boolean nativeCode(Path p) throws IOException {
        byte[] head;
        try (InputStream in = Files.newInputStream(p)) {
            head = in.readNBytes(4);
        }
        if (head.length < 4) {
            return false;
        }
        int magic = (head[0] & 0xff) << 24 | (head[1] & 0xff) << 16 | (head[2] & 0xff) << 8 | head[3] & 0xff;
        return magic == 0x7f454c46 // ELF
                || (head[0] == 'M' && head[1] == 'Z') // PE
                || magic == 0xfeedfacf || magic == 0xcffaedfe || magic == 0xcafebabe && p.toString().endsWith(".dylib");
    }

    static String hash(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
