package io.cpufeatures.core.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.DumpFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Which kernel wrote a {@code /proc/cpuinfo}, told from the fields its {@code show_cpuinfo} prints (each text here the
 * first lines of the kernel's output as its file prints them), and the block reader every architecture module's text
 * reader shares: lines checked and numbered, only the fields asked for kept, long lines refused before they are split.
 */
class ProcCpuinfoTextTest {

    private static Optional<String> arch(String text) {
        return ProcCpuinfoText.architecture(text);
    }

    @Test
    void eachKernelIsToldApartByItsOwnFields() {
        assertEquals(Optional.of("x86_64"), arch("processor\t: 0\nvendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 60\n"
                + "model name\t: Intel(R) Core(TM) i7-4800MQ CPU @ 2.70GHz\nflags\t\t: fpu vme de\n"));
        assertEquals(Optional.of("aarch64"), arch("processor\t: 0\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd evtstrm aes\n"
                + "CPU implementer\t: 0x41\nCPU architecture: 8\nCPU variant\t: 0x0\nCPU part\t: 0xd03\nCPU revision\t: 4\n"));
        // arm64 before 3.19: the processor lines first, in the same block as one set of fields
        assertEquals(Optional.of("aarch64"), arch("Processor\t: AArch64 Processor rev 4 (aarch64)\nprocessor\t: 0\n"
                + "processor\t: 1\nFeatures\t: fp asimd evtstrm\nCPU implementer\t: 0x41\nCPU architecture: AArch64\n"
                + "CPU part\t: 0xd03\n"));
        assertEquals(Optional.of("arm"), arch("processor\t: 0\nmodel name\t: ARMv7 Processor rev 5 (v7l)\nBogoMIPS\t: 38.40\n"
                + "Features\t: half thumb fastmult vfp edsp neon vfpv3 tls vfpv4 idiva idivt vfpd32 lpae evtstrm\n"
                + "CPU implementer\t: 0x41\nCPU architecture: 7\nCPU part\t: 0xc07\n"));
        assertEquals(Optional.of("ppc64le"), arch("processor\t: 0\ncpu\t\t: POWER9 (raw), altivec supported\n"
                + "clock\t\t: 3800.000000MHz\nrevision\t: 2.2 (pvr 004e 1202)\n\ntimebase\t: 512000000\n"));
        assertEquals(Optional.of("ppc64le"), arch("cpu             : POWER10, altivec supported\n"
                + "revision        : 17.0 (pvr 0080 1100)\n"), "two lines a mail quotes");
        assertEquals(Optional.of("riscv64"), arch("processor\t: 0\nhart\t\t: 3\nisa\t\t: rv64imafdc_zicntr_zicsr\n"
                + "mmu\t\t: sv39\nuarch\t\t: sifive,u74-mc\n"));
        assertEquals(Optional.of("riscv64"), arch("\nhart\t: 0\nisa\t: rv64i2p0m2p0a2p0f2p0d2p0c2p0xv5-0p0\nmmu\t: sv39\n"));
        assertEquals(Optional.of("riscv32"), arch("processor\t: 0\nhart\t\t: 0\nisa\t\t: rv32imac\n"));
        assertEquals(Optional.of("s390x"), arch("vendor_id       : IBM/S390\n# processors    : 4\nbogomips per cpu: 3033.00\n"
                + "features\t: esan3 zarch stfle msa ldisp eimm dfp edat etf3eh highgprs te vx sie\n"));
        assertEquals(Optional.of("loongarch64"), arch("system type\t\t: generic-loongson-machine\n\nprocessor\t\t: 0\n"
                + "package\t\t\t: 0\nCPU Family\t\t: Loongson-64bit\nModel Name\t\t: Loongson-3A5000\n"));
        assertEquals(Optional.of("mips"), arch("system type\t\t: MediaTek MT7621 ver:1 eco:3\nmachine\t\t\t: Xiaomi Mi Router 3G\n"
                + "processor\t\t: 0\ncpu model\t\t: MIPS 1004Kc V2.15\n"));
    }

    @Test
    void theOtherDumpFormatsAreNoKernelsText() {
        for (String other : List.of("", "\n\n", "CPU 0:\n   0x00000000 0x00: eax=0x0000000d ebx=0x68747541 ecx=0x444d4163"
                + " edx=0x69746e65\n", "CPUID 00000000: 0000000D-68747541-444D4163-69746E65 [SL 00]\n",
                "basic_cpuid[0]=0000000d 68747541 444d4163 69746e65\n", "cpufeatures-aarch64-dump 1\ncpu 0\nhwcap 0x1\n",
                "machdep.cpu.vendor: GenuineIntel\nmachdep.cpu.features: FPU VME\n", "hw.optional.arm.FEAT_AES: 1\n",
                "Coreinfo v4.02 - Dump information on system CPU and memory topology\n",
                "    Hive: HKEY_LOCAL_MACHINE\\HARDWARE\\DESCRIPTION\\System\\CentralProcessor\n\nName  Property\n",
                "# only a comment\n", "\u0000\u0001\u00ff binary: garbage\n", "processor : 0\nmodel : 85\n",
                "Features : fp asimd\n")) {
            assertEquals(Optional.empty(), arch(other), other);
        }
    }

    @Test
    void recognitionLooksAtTheFirstLinesOnlyAndInPlace() {
        // a text of 8 MiB on one line, or of a million field lines, costs no more than its first lines
        String endless = "processor\t: 0\nvendor_id\t: " + "x".repeat(8 << 20);
        assertEquals(Optional.empty(), arch(endless), "no 'cpu family' nor 'flags' among the lines looked at");
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 1_000_000; i++) {
            many.append("name").append(i % 10).append(" : v\n");
        }
        assertEquals(Optional.empty(), arch(many + "vendor_id : GenuineIntel\ncpu family : 6\nflags : fpu\n"),
                "fields past the first " + ProcCpuinfoText.LOOKED_AT + " lines are not looked at");
    }

    @Test
    void blocksAreReadWithTheirLinesAndOnlyTheFieldsKept() throws Exception {
        List<ProcCpuinfoText.Block> blocks = new ArrayList<>();
        ProcCpuinfoText.read("t", "# source: a test\n\nprocessor\t: 0\nprocessor\t: 1\nFeatures\t: fp\nBogoMIPS\t: 38\n\n\n"
                + "Hardware\t: a board\r\n", Set.of("Features", "Hardware"), blocks::add);
        assertEquals(2, blocks.size());
        assertEquals(3, blocks.get(0).line());
        assertEquals(2, blocks.get(0).processors());
        assertEquals(Map.of("Features", "fp"), blocks.get(0).fields());
        assertEquals(5, blocks.get(0).lines().get("Features"));
        assertEquals(0, blocks.get(1).processors());
        assertEquals(Map.of("Hardware", "a board"), blocks.get(1).fields());
        assertEquals(-1, blocks.get(1).number("CPU part", 0xfff), "a field the block does not have");
    }

    @Test
    void aLineThatIsNoFieldOrTooLongIsRefusedWithItsNumber() {
        DumpFormatException no = assertThrows(DumpFormatException.class, () -> ProcCpuinfoText.read("t",
                "processor\t: 0\n$ uname -a\n", Set.of(), b -> { }));
        assertTrue(no.getMessage().startsWith("t:2: not a line of /proc/cpuinfo: '$ uname -a'; accepted: the kernel's"),
                no.getMessage());
        DumpFormatException longLine = assertThrows(DumpFormatException.class, () -> ProcCpuinfoText.read("t",
                "processor\t: 0\nflags\t\t: " + "fpu ".repeat(1 << 18) + "\n", Set.of("flags"), b -> { }));
        assertEquals("t:2: " + TextLines.tooLong("flags\t\t: ".length() + 4 * (1 << 18)), longLine.getMessage());
        DumpFormatException notNumber = assertThrows(DumpFormatException.class, () -> ProcCpuinfoText.read("t",
                "processor\t: 0\nCPU part\t: 0x\u0661\u0662\n", Set.of("CPU part"), b -> b.number("CPU part", 0xfff)));
        assertTrue(notNumber.getMessage().startsWith("t:2: 'CPU part' is "), "ASCII digits only: " + notNumber.getMessage());
    }

    /**
     * What no kernel prints is refused on its line with what is accepted, not read in part: a processor twice, a
     * number out of the kernel's range, a field read twice in one block, a NUL anywhere (it separated tokens before).
     */
    @Test
    void duplicatesOutOfRangeProcessorsAndNulsAreRefusedWithTheirLine() {
        String block = "processor\t: 0\nvendor_id\t: GenuineIntel\nflags\t\t: fpu vme\n\n";
        Set<String> keep = Set.of("processor", "flags", "Features");
        assertEquals("t:5: processor 0 again (first at line 1); accepted: a logical CPU's number as the kernel prints"
                + " it, 0 to 8191 in decimal, each once", refused(block + block, keep));
        assertEquals("t:2: processor 0 again (first at line 1); accepted: a logical CPU's number as the kernel prints"
                + " it, 0 to 8191 in decimal, each once", refused("processor\t: 0\nprocessor\t: 0\nFeatures\t: fp\n", keep),
                "arm64's old single block too");
        assertEquals("t:4: a second 'flags' line in the block (the first is line 3); accepted: each field once per"
                + " processor's block, as the kernel prints it", refused(block.strip() + "\nflags\t\t: avx512f\n", keep));
        assertEquals("t:3: a second 'Features' line in the block (the first is line 2); accepted: each field once per"
                + " processor's block, as the kernel prints it", refused("processor\t: 0\nFeatures\t: fp\nFeatures\t: sve\n",
                keep));
        for (String number : List.of("-1", "100000000000000000000000", "8192", "4294967295", "0x0")) {
            assertEquals("t:1: 'processor' is '" + number + "'; accepted: a logical CPU's number as the kernel prints"
                    + " it, 0 to 8191 in decimal, each once", refused("processor\t: " + number + "\nflags : fpu\n", keep));
        }
        assertEquals("t:3: a NUL (byte 0) at column 13; accepted: the kernel's text, which has no NUL",
                refused(block.replace("fpu vme", "fpu\u0000vme"), keep));
        assertEquals("t:2: a NUL (byte 0) at column 20; accepted: the kernel's text, which has no NUL",
                refused(block.replace("GenuineIntel", "Genuine\u0000Intel"), keep), "in a field no reader keeps too");
    }

    @Test
    void theLastProcessorTheKernelNumbersIsRead() throws Exception {
        List<ProcCpuinfoText.Block> blocks = new ArrayList<>();
        ProcCpuinfoText.read("t", "processor\t: 8191\nflags : fpu\n\nprocessor\t: 0\nflags : fpu\n", Set.of("flags"),
                blocks::add);
        assertEquals(2, blocks.size());
    }

    private static String refused(String text, Set<String> keep) {
        return assertThrows(DumpFormatException.class, () -> ProcCpuinfoText.read("t", text, keep, b -> { })).getMessage();
    }
}
