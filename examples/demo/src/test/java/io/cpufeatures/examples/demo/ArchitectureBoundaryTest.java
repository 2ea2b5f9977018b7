package io.cpufeatures.examples.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Feature;
import io.cpufeatures.x86.X86Feature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The architecture stays in its module: the core and dispatch name no x86 or AArch64 feature in their
 * code, and the command imports nothing of either architecture and depends on no example.
 */
class ArchitectureBoundaryTest {

    /**
     * Words that are x86 feature aliases but mean something else where the core uses them: the
     * {@code os.arch} values of x86 JVMs, in the core's table of which module serves which machine.
     */
    private static final Set<String> NOT_FEATURES_THERE = Set.of("x86_64", "amd64");

    /**
     * Words that are AArch64 feature names but mean something else where the core uses them: the
     * {@code cpufeatures.cpuid.file} property (cpuid is also the AArch64 kernel's MRS emulation).
     */
    private static final Set<String> NOT_ARM_FEATURES_THERE = Set.of("cpuid");

    private static final Pattern COMMENT = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\]|\\\\.)*)\"");

    private static Path root() {
        return Paths.get(System.getProperty("cpufeatures.project.dir", "../..")).toAbsolutePath().normalize();
    }

    private static List<Path> sources(String module) throws IOException {
        try (Stream<Path> s = Files.walk(root().resolve(module).resolve("src/main/java"))) {
            return s.filter(p -> p.toString().endsWith(".java")).sorted().toList();
        }
    }

    @Test
    void coreAndDispatchCodeNamesNoX86Feature() throws IOException {
        Set<String> x86 = new HashSet<>();
        for (X86Feature f : X86Feature.values()) {
            x86.add(f.canonicalName());
            x86.addAll(f.aliases());
        }
        List<String> found = new ArrayList<>();
        int files = 0;
        for (String module : List.of("cpufeatures-core", "cpufeatures-dispatch")) {
            for (Path file : sources(module)) {
                files++;
                String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    for (String word : m.group(1).split("[^a-z0-9_]+")) {
                        if (x86.contains(word) && !NOT_FEATURES_THERE.contains(word)) {
                            found.add(root().relativize(file) + ": \"" + m.group(1) + "\"");
                        }
                    }
                }
            }
        }
        assertTrue(files > 40, "the sources were found: " + files);
        assertEquals(List.of(), found);
    }

    @Test
    void coreAndDispatchCodeNamesNoAArch64Feature() throws IOException {
        Set<String> arm = new HashSet<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            arm.add(f.canonicalName());
            arm.addAll(f.aliases());
        }
        List<String> found = new ArrayList<>();
        for (String module : List.of("cpufeatures-core", "cpufeatures-dispatch")) {
            for (Path file : sources(module)) {
                String code = COMMENT.matcher(Files.readString(file, StandardCharsets.UTF_8)).replaceAll(" ");
                Matcher m = LITERAL.matcher(code);
                while (m.find()) {
                    for (String word : m.group(1).split("[^a-z0-9_]+")) {
                        if (arm.contains(word) && !NOT_ARM_FEATURES_THERE.contains(word)) {
                            found.add(root().relativize(file) + ": \"" + m.group(1) + "\"");
                        }
                    }
                }
            }
        }
        assertEquals(List.of(), found);
    }

    @Test
    void theCommandImportsNothingOfX86AndDependsOnNoExample() throws IOException {
        for (Path file : sources("cpufeatures-cli")) {
            String code = Files.readString(file, StandardCharsets.UTF_8);
            assertFalse(code.contains("import io.cpufeatures.x86"), file + " imports x86");
            assertFalse(code.contains("io.cpufeatures.aarch64"), file + " names aarch64");
            assertFalse(code.contains("io.cpufeatures.examples"), file + " names an example");
        }
        String pom = Files.readString(root().resolve("cpufeatures-cli/pom.xml"), StandardCharsets.UTF_8);
        assertFalse(pom.contains("cpufeatures-example"), "the command's POM names an example module");
    }
}
