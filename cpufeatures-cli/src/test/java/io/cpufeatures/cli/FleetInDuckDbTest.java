package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet outgrows one JVM: {@code fleet --json} lines load as they are into DuckDB, and the query
 * docs/cli.md shows (read from there) answers which share of the fleet gets which choice of each
 * dispatch point, as counting the lines in Java does.
 */
class FleetInDuckDbTest {

    private static final Pattern QUERY = Pattern.compile("<!-- fleet-share-query -->\\n```sql\\n(.*?)```", Pattern.DOTALL);

    /** One row of the answer. */
    record Share(String point, String choice, long dumps, BigDecimal percent) {
    }

    @Test
    void duckDbAnswersTheShareOfEachChoiceFromTheLinesAsTheyAre(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        for (int i = 0; i < 3; i++) {
            EmulatedDumps.write(fleet, "zen4-" + i + ".txt", EmulatedDumps.zen4(), 2);
        }
        EmulatedDumps.write(fleet, "core2.txt", EmulatedDumps.core2(), 1);
        Files.writeString(fleet.resolve("notes.txt"), "not a dump\n");
        CliTest.Run r = CliTest.run("fleet", "--json", fleet.toString());
        assertEquals(0, r.exit(), "notes.txt is no dump: skipped, and counted on stderr");
        assertTrue(r.err().contains("1 skipped (not dumps)"), r.err());
        Path lines = Files.writeString(dir.resolve("fleet.jsonl"), r.out());

        List<Share> expected = shares(r.out());
        assertTrue(expected.stream().anyMatch(s -> s.choice().equals("portable") && s.dumps() == 1), expected.toString());

        Path docs = ReportSchema.FILE.getParent().resolve("cli.md");
        Matcher m = QUERY.matcher(Files.readString(docs));
        assertTrue(m.find(), "docs/cli.md shows the query after <!-- fleet-share-query -->");
        String sql = m.group(1).replace("'fleet.jsonl'", "'" + lines.toString().replace("'", "''") + "'");
        List<Share> answered = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql)) {
            while (rs.next()) {
                answered.add(new Share(rs.getString("point"), rs.getString("choice"), rs.getLong("dumps"),
                        rs.getBigDecimal("percent").setScale(1, RoundingMode.HALF_UP)));
            }
        }
        assertEquals(expected, answered);
    }

    /** Each point's choices with how many lines have them and their share, counted in Java. */
    private static List<Share> shares(String jsonLines) throws Exception {
        ObjectMapper json = new ObjectMapper();
        Map<String, Map<String, Long>> counts = new TreeMap<>();
        for (String line : jsonLines.lines().toList()) {
            JsonNode dispatch = json.readTree(line).path("dispatch");
            dispatch.fields().forEachRemaining(e -> counts.computeIfAbsent(e.getKey(), k -> new TreeMap<>())
                    .merge(e.getValue().path("selected").asText(), 1L, Long::sum));
        }
        List<Share> shares = new ArrayList<>();
        counts.forEach((point, choices) -> {
            long total = choices.values().stream().mapToLong(Long::longValue).sum();
            choices.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder()).thenComparing(Map.Entry.comparingByKey()))
                    .forEach(e -> shares.add(new Share(point, e.getKey(), e.getValue(),
                            BigDecimal.valueOf(100.0 * e.getValue() / total).setScale(1, RoundingMode.HALF_UP))));
        });
        return shares;
    }
}
