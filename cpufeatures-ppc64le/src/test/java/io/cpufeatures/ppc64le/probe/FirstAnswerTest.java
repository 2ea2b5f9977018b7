package io.cpufeatures.ppc64le.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.WordBitsAnswer;
import io.cpufeatures.core.kit.WordBitsSource;
import io.cpufeatures.ppc64le.Ppc64leFeature;
import io.cpufeatures.ppc64le.rules.Ppc64leArchitecture;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import io.cpufeatures.ppc64le.table.Ppc64leTables;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The ppc64le first answer: its committed table is the one the full tables give, and its answers are the full
 * decode's on the bundled dumps and on random HWCAP words. Run with {@code -Dcpufeatures.tables.update=true} to
 * rewrite the table after changing a table.
 */
class FirstAnswerTest {

    private static final Path FILE = Paths.get(System.getProperty("cpufeatures.project.dir", ".."))
            .resolve("cpufeatures-ppc64le/src/main/java/io/cpufeatures/ppc64le/probe/FirstAnswerTable.java");

    static String generate() {
        return WordBitsSource.render("io.cpufeatures.ppc64le.probe", "FirstAnswerTable", "FirstAnswerTest",
                Ppc64leTables.FEATURES, Ppc64leTables.DEPENDENCIES, new Ppc64leArchitecture().vocabulary(),
                f -> f.word() - 1, Ppc64leFeature::bit, r -> false);
    }

    @Test
    void theCommittedTableIsTheOneTheFullTablesGive() throws IOException {
        String generated = generate();
        String committed = Files.exists(FILE) ? Files.readString(FILE, StandardCharsets.UTF_8) : "";
        if (Boolean.getBoolean("cpufeatures.tables.update") && !generated.equals(committed)) {
            Files.writeString(FILE, generated, StandardCharsets.UTF_8);
            committed = generated;
        }
        assertEquals(generated, committed, FILE + " is out of date; run ./mvnw -pl cpufeatures-ppc64le -am test"
                + " -Dtest=FirstAnswerTest -Dsurefire.failIfNoSpecifiedTests=false -Dcpufeatures.tables.update=true");
    }

    private static List<String> differences(String what, Ppc64leSnapshot s, int[] counts) {
        WordBitsAnswer first = WordBitsAnswer.of(FirstAnswerTable.TABLE, new long[] {s.hwcap(), s.hwcap2()});
        CpuFeatures full = CpuFeatures.of(s);
        List<String> out = new ArrayList<>();
        for (String name : new Ppc64leArchitecture().vocabulary().features().keySet()) {
            int a = first.answer(name);
            boolean expected = full.has(name);
            counts[expected ? 0 : 1]++;
            if (a == FirstAnswer.UNANSWERED || (a == FirstAnswer.USABLE) != expected) {
                out.add(what + ": " + name + " first " + a + ", full " + expected + " " + full.reasons(name));
            }
        }
        return out;
    }

    @Test
    void onTheBundledDumpsTheFirstAnswerIsTheFullDecodes() throws Exception {
        int[] counts = new int[2];
        List<String> diffs = new ArrayList<>();
        for (String path : List.of("qemu/qemu-power8.txt", "qemu/qemu-power9.txt", "qemu/qemu-power10.txt",
                "real/power8-redhat-cip.txt")) {
            String text;
            try (InputStream in = FirstAnswerTest.class.getResourceAsStream("/io/cpufeatures/ppc64le/" + path)) {
                text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            }
            Ppc64leSnapshot s = (Ppc64leSnapshot) CpuDumps.parse(path, text, Map.of()).kinds().get(0).cpu().snapshot()
                    .orElseThrow();
            diffs.addAll(differences(path, s, counts));
        }
        assertEquals(List.of(), diffs);
        assertTrue(counts[0] > 40 && counts[1] > 10, counts[0] + " usable, " + counts[1] + " not");
    }

    @Test
    void onRandomHwcapWordsTheFirstAnswerIsTheFullDecodes() {
        Random random = new Random(20261203);
        int[] counts = new int[2];
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < 300 && diffs.isEmpty(); i++) {
            long a = random.nextLong() | (i % 2 == 0 ? random.nextLong() : 0);
            long b = random.nextLong() | (i % 3 == 0 ? random.nextLong() : 0);
            Ppc64leSnapshot s = new Ppc64leSnapshot(a & 0xffff_ffffL, b & 0xffff_ffffL, Optional.empty(), Optional.empty(),
                    OptionalInt.empty(), SnapshotSource.emulated("random " + i));
            diffs.addAll(differences("random " + i, s, counts));
        }
        assertEquals(List.of(), diffs);
        assertTrue(counts[0] > 1000 && counts[1] > 1000, counts[0] + " usable, " + counts[1] + " not");
    }
}
