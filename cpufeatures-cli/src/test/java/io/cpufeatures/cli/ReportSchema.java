package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

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

    private static final Schema SCHEMA = load();

    private ReportSchema() {
    }

    private static Schema load() {
        try {
            return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
                    .getSchema(Files.readString(FILE), InputFormat.JSON);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What is wrong with {@code json} against the schema: nothing when it is valid. */
    static List<String> errors(String json) {
        return SCHEMA.validate(json, InputFormat.JSON).stream().map(Object::toString).toList();
    }

    /** Fails, naming {@code what} and the errors, unless {@code json} is valid. */
    static void assertValid(String json, String what) {
        List<String> errors = errors(json);
        assertEquals(List.of(), errors, what + " does not satisfy " + FILE + ":\n" + json);
    }
}
