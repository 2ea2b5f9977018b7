package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's "Your first dispatch point" is the consumer project the build compiles, tests and runs: each block
 * marked {@code <!-- file: PATH -->} is that file byte for byte, and each {@code <!-- pom: PATH -->} block's lines are
 * in that POM in their order (the POM adds versions and the rest of the project). The Gradle block of "Use it in your
 * project" says what its Maven blocks say, in the published coordinates.
 */
class ReadmeSnippetsTest {

    private static final Pattern BLOCK = Pattern.compile("<!-- (file|pom): (\\S+) -->\\n```[a-z]*\\n(.*?)\\n```",
            Pattern.DOTALL);

    @Test
    void everyMarkedBlockIsTheFileItNames() throws Exception {
        Path root = Paths.get(System.getProperty("cpufeatures.project.dir", ".."));
        Matcher m = BLOCK.matcher(Files.readString(root.resolve("README.md")));
        int files = 0;
        int poms = 0;
        while (m.find()) {
            Path file = root.resolve(m.group(2));
            assertTrue(Files.isRegularFile(file), "README names " + file);
            String text = Files.readString(file).stripTrailing();
            if (m.group(1).equals("file")) {
                files++;
                assertEquals(text, m.group(3), "README's block for " + m.group(2));
            } else {
                poms++;
                List<String> pom = text.lines().map(String::strip).toList();
                int at = 0;
                for (String line : m.group(3).lines().map(String::strip).filter(l -> !l.isEmpty()).toList()) {
                    int found = pom.subList(at, pom.size()).indexOf(line);
                    assertTrue(found >= 0, "README's POM line '" + line + "' is not in " + m.group(2) + " after line " + at);
                    at += found + 1;
                }
            }
        }
        assertEquals(6, files, "the interface, two candidates, the point, the test and the module");
        assertEquals(1, poms);
    }

    private static final Pattern GRADLE = Pattern.compile("<!-- gradle -->\\n```kotlin\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern GRADLE_DEPENDENCY = Pattern.compile(
            "(implementation|runtimeOnly|annotationProcessor)\\(\"io\\.cpufeatures:([a-z0-9-]+)\"\\)");
    private static final Pattern GRADLE_PLATFORM = Pattern.compile(
            "val (\\w+) = platform\\(\"io\\.cpufeatures:cpufeatures-bom:([^\"]+)\"\\)");
    private static final Pattern MAVEN_DEPENDENCY = Pattern.compile(
            "<dependency>\\s*(?:<!--.*?-->\\s*)?<groupId>io\\.cpufeatures</groupId>\\s*"
                    + "<artifactId>([a-z0-9-]+)</artifactId>(.*?)</dependency>", Pattern.DOTALL);

    @Test
    void theGradleBlockDeclaresWhatTheMavenBlocksDoInThePublishedCoordinates() throws Exception {
        Path root = Paths.get(System.getProperty("cpufeatures.project.dir", ".."));
        String readme = Files.readString(root.resolve("README.md"));
        String bom = Files.readString(root.resolve("cpufeatures-bom/pom.xml"));
        String version = first(Pattern.compile("<artifactId>cpufeatures-bom</artifactId>\\s*<version>([^<]+)</version>"), bom);
        String use = readme.substring(readme.indexOf("## Use it in your project"), readme.indexOf("## Your first dispatch point"));

        // Maven: the BOM's import, each dependency by scope, the processor path
        Map<String, String> maven = new TreeMap<>();
        Matcher d = MAVEN_DEPENDENCY.matcher(use);
        while (d.find()) {
            if (d.group(2).contains("<scope>import</scope>")) {
                assertEquals("cpufeatures-bom", d.group(1));
                assertTrue(d.group(2).contains("<version>" + version + "</version>"), "the README's BOM is " + version);
                continue;
            }
            maven.put(d.group(1), d.group(2).contains("<scope>runtime</scope>") ? "runtimeOnly" : "implementation");
        }
        assertTrue(use.contains("<artifactId>cpufeatures-processor</artifactId>\n        <version>" + version + "</version>"),
                "the README's processor path names " + version);
        maven.put("cpufeatures-processor", "annotationProcessor");

        Matcher g = GRADLE.matcher(use);
        assertTrue(g.find(), "README's \"Use it in your project\" has a <!-- gradle --> block");
        String gradle = g.group(1);
        Matcher platform = GRADLE_PLATFORM.matcher(gradle);
        assertTrue(platform.find(), gradle);
        assertEquals(version, platform.group(2), "the Gradle block's BOM version");
        String bomName = platform.group(1);
        for (String configuration : List.of("implementation", "annotationProcessor")) {
            assertTrue(gradle.contains(configuration + "(" + bomName + ")"), "the BOM is the " + configuration
                    + " configuration's platform: " + gradle);
        }
        Map<String, String> declared = new TreeMap<>();
        Matcher dep = GRADLE_DEPENDENCY.matcher(gradle);
        List<String> unpublished = new ArrayList<>();
        while (dep.find()) {
            declared.put(dep.group(2), dep.group(1));
            if (!bom.contains("<artifactId>" + dep.group(2) + "</artifactId>")) {
                unpublished.add(dep.group(2));
            }
        }
        assertEquals(List.of(), unpublished, "every Gradle coordinate is a module the BOM publishes");
        assertEquals(maven, declared, "the Gradle block declares what the Maven blocks do, in the same scopes");
    }

    private static String first(Pattern p, String text) {
        Matcher m = p.matcher(text);
        assertTrue(m.find(), p.pattern());
        return m.group(1);
    }
}
