package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** docs/cpufeatures-report.schema.json, which every JSON object the command prints must satisfy. */
final class ReportSchema {

    /** The schema's file in the repository. */
    static final Path FILE = Path.of(System.getProperty("cpufeatures.project.dir", ".."), "docs",
            "cpufeatures-report.schema.json");

    /** The schema as published: open to fields it does not list, as a reader of a newer version 1 needs. */
    private static final Schema PUBLISHED = load(false);
    /** The same, closed: every object allowed only the fields it lists, so that everything printed is documented. */
    private static final Schema CLOSED = load(true);

    private ReportSchema() {
    }

    private static Schema load(boolean closed) {
        try {
            String text = Files.readString(FILE);
            if (closed) {
                ObjectMapper json = new ObjectMapper();
                JsonNode schema = json.readTree(text);
                close(schema);
                text = json.writeValueAsString(schema);
            }
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(text, InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Adds {@code "additionalProperties": false} to every object schema that lists properties and says nothing else. */
    private static void close(JsonNode node) {
        if (node instanceof ObjectNode o && o.has("properties") && !o.has("additionalProperties")) {
            o.put("additionalProperties", false);
        }
        node.forEach(ReportSchema::close);
    }

    /** What is wrong with {@code json} against the closed schema: nothing when it is valid. */
    static List<String> errors(String json) {
        return CLOSED.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    /** What is wrong with {@code json} against the schema as published. */
    static List<String> publishedErrors(String json) {
        return PUBLISHED.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    /** Fails, naming {@code what} and the errors, unless {@code json} is valid. */
    static void assertValid(String json, String what) {
        List<String> errors = errors(json);
        assertEquals(List.of(), errors, what + " does not satisfy " + FILE + ":\n" + json);
    }
}
