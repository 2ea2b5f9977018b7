package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.buildsupport.SharedCorpus;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.UnrecognisedDumpException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code fleet} over one folder of every kind of text a user has: the real machines' {@code /proc/cpuinfo} of the three
 * architecture modules' tests (x86, arm64, POWER) and two riscv64 ones, real {@code cpuid -r} dumps of the shared corpus
 * (when it is here) and emulated ones, libcpuid dumps, and the recorded macOS and Windows listings. One table: each
 * machine named on the line of each of its kinds of CPU (a big.LITTLE part one per core; identical CPUs of two files one
 * line naming both), with its level and, for a kernel's text, what the text does not state; no ERROR line; a riscv64
 * text is named with the module that is missing.
 */
class MixedFleetTest {

    /** The folders of the other modules' recorded texts, from this module's directory. */
    private static final List<String> FOLDERS = List.of("cpufeatures-x86/src/test/resources/io/cpufeatures/x86/proc-cpuinfo",
            "cpufeatures-aarch64/src/test/resources/io/cpufeatures/aarch64/proc-cpuinfo",
            "cpufeatures-ppc64le/src/test/resources/io/cpufeatures/ppc64le/proc-cpuinfo",
            "cpufeatures-cli/src/test/resources/io/cpufeatures/cli/proc-cpuinfo",
            "cpufeatures-x86/src/test/resources/io/cpufeatures/x86/macos",
            "cpufeatures-x86/src/test/resources/io/cpufeatures/x86/windows",
            "cpufeatures-aarch64/src/test/resources/io/cpufeatures/aarch64/macos",
            "cpufeatures-aarch64/src/test/resources/io/cpufeatures/aarch64/windows");

    /** The project's directory: the build names it, else this module's directory's parent. */
    private static Path root() {
        String project = System.getProperty("cpufeatures.project.dir");
        return project != null ? Path.of(project).toAbsolutePath().normalize()
                : Path.of(System.getProperty("user.dir")).toAbsolutePath().normalize().getParent();
    }

    /** Copies every text of {@code from} into {@code to}, its name prefixed so that no two collide. */
    private static List<Path> copy(Path from, String prefix, Path to) throws IOException {
        List<Path> copied = new ArrayList<>();
        try (Stream<Path> files = Files.list(from)) {
            for (Path f : files.sorted().toList()) {
                String name = f.getFileName().toString();
                if (name.endsWith(".txt") || name.endsWith(".test")) {
                    copied.add(Files.copy(f, to.resolve(prefix + "-" + name)));
                }
            }
        }
        return copied;
    }

