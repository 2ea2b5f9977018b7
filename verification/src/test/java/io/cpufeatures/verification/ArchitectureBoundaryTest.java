package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.internal.ArchitectureModule;
import io.cpufeatures.core.kit.FeatureVocabulary;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * An architecture stays in its module: the core, the OS helpers and dispatch name no feature of any
 * architecture module in their code, and the command imports nothing of any architecture module and
 * depends on no example. The architectures are those on the class path (every module's
 * {@link ArchitectureModule}), so a new one is held to the rule without a line here.
 */
class ArchitectureBoundaryTest {

    /**
     * Words that are feature names or aliases of some architecture but mean something else where the
     * architecture-neutral code uses them, each for its reason: the {@code os.arch} values of x86 JVMs in
     * the core's table of which module serves which machine; the {@code cpufeatures.cpuid.file} property
     * (cpuid is also the AArch64 kernel's MRS emulation).
     */
    private static final Set<String> NOT_FEATURES_THERE = Set.of("x86_64", "amd64", "cpuid");

    /** The modules that know no architecture. */
    private static final List<String> NEUTRAL = List.of("cpufeatures-core", "cpufeatures-os", "cpufeatures-dispatch");

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static Path root() {
        return Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
    }

    private static List<Path> sources(String module) throws IOException {
        try (Stream<Path> s = Files.walk(root().resolve(module).resolve("src/main/java"))) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    /** Every architecture module on the class path, by the package of its provider. */
    private static Map<String, FeatureVocabulary> architectures() {
        Map<String, FeatureVocabulary> m = new TreeMap<>();
        for (ArchitectureModule p : io.cpufeatures.core.internal.Architectures.get().providers()) {
            m.put(((io.cpufeatures.core.internal.KitModule<?, ?, ?, ?>) p).architectureRules().getClass().getPackageName(),
                    p.vocabulary());
        }
        return m;
    }

    @Test
    void everyArchitectureModuleIsOnTheClassPath() {
        assertEquals(Set.of("io.cpufeatures.aarch64", "io.cpufeatures.ppc64le", "io.cpufeatures.x86"),
                architectures().keySet());
    }

    @Test
    void theNeutralModulesNameNoFeatureOfAnyArchitecture() throws IOException {
        List<String> found = new ArrayList<>();
        int files = 0;
        for (Map.Entry<String, FeatureVocabulary> arch : architectures().entrySet()) {
            FeatureVocabulary v = arch.getValue();
            Set<String> names = new java.util.HashSet<>(v.features().keySet());
            v.features().values().forEach(names::addAll);
            for (String module : NEUTRAL) {
                for (Path file : sources(module)) {
                    files++;
                    String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                    Matcher m = LITERAL.matcher(code);
                    while (m.find()) {
                        for (String word : m.group(1).split("[^a-z0-9_]+")) {
                            if (names.contains(word) && !NOT_FEATURES_THERE.contains(word)) {
                                found.add(root().relativize(file) + ": \"" + m.group(1) + "\" names " + v.architecture()
                                        + "'s " + word);
                            }
                        }
                    }
                }
            }
        }
        assertTrue(files > 120, "the sources were found: " + files);
        assertEquals(List.of(), found);
    }

    @Test
    void theCommandImportsNoArchitectureAndDependsOnNoExample() throws IOException {
        Set<String> packages = architectures().keySet();
        for (Path file : sources("cpufeatures-cli")) {
            String code = Files.readString(file, StandardCharsets.UTF_8);
            for (String p : packages) {
                assertFalse(code.contains(p), file + " names " + p);
            }
            assertFalse(code.contains("io.cpufeatures.examples"), file + " names an example");
        }
        String pom = Files.readString(root().resolve("cpufeatures-cli/pom.xml"), StandardCharsets.UTF_8);
        assertFalse(pom.contains("cpufeatures-example"), "the command's POM names an example module");
        for (String p : packages) {
            String artifact = "cpufeatures-" + p.substring(p.lastIndexOf('.') + 1);
            assertTrue(pom.contains("<artifactId>" + artifact + "</artifactId>"), "the command runs with " + artifact);
        }
    }
}
