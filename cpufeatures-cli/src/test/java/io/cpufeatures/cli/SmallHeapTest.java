package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDumps;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Dumps at the size limit in small heaps: a 16 MiB AArch64 dump of 36,000 identical CPUs (one kind) is read in
 * a 64 MiB heap, one whose every CPU differs is refused as it is read, and a heap too small for a dump is one
 * line, never a stack trace.
 */
class SmallHeapTest {

    @TempDir
    static Path dir;
    static Path identical;
    static Path distinct;

    /** A Neoverse N1's block, as the qemu-aarch64 probe wrote it; {@code %s} is its REVIDR. */
    private static final String BLOCK = """
            hwcap 0x119ffb
            hwcap2 0x0
            hwcap3 absent
            id_registers mrs
            MIDR_EL1 0x414fd0c1
            REVIDR_EL1 %s
            ID_AA64PFR0_EL1 0x110011
            ID_AA64PFR1_EL1 0x20
            ID_AA64PFR2_EL1 0x0
            ID_AA64ZFR0_EL1 0x0
            ID_AA64SMFR0_EL1 0x0
            ID_AA64FPFR0_EL1 0x0
            ID_AA64ISAR0_EL1 0x100010211120
            ID_AA64ISAR1_EL1 0x100001
            ID_AA64ISAR2_EL1 0x0
            ID_AA64ISAR3_EL1 0x0
            ID_AA64MMFR0_EL1 0xff000000
            ID_AA64MMFR1_EL1 0x0
            ID_AA64MMFR2_EL1 0x0
            ID_AA64MMFR3_EL1 0x0
            sve_vector_bytes none
            sme_vector_bytes none
            """;

    /** A dump of as many CPUs as fit in {@link CpuDumps#MAX_BYTES}, all alike or each with its own REVIDR. */
    private static Path dump(String name, boolean alike) throws Exception {
        StringBuilder sb = new StringBuilder("cpufeatures-aarch64-dump 1\n");
        for (int cpu = 0; ; cpu++) {
            String block = "cpu " + cpu + "\n" + String.format(BLOCK, alike ? "0x0" : "0x" + Integer.toHexString(cpu));
            if (sb.length() + block.length() > CpuDumps.MAX_BYTES) {
                break;
            }
            sb.append(block);
        }
        return Files.writeString(dir.resolve(name), sb, StandardCharsets.US_ASCII);
    }

    @BeforeAll
    static void dumps() throws Exception {
        identical = dump("identical.txt", true);
        distinct = dump("distinct.txt", false);
    }

    private static Subprocess.Result run(String heap, String... args) throws Exception {
        return Subprocess.run(Subprocess.command(List.of(heap), List.of(args)), new byte[0]);
    }

    @Test
    void aDumpAtTheSizeLimitIsReadInA64MiBHeap() throws Exception {
        assertTrue(Files.size(identical) > CpuDumps.MAX_BYTES - 1024);
        Subprocess.Result r = run("-Xmx" + Main.DUMP_HEAP_MIB + "m", "report", "--cpuid-file", identical.toString());
        assertEquals(0, r.exit(), r.err());
        assertTrue(r.out().contains("Neoverse N1"), r.out());
        Subprocess.Result fleet = run("-Xmx" + Main.DUMP_HEAP_MIB + "m", "fleet", identical.toString());
        assertEquals(0, fleet.exit(), fleet.err());
    }

    /** The same dump on standard input: {@code report --cpuid-file -} and {@code fleet -} hold its text once. */
    @Test
    void aDumpAtTheSizeLimitOnStandardInputIsReadInA64MiBHeap() throws Exception {
        byte[] bytes = Files.readAllBytes(identical);
        for (List<String> args : List.of(List.of("report", "--cpuid-file", "-"), List.of("fleet", "-"))) {
            Subprocess.Result r = Subprocess.run(Subprocess.command(List.of("-Xmx" + Main.DUMP_HEAP_MIB + "m"), args),
                    bytes);
            assertEquals(0, r.exit(), args + ": " + r.out() + r.err());
            assertTrue(r.out().contains("Neoverse N1"), args + ": " + r.out());
        }
    }

    @Test
    void aDumpWhoseEveryCpuDiffersIsRefusedAsItIsRead() throws Exception {
        Subprocess.Result r = run("-Xmx" + Main.DUMP_HEAP_MIB + "m", "report", "--cpuid-file", distinct.toString());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("cpufeatures: " + distinct + ":"), r.err());
        assertTrue(r.err().contains(": the CPU of this line is one of more than 64 distinct kinds of logical CPU;"
                + " a dump of one machine holds a few, and at most 64 are read"), r.err());
    }

    @Test
    void aHeapTooSmallIsOneLineNeverAStackTrace() throws Exception {
        for (String command : List.of("report", "fleet")) {
            Subprocess.Result r = command.equals("report")
                    ? run("-Xmx24m", "report", "--cpuid-file", identical.toString())
                    : run("-Xmx24m", "fleet", identical.toString());
            String all = r.out() + r.err();
            assertFalse(all.contains("\tat "), command + ": " + all);
            assertTrue(all.contains("out of memory (Java heap space) with a heap of "), command + ": " + all);
            assertTrue(all.contains("is read in " + Main.DUMP_HEAP_MIB + " MiB of heap: give the JVM more with -Xmx"),
                    all);
            assertEquals(1, r.exit(), command + ": " + all);
        }
    }
}