    @Test
    void oneTableOfEveryFormatWithEachMachineNamedAndNoError(@TempDir Path dir) throws Exception {
        Path fleet = Files.createDirectory(dir.resolve("fleet"));
        List<Path> files = new ArrayList<>();
        for (String folder : FOLDERS) {
            String[] parts = folder.split("/");
            files.addAll(copy(root().resolve(folder), parts[0].replace("cpufeatures-", "") + "-" + parts[parts.length - 1],
                    fleet));
        }
        List<Path> libcpuid = copy(root().resolve("cpufeatures-x86/src/test/resources/io/cpufeatures/x86/libcpuid"),
                "libcpuid", fleet);
        files.addAll(libcpuid.subList(0, 3));
        for (Path extra : libcpuid.subList(3, libcpuid.size())) {
            Files.delete(extra);
        }
        files.add(EmulatedDumps.write(fleet, "emulated-zen4.cpuid-r.txt", EmulatedDumps.zen4(), 2));
        Path corpus = SharedCorpus.locate();
        if (corpus != null) {
            for (String real : List.of("il-GenuineIntel00406E3_Skylake_CPUID.cpuid-r.txt",
                    "il-GenuineIntel00706E5_IceLakeY_CPUID3.cpuid-r.txt", "il-AuthenticAMD0000670_K7_Morgan_CPUID.cpuid-r.txt")) {
                Path f = corpus.resolve("normalized").resolve(real);
                if (Files.isRegularFile(f)) {
                    files.add(Files.copy(f, fleet.resolve("corpus-" + real)));
                }
            }
        }
        assertTrue(files.stream().filter(f -> f.getFileName().toString().contains("proc-cpuinfo")).count() >= 40,
                "the recorded /proc/cpuinfo texts");

        CliTest.Run r = CliTest.run("fleet", fleet.toString());
        List<String> lines = r.out().lines().toList();
        assertEquals(0, r.exit(), r.out() + r.err());
        assertFalse(r.out().contains("  ERROR "), r.out());

        // what each file should be: its kinds of CPU, or the architecture whose module is missing
        Map<String, Integer> kinds = new TreeMap<>();
        Map<String, String> unread = new TreeMap<>();
        for (Path f : files) {
            boolean text = f.getFileName().toString().contains("proc-cpuinfo-");
            try {
                io.cpufeatures.core.CpuDump dump = CpuDumps.read(f);
                kinds.put(f.getFileName().toString(), dump.kinds().size());
                // each file goes to its own reader: a kernel's text to the text's, every other format to its own
                assertEquals(text, dump.format().equals("proc_cpuinfo"), f + " read as " + dump.format());
            } catch (UnrecognisedDumpException e) {
                unread.put(f.getFileName().toString(), e.architecture().orElseThrow(() -> new AssertionError(f + ": " + e)));
            }
        }
        assertEquals(Map.of("cli-proc-cpuinfo-riscv64-milk-v-pioneer-sg2042.txt", "riscv64",
                "cli-proc-cpuinfo-riscv64-starfive-visionfive2.txt", "riscv64"), unread);

        // the table: one line per kind of CPU, naming the files that describe it
        Map<String, Integer> named = new LinkedHashMap<>();
        List<String> rows = new ArrayList<>();
        for (String line : lines) {
            if (line.startsWith("fleet: ")) {
                assertEquals("fleet: " + kinds.size() + " dumps read, ", line.substring(0, line.indexOf("read, ") + 6), line);
                assertTrue(line.endsWith(", 0 failed"), line);
                continue;
            }
            if (line.contains("  SKIPPED ")) {
                String file = Path.of(line.substring(0, line.indexOf("  SKIPPED "))).getFileName().toString();
                assertEquals("riscv64", unread.remove(file), line);
                assertTrue(line.endsWith("SKIPPED a Linux kernel's /proc/cpuinfo for riscv64: no riscv64 module is on the"
                        + " class path (cpufeatures has none for riscv64)"), line);
                continue;
            }
            rows.add(line);
            for (String file : line.substring(0, line.indexOf("  x")).split(", ")) {
                named.merge(file, 1, Integer::sum);
            }
        }
        assertEquals(Map.of(), unread, "every riscv64 text is named with what is missing");
        assertEquals(kinds, new TreeMap<>(named), "each file on one line per kind of CPU it describes");
        assertTrue(named.entrySet().stream().filter(e -> e.getKey().contains("snapdragon-8-gen3")).allMatch(e -> e.getValue()
                == 3), "a Snapdragon 8 Gen 3 is its three cores");

        // the same fleet as JSON Lines: every line a documented object, each text's CPUs with what it does not state
        CliTest.Run json = CliTest.run("fleet", "--json", fleet.toString());
        assertEquals(0, json.exit(), json.err());
        List<String> objects = json.out().lines().toList();
        assertEquals(kinds.size(), objects.size(), "one object per dump file");
        for (String object : objects) {
            ReportSchema.assertValid(object, object.substring(0, Math.min(120, object.length())));
            if (object.contains("proc-cpuinfo-")) {
                assertTrue(object.contains("\"unstated\""), object.substring(0, 200));
            }
        }

        for (String row : rows) {
            // a kernel's or a tool's text, not the registers, says what it could not say (Windows on Arm's registry
            // keys are the ID registers themselves)
            if (row.contains("proc-cpuinfo-") || row.contains("-macos-") || row.contains("x86-windows-")) {
                assertTrue(row.contains("  not stated: "), "what the text could not say: " + row);
            } else {
                assertFalse(row.contains("  not stated: "), "a CPUID dump states the registers: " + row);
            }
            if (row.contains("proc-cpuinfo-")) {
                assertTrue(row.matches(".*  (x86-64-v[1-4]|none|Armv[89]\\.[0-9]-A|ISA [0-9.]+)  .*"), "its level: " + row);
            }
        }
    }
}
