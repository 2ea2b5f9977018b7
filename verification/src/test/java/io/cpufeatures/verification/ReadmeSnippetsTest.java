package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The README's "Your first dispatch point" is the consumer project the build compiles, tests and runs: each block
 * marked {@code <!-- file: PATH -->} is that file byte for byte, and each {@code <!-- pom: PATH -->} block's lines are
 * in that POM in their order (the POM adds versions and the rest of the project).
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
}
