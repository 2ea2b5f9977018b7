package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.rules.AArch64Architecture;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.aarch64.table.AArch64Table;
import io.cpufeatures.aarch64.testing.QemuDumps;
import io.cpufeatures.aarch64.rules.FeatureDependencies;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.FirstAnswer;
import io.cpufeatures.core.kit.WordBitsAnswer;
import io.cpufeatures.core.kit.WordBitsSource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The AArch64 first answer: its committed table is the one the full tables give, and its answers are the full
 * decode's on every bundled qemu model, on CPUs built in code with features the kernel hides, and on random HWCAP
 * words (which exercise the rows a kernel's grant outranks). Run with {@code -Dcpufeatures.tables.update=true} to
 * rewrite the table after changing a table.
 */
class FirstAnswerTest {

    private static final Path FILE = Paths.get(System.getProperty("cpufeatures.project.dir", ".."))
            .resolve("cpufeatures-aarch64/src/main/java/io/cpufeatures/aarch64/probe/FirstAnswerTable.java");

    static String generate() {
        return WordBitsSource.render("io.cpufeatures.aarch64.probe", "FirstAnswerTable", "FirstAnswerTest",
                AArch64Table.FEATURES, FeatureDependencies.DEPENDENCIES, new AArch64Architecture().vocabulary(),
                f -> f.word().ordinal(), AArch64Feature::bit, AArch64Architecture::grantCanOutrank);
    }

    @Test
    void theCommittedTableIsTheOneTheFullTablesGive() throws IOException {
        String generated = generate();
        String committed = Files.exists(FILE) ? Files.readString(FILE, StandardCharsets.UTF_8) : "";
        if (Boolean.getBoolean("cpufeatures.tables.update") && !generated.equals(committed)) {
            Files.writeString(FILE, generated, StandardCharsets.UTF_8);
            committed = generated;
        }
        assertEquals(generated, committed, FILE + " is out of date; run ./mvnw -pl cpufeatures-aarch64 -am test"
                + " -Dtest=FirstAnswerTest -Dsurefire.failIfNoSpecifiedTests=false -Dcpufeatures.tables.update=true");
    }

    private static long[] words(AArch64Snapshot s) {
        return new long[] {s.hwcap(), s.hwcap2(), s.hwcap3().orElse(0)};
    }

    /** The differences between the first answer and the full decode of {@code s}, over every name of the table. */
    private static List<String> differences(String what, AArch64Snapshot s, int[] counts) {
        WordBitsAnswer first = WordBitsAnswer.of(FirstAnswerTable.TABLE, words(s));
        CpuFeatures full = CpuFeatures.of(s);
        List<String> out = new ArrayList<>();
        for (String name : new AArch64Architecture().vocabulary().features().keySet()) {
            int a = first.answer(name);
            boolean expected = full.has(name);
            counts[expected ? 0 : 1]++;
            if (a == FirstAnswer.UNANSWERED || (a == FirstAnswer.USABLE) != expected) {
                out.add(what + ": " + name + " first " + a + ", full " + expected + " " + full.reasons(name));
            }
        }
        for (String group : new AArch64Architecture().vocabulary().groups().keySet()) {
            int a = first.answer(group);
            if (a != FirstAnswer.UNANSWERED && (a == FirstAnswer.USABLE) != full.has(group)) {
                out.add(what + ": group " + group);
            }
        }
        return out;
    }

    @Test
    void onEveryQemuModelAndCpuBuiltInCodeTheFirstAnswerIsTheFullDecodes() {
        int[] counts = new int[2];
        List<String> diffs = new ArrayList<>();
        for (String model : QemuDumps.MODELS) {
            AArch64Snapshot s = (AArch64Snapshot) QemuDumps.read(model).kinds().get(0).cpu().snapshot().orElseThrow();
            diffs.addAll(differences(model, s, counts));
        }
        diffs.addAll(differences("a53", ReferenceArmCpus.cortexA53().snapshot(), counts));
        diffs.addAll(differences("n1", ReferenceArmCpus.neoverseN1().snapshot(), counts));
        diffs.addAll(differences("a64fx", ReferenceArmCpus.a64fx().snapshot(), counts));
        diffs.addAll(differences("a510-like: bf16 hidden, svebf16 kept", ReferenceArmCpus.neoverseN1()
                .features("sve", "sve2", "bf16", "svebf16").hiddenByKernel("bf16").snapshot(), counts));
        assertEquals(List.of(), diffs);
        assertTrue(counts[0] > 300 && counts[1] > 300, counts[0] + " usable, " + counts[1] + " not");
    }

    @Test
    void onRandomHwcapWordsTheFirstAnswerIsTheFullDecodes() {
        Random random = new Random(20261203);
        int[] counts = new int[2];
        List<String> diffs = new ArrayList<>();
        for (int i = 0; i < 300 && diffs.isEmpty(); i++) {
            long density = random.nextInt(4);
            AArch64Snapshot s = AArch64Snapshot.builder(SnapshotSource.emulated("random " + i))
                    .hwcap(HwcapWord.HWCAP, bits(random, density)).hwcap(HwcapWord.HWCAP2, bits(random, density))
                    .hwcap(HwcapWord.HWCAP3, bits(random, density)).build();
            diffs.addAll(differences("random " + i, s, counts));
        }
        assertEquals(List.of(), diffs);
        assertTrue(counts[0] > 1000 && counts[1] > 1000, counts[0] + " usable, " + counts[1] + " not");
    }

    /** Random bits, mostly set when {@code density} is high, so that long dependency chains hold now and then. */
    private static long bits(Random random, long density) {
        long b = random.nextLong();
        for (int i = 0; i < density; i++) {
            b |= random.nextLong();
        }
        return b;
    }
}
