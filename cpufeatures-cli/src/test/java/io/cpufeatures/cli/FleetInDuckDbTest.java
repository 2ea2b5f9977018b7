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

    private static final Pattern BLOCK = Pattern.compile("<!-- fleet-share-query -->\\n```sh\\n(.*?)```", Pattern.DOTALL);

    /** One row of the answer. */
    record Share(String point, String choice, long dumps, BigDecimal percent) {
    }

    /**
     * The block of docs/cli.md run as written in an empty directory by {@code sh}: {@code cpufeatures} is this build's
     * command, and {@code duckdb} a stand-in that keeps the SQL it is given, which DuckDB's JDBC driver then runs there.
     * Two emulated dumps are put in the folder beside the one the block writes, so that the shares differ.
     */
    @Test
    void theDocumentedBlockRunsAsWrittenAndDuckDbAnswersAsJavaCounts(@TempDir Path dir) throws Exception {
        Path bin = Files.createDirectory(dir.resolve("bin"));
        Path work = Files.createDirectory(dir.resolve("work"));
        Path fleet = Files.createDirectory(work.resolve("fleet"));
        EmulatedDumps.write(fleet, "zen4.txt", EmulatedDumps.zen4(), 2);
        EmulatedDumps.write(fleet, "core2.txt", EmulatedDumps.core2(), 1);
        Files.writeString(fleet.resolve("notes.md"), "not a dump\n");
        String javaCommand = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        script(bin.resolve("cpufeatures"), "exec '" + javaCommand + "' -cp '" + System.getProperty("java.class.path") + "' "
                + Main.class.getName() + " \"$@\"");
        script(bin.resolve("duckdb"), "cat > duckdb-input.sql");

        Matcher m = BLOCK.matcher(Files.readString(ReportSchema.FILE.getParent().resolve("cli.md")));
        assertTrue(m.find(), "docs/cli.md shows the block after <!-- fleet-share-query -->");
        ProcessBuilder sh = new ProcessBuilder("sh", "-e", "-c", m.group(1)).directory(work.toFile())
                .redirectErrorStream(true);
        sh.environment().put("PATH", bin + java.io.File.pathSeparator + System.getenv("PATH"));
        Process p = sh.start();
        String output = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, java.util.concurrent.TimeUnit.SECONDS));
        assertEquals(0, p.exitValue(), output);
        assertTrue(Files.exists(work.resolve("share.sql")), "the block writes share.sql");
        String jsonLines = Files.readString(work.resolve("fleet.jsonl"));
        assertEquals(3, jsonLines.lines().count(), jsonLines);
        List<Share> expected = shares(jsonLines);
        assertTrue(expected.stream().anyMatch(s -> s.choice().equals("portable") && s.dumps() == 1), expected.toString());

        String sql = Files.readString(work.resolve("duckdb-input.sql")).replace("'fleet.jsonl'",
                "'" + work.resolve("fleet.jsonl").toString().replace("'", "''") + "'");
        List<Share> answered = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement s = c.createStatement();
                ResultSet rs = s.executeQuery(sql.strip().replaceAll(";$", ""))) {
            while (rs.next()) {
                answered.add(new Share(rs.getString("point"), rs.getString("choice"), rs.getLong("dumps"),
                        rs.getBigDecimal("percent").setScale(1, RoundingMode.HALF_UP)));
            }
        }
        assertEquals(expected, answered);
    }

    private static void script(Path file, String body) throws Exception {
        Files.writeString(file, "#!/bin/sh\n" + body + "\n");
        file.toFile().setExecutable(true);
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
