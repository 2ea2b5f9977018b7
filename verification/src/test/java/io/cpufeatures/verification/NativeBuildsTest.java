package io.cpufeatures.verification;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Native code reaches a jar one way: committed builds of a recipe ({@code src/main/c/native-builds}), which
 * {@code scripts/native-builds.sh} rebuilds and compares where the pinned compilers are (CI). Here, on any machine:
 * the builds are the ones their manifests say were made from today's sources, and no other native file lies in a
 * module's sources.
 */
class NativeBuildsTest {

    private static Path root() {
        return Paths.get(System.getProperty("cpufeatures.project.dir", "..")).toAbsolutePath().normalize();
    }

    @Test
    void everyModulesCommittedBuildsAreThoseOfItsSources() throws IOException {
        List<Path> modules = NativeBuilds.modules(root());
        assertFalse(modules.isEmpty(), "the RAID example has native builds");
        for (Path m : modules) {
            assertEquals(List.of(), NativeBuilds.problems(root(), m), root().relativize(m).toString());
        }
    }

    @Test
    void noNativeCodeLiesInTheSourcesOutsideTheCommittedBuilds() throws IOException {
        assertEquals(List.of(), NativeBuilds.strayBinaries(root()));
    }

    /** A copy of the RAID example's recipe, sources and builds, with the driver, to damage. */
    private static Path copy(Path dir) throws IOException {
        Path module = root().resolve("examples/raid-xor");
        for (String sub : List.of("src/main/c", "src/main/native")) {
            Path from = module.resolve(sub);
            try (Stream<Path> files = Files.walk(from)) {
                for (Path p : (Iterable<Path>) files::iterator) {
                    Path to = dir.resolve("examples/raid-xor").resolve(sub).resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(to);
                    } else {
                        Files.copy(p, to);
                    }
                }
            }
        }
        Files.createDirectories(dir.resolve("scripts"));
        Files.copy(root().resolve(NativeBuilds.DRIVER), dir.resolve(NativeBuilds.DRIVER));
        assertEquals(List.of(), NativeBuilds.problems(dir, dir.resolve("examples/raid-xor")));
        return dir.resolve("examples/raid-xor");
    }

    private static Path manifest(Path module) {
        return module.resolve("src/main/native/io/cpufeatures/examples/raid/native/xor.variants");
    }

    @Test
    void aSourceChangedWithoutItsBuildsIsCaught(@TempDir Path dir) throws IOException {
        Path m = copy(dir);
        Files.writeString(m.resolve("src/main/c/xor.c"), "/* changed */\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        List<String> problems = NativeBuilds.problems(dir, m);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("examples/raid-xor/src/main/c/xor.c changed after examples/raid-xor/src/main/native/io/cpufeatures/examples"
                + "/raid/native/xor.variants was built from it (SHA-256 "), problems.get(0));
        assertTrue(problems.get(0).endsWith("run scripts/native-builds.sh --update and commit the builds with it"));
    }

    @Test
    void aChangedRecipeOrDriverIsCaughtToo(@TempDir Path dir) throws IOException {
        Path m = copy(dir);
        Files.writeString(dir.resolve(NativeBuilds.DRIVER), "# edited\n", StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        assertTrue(NativeBuilds.problems(dir, m).get(0).startsWith("scripts/native-builds.sh changed after"));
    }

    @Test
    void aHeaderTheRecipeDoesNotListIsCaught(@TempDir Path dir) throws IOException {
        Path m = copy(dir);
        Files.writeString(m.resolve("src/main/c/xor.h"), "#define X 1\n");
        assertEquals(List.of("examples/raid-xor/src/main/c/xor.h is not a 'source' of examples/raid-xor/src/main/c/native-builds: a build could read it"
                + " and its hash would not say so"), NativeBuilds.problems(dir, m));
    }

    @Test
    void aDamagedMissingOrExtraBuildIsCaught(@TempDir Path dir) throws IOException {
        Path m = copy(dir);
        Path base = manifest(m).getParent();
        Path v3 = base.resolve("linux-x86_64/x86-64-v3/libcpfxor.so");
        byte[] bytes = Files.readAllBytes(v3);
        bytes[bytes.length / 2] ^= 1;
        Files.write(v3, bytes);
        Files.delete(base.resolve("linux-aarch64/sve/libcpfxor.so"));
        Files.writeString(base.resolve("linux-x86_64/extra.so"), "x");
        assertEquals(List.of(
                "examples/raid-xor/src/main/native/io/cpufeatures/examples/raid/native/linux-x86_64/x86-64-v3/libcpfxor.so does not hash"
                        + " to its manifest's SHA-256 " + hashOf(manifest(m), "linux-x86_64/x86-64-v3/libcpfxor.so"),
                "examples/raid-xor/src/main/native/io/cpufeatures/examples/raid/native/xor.variants lists linux-aarch64/sve/libcpfxor.so,"
                        + " which is not committed",
                "examples/raid-xor/src/main/native/io/cpufeatures/examples/raid/native/linux-x86_64/extra.so lies among the native"
                        + " builds, and no manifest lists it"),
                NativeBuilds.problems(dir, m));
    }

    @Test
    void aBuildTheManifestDoesNotListAsTheRecipeSaysIsCaught(@TempDir Path dir) throws IOException {
        Path m = copy(dir);
        Path recipe = m.resolve(NativeBuilds.RECIPE);
        Files.writeString(recipe, Files.readString(recipe).replace("x86-64-v2              -march", "x86-64-v3 -march"));
        List<String> problems = NativeBuilds.problems(dir, m);
        assertTrue(problems.get(0).startsWith("examples/raid-xor/src/main/c/native-builds changed after"), problems.toString());
        assertTrue(problems.get(1).contains("linux-x86_64/x86-64-v2/libcpfxor.so x86-64-v2")
                && problems.get(1).contains("linux-x86_64/x86-64-v2/libcpfxor.so x86-64-v3"), problems.toString());
    }

    @Test
    void nativeCodeInAModulesResourcesIsStray(@TempDir Path dir) throws IOException {
        Path res = Files.createDirectories(dir.resolve("mod/src/main/resources/lib"));
        Files.write(res.resolve("libx.so"), new byte[] {0x7f, 'E', 'L', 'F', 2, 1, 1, 0});
        Files.write(res.resolve("text.txt"), "ELF, but text".getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(res.resolve("libx.so")), NativeBuilds.strayBinaries(dir));
    }

    private static String hashOf(Path manifest, String file) throws IOException {
        for (String line : Files.readAllLines(manifest)) {
            if (line.startsWith(file + " ")) {
                return line.split(" ")[1];
            }
        }
        throw new AssertionError(file + " not in " + manifest);
    }
}
