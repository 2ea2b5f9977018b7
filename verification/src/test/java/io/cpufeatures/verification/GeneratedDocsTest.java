package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The tables in docs/ are the code's tables: every {@code <!-- generated:NAME -->} ...
 * {@code <!-- end:NAME -->} section of the docs must equal what {@link GeneratedDocs} produces, and
 * every {@code <!-- include:PATH -->} ... {@code <!-- end-include -->} section the source file at
 * PATH, so examples in the docs are code that compiles and is tested; and the JSON Schema's CPU fields must be
 * those the architecture modules declare ({@link ReportFields}).
 * Run with {@code -Dcpufeatures.docs.update=true} to rewrite them after changing a table.
 */
class GeneratedDocsTest {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The schema file's layout: two spaces, a space after each colon, every array element on its own line. */
    private static DefaultPrettyPrinter printer() {
        DefaultPrettyPrinter p = new DefaultPrettyPrinter(Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER).withObjectEmptySeparator("").withArrayEmptySeparator(""));
        p.indentArraysWith(DefaultIndenter.SYSTEM_LINEFEED_INSTANCE);
        return p;
    }

    private static final Pattern SECTION = Pattern.compile("(<!-- generated:([a-z0-9-]+) -->\\n)(.*?)(<!-- end:\\2 -->)",
            Pattern.DOTALL);
    private static final Pattern INCLUDE = Pattern.compile("(<!-- include:([^ ]+) -->\\n)(.*?)(<!-- end-include -->)",
            Pattern.DOTALL);

    @Test
    void docsTablesMatchTheCode() throws IOException {
        Path docs = Paths.get(System.getProperty("cpufeatures.project.dir", "..")).resolve("docs");
        Map<String, String> generated = GeneratedDocs.sections();
        boolean update = Boolean.getBoolean("cpufeatures.docs.update");
        List<String> stale = new ArrayList<>();
        List<String> found = new ArrayList<>();
        try (var files = Files.list(docs)) {
            for (Path file : files.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                String text = Files.readString(file, StandardCharsets.UTF_8);
                Matcher m = SECTION.matcher(text);
                StringBuilder out = new StringBuilder();
                while (m.find()) {
                    String name = m.group(2);
                    String want = generated.get(name);
                    assertTrue(want != null, file + ": unknown generated section " + name);
                    found.add(name);
                    if (!m.group(3).equals(want)) {
                        stale.add(file.getFileName() + "#" + name);
                    }
                    m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + want + m.group(4)));
                }
                m.appendTail(out);
                Matcher inc = INCLUDE.matcher(out.toString());
                StringBuilder withIncludes = new StringBuilder();
                while (inc.find()) {
                    Path source = docs.getParent().resolve(inc.group(2));
                    String want = "```java\n" + Files.readString(source, StandardCharsets.UTF_8) + "```\n";
                    if (!inc.group(3).equals(want)) {
                        stale.add(file.getFileName() + "#include:" + inc.group(2));
                    }
                    inc.appendReplacement(withIncludes, Matcher.quoteReplacement(inc.group(1) + want + inc.group(4)));
                }
                inc.appendTail(withIncludes);
                if (update && !withIncludes.toString().equals(text)) {
                    Files.writeString(file, withIncludes.toString(), StandardCharsets.UTF_8);
                }
            }
        }
        Path schemaFile = docs.resolve("cpufeatures-report.schema.json");
        JsonNode schema = MAPPER.readTree(Files.readString(schemaFile, StandardCharsets.UTF_8));
        JsonNode generatedSchema = ReportFields.withGeneratedCpu(schema);
        if (!schema.equals(generatedSchema)) {
            stale.add(schemaFile.getFileName() + "#$defs.cpu.properties");
            if (update) {
                Files.writeString(schemaFile, MAPPER.writer(printer()).writeValueAsString(generatedSchema) + "\n",
                        StandardCharsets.UTF_8);
            }
        }
        assertTrue(found.containsAll(generated.keySet()), "sections missing from docs/: " + generated.keySet() + " vs " + found);
        assertTrue(update || stale.isEmpty(), "docs tables out of date: " + stale
                + "; run ./mvnw -pl verification -am test -Dtest=GeneratedDocsTest -Dsurefire.failIfNoSpecifiedTests=false -Dcpufeatures.docs.update=true");
    }
}
