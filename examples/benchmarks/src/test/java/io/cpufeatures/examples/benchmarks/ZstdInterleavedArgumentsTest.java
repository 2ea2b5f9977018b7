package io.cpufeatures.examples.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.examples.benchmarks.ZstdInterleaved.Arguments;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ZstdInterleavedArgumentsTest {

    @TempDir
    Path dir;

    private Path jar(String name) throws IOException {
        return Files.write(dir.resolve(name), new byte[] {0x50, 0x4b});
    }

    private static String refused(String... args) {
        return assertThrows(IllegalArgumentException.class, () -> Arguments.parse(args)).getMessage();
    }

    @Test
    void aWholeCommandLineIsParsedInOrder() throws IOException {
        Path old = jar("old.jar");
        Path now = jar("new.jar");
        Arguments a = Arguments.parse(new String[] {"frame", "1048576", "16", "old=" + old, "new=" + now});
        assertFalse(a.blocks());
        assertEquals(1048576, a.param());
        assertEquals(16, a.rounds());
        assertEquals(List.of("old", "new"), List.copyOf(a.versions().keySet()));
        assertEquals(old, a.versions().get("old"));
        assertTrue(Arguments.parse(new String[] {"block", "3", "1", "x=" + old}).blocks());
    }

    @Test
    void eachBadArgumentIsNamedWithWhatIsAccepted() throws IOException {
        String j = "old=" + jar("old.jar");
        assertTrue(refused("block", "1", "5").startsWith("expected a mode, a number, rounds and at least one NAME=JAR, got 3"));
        assertEquals("argument 1: unknown mode 'blok'; accepted: block, frame", refused("blok", "1", "5", j));
        assertEquals("argument 2: LEVEL '23' is not a whole number from 1 to 22", refused("block", "23", "5", j));
        assertEquals("argument 2: SIZE '-1' is not a whole number from 1 to 1073741824", refused("frame", "-1", "5", j));
        assertEquals("argument 3: ROUNDS 'x' is not a whole number from 1 to 1000000", refused("block", "1", "x", j));
        assertEquals("argument 3: ROUNDS '0' is not a whole number from 1 to 1000000", refused("block", "1", "0", j));
        assertEquals("argument 4: 'old.jar' is not NAME=JAR (a version's name, '=', its benchmarks jar)",
                refused("block", "1", "5", "old.jar"));
        assertEquals("argument 4: '=x.jar' is not NAME=JAR (a version's name, '=', its benchmarks jar)",
                refused("block", "1", "5", "=x.jar"));
        assertEquals("argument 5: the name 'old' is taken; each version needs its own name, not 'aircompressor'",
                refused("block", "1", "5", j, j));
        assertEquals("argument 4: the name 'aircompressor' is taken; each version needs its own name, not 'aircompressor'",
                refused("block", "1", "5", "aircompressor=" + dir.resolve("old.jar")));
        Path missing = dir.resolve("missing.jar");
        assertEquals("argument 4: JAR '" + missing + "' is not a file; give a benchmarks jar built from that version",
                refused("block", "1", "5", "new=" + missing));
    }
}
