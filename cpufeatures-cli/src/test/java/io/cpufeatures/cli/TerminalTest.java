package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet progress bar on a real (pseudo-)terminal: rows never follow the bar on its line, and
 * nothing of it reaches stderr when stderr is not the terminal.
 */
class TerminalTest {

    /** More dumps than the bar needs to show. */
    private static final int DUMPS = FleetCommand.PROGRESS_ABOVE + 5;

    @TempDir
    static Path tmp;

    private static Path dir;

    @BeforeAll
    static void fleet() throws Exception {
        dir = Files.createDirectory(tmp.resolve("fleet"));
        for (int i = 0; i < DUMPS; i++) {
            EmulatedDumps.write(dir, String.format("dump%02d.txt", i), i % 2 == 0 ? EmulatedDumps.zen4() : EmulatedDumps.core2(), i + 1);
        }
    }

    @Test
    void onATerminalEveryRowIsOnALineOfItsOwnAndTheBarIsGoneAtTheEnd() throws Exception {
        String typescript = Subprocess.onTerminal(Subprocess.shell(Subprocess.command(List.of(),
                List.of("fleet", dir.toString()))), "");
        assertTrue(typescript.contains("] 1/" + DUMPS), "the bar was drawn: " + typescript);
        List<String> screen = screen(typescript);
        assertEquals(DUMPS + 1, screen.size(), "one row per dump, the summary and nothing else:\n" + String.join("\n", screen));
        for (int i = 0; i < DUMPS; i++) {
            assertTrue(screen.get(i).startsWith(String.format("dump%02d.txt  x%d  ", i, i + 1)), screen.get(i));
            assertFalse(screen.get(i).contains("["  + "#"), screen.get(i));
        }
    }

    @Test
    void withStderrRedirectedNoFrameLandsInTheFile() throws Exception {
        Path err = tmp.resolve("stderr.txt");
        String typescript = Subprocess.onTerminal(Subprocess.shell(Subprocess.command(List.of(),
                List.of("fleet", dir.toString()))) + " 2>" + Subprocess.shell(List.of(err.toString())), "");
        assertEquals("", Files.readString(err), "stderr is a file: no progress");
        assertEquals(DUMPS + 1, screen(typescript).size(), typescript);
    }

    /**
     * The lines a terminal shows after {@code typescript}: a carriage return moves to the start of the
     * line, text overwrites what is there, a line feed starts a new line; blank lines are dropped.
     */
    static List<String> screen(String typescript) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        int column = 0;
        for (int i = 0; i < typescript.length(); i++) {
            char c = typescript.charAt(i);
            if (c == '\r') {
                column = 0;
            } else if (c == '\n') {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
                column = 0;
            } else {
                if (column < line.length()) {
                    line.setCharAt(column, c);
                } else {
                    line.append(c);
                }
                column++;
            }
        }
        lines.add(line.toString().stripTrailing());
        lines.removeIf(String::isEmpty);
        return lines;
    }
}
