package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.x86.CpuidSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The kernel's word against the process's AT_HWCAP: equal words pass, a differing table bit is named, bits the table
 * does not name are not compared, and on this machine (no emulator) the live words agree.
 */
class KernelWordCheckTest {

    private static final SnapshotSource SOURCE = new SnapshotSource(SourceKind.PROC_CPUINFO, "test");

    private static CpuidSnapshot kernel(String... flags) {
        return KernelFlagSnapshot.of("AuthenticAMD", 0x19, 0x11, 1, "", Set.of(flags), SOURCE);
    }

    @Test
    void theTableNamesTheCommonLeaf1EdxBits() {
        // fpu (0), tsc (4), cmov (15), sse (25), sse2 (26): every x86-64 CPU has them, and the table names them
        int common = 1 | 1 << 4 | 1 << 15 | 1 << 25 | 1 << 26;
        assertEquals(common, KernelWordCheck.KNOWN_LEAF1_EDX & common);
    }

    @Test
    void equalWordsAgreeAndADifferingBitIsNamed() {
        CpuidSnapshot k = kernel("fpu", "tsc", "cmov", "sse", "sse2");
        long edx = 1 | 1 << 4 | 1 << 15 | 1 << 25 | 1 << 26;
        assertNull(KernelWordCheck.otherCpu(k, edx));
        assertNull(KernelWordCheck.otherCpu(k, null), "no vector word, nothing to compare");
        String why = KernelWordCheck.otherCpu(k, edx & ~(1L << 15));
        assertNotNull(why);
        assertTrue(why.contains("differing bits 0x8000") && why.contains("qemu-user"), why);
    }

    @Test
    void bitsTheTableDoesNotNameAreNotCompared() {
        int unnamed = ~KernelWordCheck.KNOWN_LEAF1_EDX;
        assumeTrue(unnamed != 0, "the table names every leaf-1 EDX bit");
        CpuidSnapshot k = kernel("fpu", "sse", "sse2");
        long edx = 1 | 1 << 25 | 1 << 26;
        assertNull(KernelWordCheck.otherCpu(k, edx | (unnamed & 0xffff_ffffL)));
    }

    @Test
    void onThisMachineTheKernelsWordIsThisProcesssCpu() throws Exception {
        Path proc = Path.of("/proc/cpuinfo");
        assumeTrue(System.getProperty("os.arch").equals("amd64") && Files.isReadable(proc), "x86-64 Linux only");
        CpuidSnapshot k = ProcCpuinfo.parse(Files.readString(proc), SOURCE);
        Long hwcap = AuxvFile.read(AuxvFile.SELF, AuxvFile.AT_HWCAP)[0];
        assertNotNull(hwcap, "an x86-64 Linux process has AT_HWCAP");
        assertNull(KernelWordCheck.otherCpu(k, hwcap));
    }
}
