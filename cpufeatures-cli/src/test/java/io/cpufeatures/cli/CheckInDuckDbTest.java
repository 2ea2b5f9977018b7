package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code check --json} lines load as they are into DuckDB ({@code read_json_auto}): the machines that do not run the
 * target (by the query docs/check.md shows), and the summary's best level, are what reading the lines in Java gives.
 */
class CheckInDuckDbTest {

    private static final Pattern DOCUMENTED = Pattern.compile("<!-- check-duckdb-query -->\\n```sql\\n(.*?);\\n",
            Pattern.DOTALL);

    @Test
    void duckDbCountsTheMachinesAsTheLinesSay(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        EmulatedDumps.write(fleet, "haswell.txt", EmulatedDumps.haswell(), 4);
        EmulatedDumps.write(fleet, "skx.txt", EmulatedDumps.skylakeServer(), 2);
        EmulatedDumps.write(fleet, "core2.txt", EmulatedDumps.merom(), 2);
        EmulatedDumps.write(fleet, "zen4.txt", EmulatedDumps.zen4(), 2);
        CliTest.Run r = CliTest.run("check", "--json", "--target", "x86-64-v3", fleet.toString());
        assertEquals(1, r.exit(), r.err());
        Path lines = Files.writeString(dir.resolve("check.jsonl"), r.out());

        ObjectMapper json = new ObjectMapper();
        long machines = 0;
        long notRun = 0;
        List<String> expected = new ArrayList<>();
        String level = null;
        for (String line : r.out().lines().toList()) {
            JsonNode n = json.readTree(line);
            if (n.path("kind").asText().equals("machine")) {
                machines++;
                notRun += n.path("runs").asBoolean() ? 0 : 1;
                if (!n.path("runs").asBoolean()) {
                    boolean avx2 = false;
                    for (JsonNode missing : n.path("missing")) {
                        avx2 |= missing.asText().equals("avx2");
                    }
                    expected.add(n.path("file").asText() + " " + avx2 + " " + n.path("verdict").asText());
                }
            } else {
                level = n.path("best").path(0).path("level").asText();
            }
        }
        assertEquals(4, machines);
        assertEquals(1, notRun, r.out());
        // the Core 2 has no POPCNT
        assertEquals("x86-64-v1", level);

        String file = "'" + lines.toString().replace("'", "''") + "'";
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement()) {
            try (ResultSet rs = s.executeQuery("SELECT count(*) AS machines, count(*) FILTER (WHERE NOT runs) AS not_run,"
                    + " count(*) FILTER (WHERE list_contains(missing, 'avx2')) AS without_avx2"
                    + " FROM read_json_auto(" + file + ") WHERE kind = 'machine'")) {
                assertTrue(rs.next());
                assertEquals(machines, rs.getLong("machines"));
                assertEquals(notRun, rs.getLong("not_run"));
                assertEquals(1, rs.getLong("without_avx2"));
            }
            // docs/check.md's query, as written, on these lines: the machines that do not run, in file order
            Matcher m = DOCUMENTED.matcher(Files.readString(ReportSchema.FILE.getParent().resolve("check.md")));
            assertTrue(m.find(), "docs/check.md shows the query after <!-- check-duckdb-query -->");
            String query = m.group(1).strip().replaceAll(";$", "").replace("'check.jsonl'", file);
            List<String> notRunning = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(query)) {
                while (rs.next()) {
                    notRunning.add(rs.getString("file") + " " + rs.getBoolean("lacks_avx2") + " " + rs.getString("verdict"));
                }
            }
            assertEquals(expected, notRunning);
            try (ResultSet rs = s.executeQuery("SELECT best[1].level AS level, machines, run FROM read_json_auto("
                    + file + ") WHERE kind = 'summary'")) {
                assertTrue(rs.next());
                assertEquals(level, rs.getString("level"));
                assertEquals(machines, rs.getLong("machines"));
                assertEquals(machines - notRun, rs.getLong("run"));
            }
        }
    }
}
