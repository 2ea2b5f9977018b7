package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every dump format a module reads, at the 16 MiB size limit in the shape that costs its reader most (many lines,
 * keys, processors, unknown names or kinds; one endless line), read by {@code report --cpuid-file} in a JVM of its
 * own with the 64 MiB heap a dump at the limit is promised ({@link Main#DUMP_HEAP_MIB}): each is read, or refused
 * with the file's one-line error, and the command ends within {@value #SECONDS} s. That bound is not a measurement
 * (the machine may be busy): a reader quadratic in its input, or one that holds what it does not use, misses it by
 * far, or runs out of heap.
 *
 * <p>The formats are those the modules' {@code SnapshotFormat}s read: x86's {@code cpuid -r}, AIDA64, libcpuid raw
 * and {@code .test}, an Intel Mac's {@code sysctl} listing and Coreinfo's output; AArch64's own dump, an Apple-silicon
 * Mac's {@code sysctl} listing and Windows on Arm's registry keys; ppc64le's own dump; and each architecture's Linux
 * {@code /proc/cpuinfo}, and bytes that are no text at all. {@link SmallHeapTest} has the AArch64 dump of identical CPUs
 * and of distinct ones.
 */
class HostileDumpsTest {

    private static final int SECONDS = 20;

    @TempDir
    Path dir;

    /** A Zen 4's leaves, as the emulation API builds them. */
    private static Map<CpuidLeaf, CpuidRegisters> zen4() {
        return ((CpuidSnapshot) EmulatedDumps.zen4().decode().snapshot().orElseThrow()).leaves();
    }

    /**
     * {@code head}, then {@code unit.apply(0)}, {@code unit.apply(1)}... as long as the file stays within
     * {@link CpuDumps#MAX_BYTES}, then {@code tail}; asserts the file is within a few KiB of the limit.
     */
    private Path fill(String name, String head, IntFunction<String> unit, String tail) throws Exception {
        StringBuilder sb = new StringBuilder(CpuDumps.MAX_BYTES).append(head);
        for (int i = 0; ; i++) {
            String u = unit.apply(i);
            if (sb.length() + u.length() + tail.length() > CpuDumps.MAX_BYTES) {
                break;
            }
            sb.append(u);
        }
        sb.append(tail);
        Path file = Files.writeString(dir.resolve(name), sb, StandardCharsets.ISO_8859_1);
        assertTrue(Files.size(file) > CpuDumps.MAX_BYTES - 8192, name + ": " + Files.size(file));
        return file;
    }

    private static Subprocess.Result report(Path file) throws Exception {
        return Subprocess.run(Subprocess.command(List.of("-Xmx" + Main.DUMP_HEAP_MIB + "m"),
                List.of("report", "--json", "--cpuid-file", file.toString())), new byte[0], SECONDS);
    }

    /** The report of {@code file}: read, saying {@code expected}. */
    private static void read(Path file, String... expected) throws Exception {
        Subprocess.Result r = report(file);
        assertEquals(0, r.exit(), file + ": " + r.err());
        for (String e : expected) {
            assertTrue(r.out().contains(e), file + ": no '" + e + "' in " + r.out());
        }
    }

    /** The report of {@code file}: refused, in one line naming the file and a line of it, saying {@code problem}. */
    private static void refused(Path file, String problem) throws Exception {
        Subprocess.Result r = report(file);
        assertEquals(1, r.exit(), file + ": " + r.out() + r.err());
        String why = file.getFileName() + ": " + r.err();
        assertEquals(1, r.err().lines().count(), why);
        assertFalse(r.err().contains("out of memory"), why);
        String prefix = "cpufeatures: " + java.util.regex.Pattern.quote(file.toString());
        assertTrue(r.err().matches(prefix + ":[1-9][0-9]*: .*\\R"), "the file's error, on a line of it: " + why);
        assertTrue(r.err().contains(problem), why);
    }

    private static String cpuidR(int cpu, Map<CpuidLeaf, CpuidRegisters> leaves) {
        StringBuilder sb = new StringBuilder("CPU ").append(cpu).append(":\n");
        leaves.forEach((k, r) -> sb.append(String.format(
                "   0x%08x 0x%02x: eax=0x%08x ebx=0x%08x ecx=0x%08x edx=0x%08x%n", k.leaf(), k.subleaf(), r.eax(), r.ebx(),
                r.ecx(), r.edx())));
        return sb.toString();
    }

    @Test
    void cpuidR() throws Exception {
        Map<CpuidLeaf, CpuidRegisters> zen4 = zen4();
        String cpu = cpuidR(0, zen4).substring("CPU 0:\n".length());
        read(fill("identical.cpuid-r.txt", "", i -> "CPU " + i + ":\n" + cpu, ""), "(cpuid_r, ", " logical CPUs, 1 distinct)",
                "Zen 4");
        // each CPU its own thermal and power leaf: a kind per CPU, refused at the 65th
        refused(fill("distinct.cpuid-r.txt", "", i -> {
            Map<CpuidLeaf, CpuidRegisters> leaves = new java.util.TreeMap<>(zen4);
            leaves.put(new CpuidLeaf(0x6, 0), new CpuidRegisters(i, 0, 0, 0));
            return cpuidR(i, leaves);
        }, ""), "the CPU of this line is one of more than 64 distinct kinds");
        // one CPU of as many subleaves as fit
        refused(fill("subleaves.cpuid-r.txt", cpuidR(0, zen4), i -> String.format(
                "   0x00000012 0x%x: eax=0x00000000 ebx=0x00000000 ecx=0x00000000 edx=0x00000000%n", i + 0x10), ""),
                "more than 4096 register lines");
        // one endless line, blanks around it
        refused(fill("line.cpuid-r.txt", cpuidR(0, zen4) + "   ", i -> " x", "   \n"), "unrecognised line '");
    }

    @Test
    void aida64() throws Exception {
        StringBuilder cpu = new StringBuilder();
        zen4().forEach((k, r) -> cpu.append(String.format("CPUID %08X: %08X-%08X-%08X-%08X [SL %02X]%n", k.leaf(),
                r.eax(), r.ebx(), r.ecx(), r.edx(), k.subleaf())));
        // no headers: a repeated leaf 0 starts the next CPU
        read(fill("identical.aida64.txt", "", i -> cpu.toString(), ""), "(aida64, ", " logical CPUs, 1 distinct)",
                "Zen 4");
        // report text is skipped, line by line
        read(fill("text.aida64.txt", cpu.toString(), i -> "Field " + i + "   Value of the report\n", ""),
                "(aida64, 1 logical CPUs, 1 distinct)", "Zen 4");
        // one endless line of report text, blanks around it
        read(fill("line.aida64.txt", cpu + "   ", i -> "report ", "  \n"), "(aida64, 1 logical CPUs, 1 distinct)");
        // one CPU of as many subleaves as fit
        refused(fill("subleaves.aida64.txt", cpu.toString(), i -> String.format(
                "CPUID 00000012: 00000000-00000000-00000000-00000000 [SL %X]%n", i + 0x10), ""),
                "more than 4096 register lines");
    }

    private static String libcpuid() {
        StringBuilder sb = new StringBuilder();
        zen4().forEach((k, r) -> {
            if (k.subleaf() == 0) {
                sb.append(String.format("%s[%d]=%08x %08x %08x %08x%n", k.leaf() < 0 ? "ext_cpuid" : "basic_cpuid",
                        k.leaf() & 0x7fff_ffff, r.eax(), r.ebx(), r.ecx(), r.edx()));
            }
        });
        return sb.toString();
    }

    @Test
    void libcpuidRaw() throws Exception {
        String cpu = libcpuid();
        read(fill("identical.raw", "", i -> cpu, ""), "(libcpuid_raw, ", " logical CPUs, 1 distinct)", "Zen 4");
        refused(fill("subleaves.raw", cpu, i -> "intel_fn4[" + i + "]=00000000 00000000 00000000 00000000\n", ""),
                "more than 4096 register lines");
        // one endless line of values
        refused(fill("line.raw", cpu + "basic_cpuid[40]=", i -> " 0", " \n"), "malformed values '");
    }

    @Test
    void libcpuidTest() throws Exception {
        // what follows the 80 dashes is libcpuid's expected output, not read
        read(fill("expected.test", libcpuid() + "-".repeat(80) + "\n", i -> "cpu_codename=Zen 4 " + i + "\n", ""),
                "(libcpuid_raw, 1 logical CPUs, 1 distinct)", "Zen 4");
        // an endless line of dashes before the separator: not the separator, and not a line of the dump
        refused(fill("dashes.test", libcpuid() + " ", i -> "--------", " \n" + "-".repeat(80) + "\nfamily=25\n"),
                "unrecognised line '");
    }

    @Test
    void anIntelMacsSysctlListing() throws Exception {
        String mac = "machdep.cpu.vendor: GenuineIntel\nmachdep.cpu.family: 6\nmachdep.cpu.model: 60\n"
                + "machdep.cpu.stepping: 3\nmachdep.cpu.brand_string: Intel(R) Core(TM) i7-4770HQ CPU @ 2.20GHz\n"
                + "machdep.cpu.features: FPU VME DE PSE TSC MSR PAE MCE CX8 APIC SEP MTRR PGE MCA CMOV PAT PSE36 CLFSH DS"
                + " ACPI MMX FXSR SSE SSE2 SS HTT TM PBE SSE3 PCLMULQDQ DTES64 MON DSCPL VMX EST TM2 SSSE3 FMA CX16 TPR"
                + " PDCM SSE4.1 SSE4.2 x2APIC MOVBE POPCNT AES PCID XSAVE OSXSAVE SEGLIM64 TSCTMR AVX1.0 RDRAND F16C\n"
                + "hw.logicalcpu: 8\n";
        // 900,000 keys the reader does not use
        read(fill("keys.sysctl.txt", mac, i -> "kern.x" + i + ": " + i + "\n", ""),
                "(macos-sysctl, 8 logical CPUs, 1 distinct)", "Haswell");
        // one key whose value is a million words
        read(fill("words.sysctl.txt", mac + "machdep.cpu.leaf7_features:", i -> " AVX2", "\n"), "Haswell", "\"avx2\"");
    }

    @Test
    void coreinfo() throws Exception {
        String head = "Intel(R) Core(TM) i7-6700HQ CPU @ 2.60GHz\nIntel64 Family 6 Model 94 Stepping 3, GenuineIntel\n"
                + "SSE2            *       Supports Streaming SIMD Extensions 2\n";
        // a million feature names Coreinfo's table does not have
        read(fill("names.coreinfo.txt", head, i -> "N" + i + " * x\n", ""), "(coreinfo, 1 logical CPUs, 1 distinct)",
                "Skylake");
        // one endless line, blanks around it
        refused(fill("line.coreinfo.txt", head + "  ", i -> "SSE2 ", " \n"),
                "characters; the lines of a dump are at most 65536");
    }

    @Test
    void anAppleSiliconMacsSysctlListing() throws Exception {
        String mac = "hw.cpufamily: 458787763\nhw.logicalcpu: 8\nhw.optional.neon: 1\nhw.optional.arm.FEAT_AES: 1\n";
        // 900,000 keys the reader does not use
        read(fill("keys.sysctl.txt", mac, i -> "hw.x" + i + ": " + i + "\n", ""),
                "(macos-sysctl, 8 logical CPUs, 1 distinct)", "\"aes\"");
        // one key whose value is the rest of the file
        read(fill("value.sysctl.txt", mac + "kern.version: ", i -> "Darwin ", "\n"),
                "(macos-sysctl, 8 logical CPUs, 1 distinct)");
    }

    @Test
    void windowsOnArmsRegistryKeys() throws Exception {
        String head = "    Hive: HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\n\n";
        // as many processors as fit, alike, each with more untracked values than a real one
        StringBuilder values = new StringBuilder();
        for (int v = 0; v < 40; v++) {
            values.append("                               Identifier : ARMv8 (64-bit) Family 8 Model D4B Revision   0\n");
        }
        read(fill("alike.registry.txt", head, i -> i + "    CP 4000 : 1091556528\n"
                + "                               CP 4020 : 1224979098931106066\n" + values, ""),
                "(windows-registry, ", " logical CPUs, 1 distinct)");
        // each processor a kind of its own (its MIDR's revision), as reg query prints them
        refused(fill("distinct.registry.txt", "", i -> "HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\\"
                + i + "\n    CP 4000    REG_QWORD    0x" + Integer.toHexString(0x410fd4b0 + (i & 0xf) + (i >> 4 << 24))
                + "\n", ""), "the CPU of this line is one of more than 64 distinct kinds");
        // one endless line
        refused(fill("line.registry.txt", head + "0    CP 4000 : 1091556528\n   ", i -> " CP", " \n"),
                "characters; the lines of a dump are at most 65536");
    }

    @Test
    void theAArch64DumpsEndlessLine() throws Exception {
        refused(fill("line.aarch64.txt", "cpufeatures-aarch64-dump 1\ncpu 0\nhwcap", i -> " 0x1", "\n"),
                "characters; the lines of a dump are at most 65536");
    }

    /** An x86 kernel's processor block ({@code arch/x86/kernel/cpu/proc.c}), a Haswell's as Linux 4.x prints it. */
    private static String x86Block(int processor, int model) {
        return "processor\t: " + processor + "\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: " + model
                + "\nmodel name\t: Intel(R) Core(TM) i7-4800MQ CPU @ 2.70GHz\nstepping\t: 3\nmicrocode\t: 0x1c\n"
                + "cpu MHz\t\t: 3154.042\ncache size\t: 6144 KB\nphysical id\t: 0\nsiblings\t: 8\ncore id\t\t: 0\n"
                + "flags\t\t: fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36 clflush dts acpi mmx"
                + " fxsr sse sse2 ss ht tm pbe syscall nx pdpe1gb rdtscp lm constant_tsc arch_perfmon pebs bts rep_good nopl"
                + " xtopology nonstop_tsc aperfmperf eagerfpu pni pclmulqdq dtes64 monitor ds_cpl vmx smx est tm2 ssse3 fma"
                + " cx16 xtpr pdcm pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave avx f16c rdrand"
                + " lahf_lm abm ida arat epb pln pts dtherm tpr_shadow vnmi flexpriority ept vpid fsgsbase tsc_adjust bmi1"
                + " avx2 smep bmi2 erms invpcid xsaveopt\nbogomips\t: 5388.09\npower management:\n\n";
    }

    /**
     * {@code block} and a comment line that makes it 2,100 bytes: a kernel numbers 8,192 processors at most (a text
     * with more is refused), so it takes blocks of this size for a text of processors to reach the 16 MiB limit.
     */
    private static String padded(String block) {
        return block + "# " + "-".repeat(Math.max(0, 2100 - block.length() - 3)) + "\n";
    }

    @Test
    void anX86KernelsProcCpuinfo() throws Exception {
        read(fill("identical.cpuinfo", "", i -> padded(x86Block(i, 60)), ""), "(proc_cpuinfo, ",
                " logical CPUs, 1 distinct)", "Haswell");
        // each processor a model of its own: a kind per processor, refused at the 65th
        refused(fill("distinct.cpuinfo", "", i -> x86Block(i, i & 0xff), ""),
                "the CPU of this line is one of more than 64 distinct kinds");
        // a flags line of a megabyte, and one endless line at the limit
        Path megabyte = Files.writeString(dir.resolve("flags.cpuinfo"), x86Block(0, 60).replace("flags\t\t: ",
                "flags\t\t: " + "fpu ".repeat(1 << 18)), StandardCharsets.ISO_8859_1);
        refused(megabyte, "characters; the lines of a dump are at most 65536");
        refused(fill("line.cpuinfo", "processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nflags\t\t:",
                i -> " fpu", "\n"), "characters; the lines of a dump are at most 65536");
    }

    @Test
    void anArm64AndAPowerpcKernelsProcCpuinfo() throws Exception {
        read(fill("identical.arm64.cpuinfo", "", i -> padded("processor\t: " + i + "\nBogoMIPS\t: 50.00\nFeatures\t: fp"
                + " asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs\n"
                + "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x3\nCPU part\t: 0xd0c\nCPU revision\t: 1\n")
                + "\n", ""), "(proc_cpuinfo, ", " logical CPUs, 1 distinct)", "Neoverse N1");
        // unpadded, the blocks run past the last processor a kernel numbers: refused there, read no further
        refused(fill("numbered.arm64.cpuinfo", "", i -> "processor\t: " + i + "\nFeatures\t: fp asimd\n"
                + "CPU implementer\t: 0x41\nCPU part\t: 0xd0c\n\n", ""), "'processor' is '8192'; accepted: a logical"
                + " CPU's number as the kernel prints it, 0 to 8191 in decimal, each once");
        // each processor a part of its own
        refused(fill("distinct.arm64.cpuinfo", "", i -> "processor\t: " + i + "\nFeatures\t: fp asimd\n"
                + "CPU implementer\t: 0x41\nCPU part\t: " + (i & 0xfff) + "\n\n", ""),
                "the CPU of this line is one of more than 64 distinct kinds");
        read(fill("identical.power.cpuinfo", "", i -> padded("processor\t: " + i + "\ncpu\t\t: POWER9 (raw), altivec"
                + " supported\nclock\t\t: 3800.000000MHz\nrevision\t: 2.2 (pvr 004e 1202)\n") + "\n", "timebase\t: 512000000\n"),
                "(proc_cpuinfo, ", " logical CPUs, 1 distinct)", "POWER9");
        refused(fill("line.power.cpuinfo", "processor\t: 0\nrevision\t: 2.2 (pvr 004e 1202)\ncpu\t\t: POWER9",
                i -> " POWER9", "\n"),
                "characters; the lines of a dump are at most 65536");
    }

    @Test
    void bytesThatAreNoText() throws Exception {
        byte[] garbage = new byte[CpuDumps.MAX_BYTES];
        new java.util.Random(41).nextBytes(garbage);
        Subprocess.Result r = report(Files.write(dir.resolve("garbage.bin"), garbage));
        assertEquals(1, r.exit(), r.out() + r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().contains("in no format of any module on the class path"), r.err());
        // the same after a processor line: a kernel's text, refused on the first line that is not one
        byte[] after = ("processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nflags\t\t: fpu\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        System.arraycopy(after, 0, garbage, 0, after.length);
        garbage[after.length] = 'x';
        refused(Files.write(dir.resolve("garbage.cpuinfo"), garbage), "");
    }

    @Test
    void thePpc64leDump() throws Exception {
        String cpu = "hwcap 0xdc0065c2\nhwcap2 0xaee00000\nplatform power9\nbase_platform power9\npvr 0x004e1202\n";
        read(fill("identical.ppc64le.txt", "cpufeatures-ppc64le-dump 1\n", i -> "cpu " + i + "\n" + cpu, ""),
                "(ppc64le_dump, ", " logical CPUs, 1 distinct)");
        // each CPU its own PVR: a kind per CPU, refused at the 65th
        refused(fill("distinct.ppc64le.txt", "cpufeatures-ppc64le-dump 1\n", i -> "cpu " + i + "\n"
                + cpu.replace("0x004e1202", String.format("0x%08x", 0x004e0000 + i)), ""),
                "the CPU of this line is one of more than 64 distinct kinds");
        // one endless line
        refused(fill("line.ppc64le.txt", "cpufeatures-ppc64le-dump 1\ncpu 0\nhwcap", i -> " 0x1", "\n"),
                "characters; the lines of a dump are at most 65536");
    }
}
