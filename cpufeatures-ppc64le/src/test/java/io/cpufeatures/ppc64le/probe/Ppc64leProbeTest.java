package io.cpufeatures.ppc64le.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probe on this machine, which is not a ppc64le one: it refuses to read anything as a POWER's, with its
 * reasons; and the kernel's files of a POWER machine, given to it, read as the kernel wrote them. (The native
 * probe runs live under qemu-ppc64le: examples/demo's Ppc64leLiveTest.)
 */
class Ppc64leProbeTest {

    private static final String POWER9_CPUINFO = "processor\t: 0\ncpu\t\t: POWER9, altivec supported\nclock\t\t: 2300.000000MHz\n"
            + "revision\t: 2.2 (pvr 004e 1202)\n\ntimebase\t: 512000000\nplatform\t: PowerNV\n";

    /** A POWER machine's files, with this process's ELF header taken for a ppc64le one. */
    private static Ppc64leProbe powerMachine(Path dir, String cpuinfo, long... auxv) throws Exception {
        ByteBuffer b = ByteBuffer.allocate(auxv.length * 8).order(ByteOrder.nativeOrder());
        for (long v : auxv) {
            b.putLong(v);
        }
        byte[] elf = new byte[64];
        elf[0] = 0x7f;
        elf[1] = 'E';
        elf[2] = 'L';
        elf[3] = 'F';
        elf[5] = 1;
        elf[18] = 21;
        return new Ppc64leProbe(Files.writeString(dir.resolve("cpuinfo"), cpuinfo), Files.write(dir.resolve("auxv"), b.array()),
                Files.write(dir.resolve("exe"), elf), true);
    }

    @Test
    void thePowerKernelsFilesGiveTheWordsAndThePvr(@TempDir Path dir) throws Exception {
        ProbeSequence.Result<Ppc64leSnapshot> r = powerMachine(dir, POWER9_CPUINFO, 16, 0xdc0065c2L, 26, 0xbef00000L, 0, 0)
                .probe(ProbeMode.PROC_CPUINFO);
        Ppc64leSnapshot s = r.snapshot().orElseThrow();
        assertEquals(new Ppc64leSnapshot(0xdc0065c2L, 0xbef00000L, Optional.empty(), Optional.empty(),
                OptionalInt.of(0x004e1202), s.source()), s);
        assertEquals(SourceKind.PROC_CPUINFO, r.source().kind());
        assertTrue(r.source().detail().contains("forced by cpufeatures.probe=proc-cpuinfo"), r.source().detail());
        assertTrue(r.source().detail().endsWith("the PVR from " + dir.resolve("cpuinfo")), r.source().detail());
    }

    @Test
    void anX86CpuinfoGivesNoPvrAndAnAuxvWithoutHwcapIsRefused(@TempDir Path dir) throws Exception {
        Ppc64leSnapshot s = powerMachine(dir, "processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t\t: fpu vme\n", 16, 0x58000580,
                0, 0).probe(ProbeMode.PROC_CPUINFO).snapshot().orElseThrow();
        assertEquals(OptionalInt.empty(), s.pvr());
        assertTrue(s.source().detail().contains("no PVR"), s.source().detail());
        ProbeSequence.Result<Ppc64leSnapshot> r = powerMachine(dir, POWER9_CPUINFO, 6, 4096, 0, 0).probe(ProbeMode.PROC_CPUINFO);
        assertEquals(SourceKind.NONE, r.source().kind());
        assertTrue(r.source().failures().get(0).reason().endsWith("has no AT_HWCAP entry: the kernel gave the process no"
                + " hwcaps"), r.source().toString());
    }

    /** A /proc/cpuinfo no kernel writes gives no PVR, with its line and why, and the HWCAP words still answer. */
    @Test
    void aCpuinfoNoKernelWritesGivesNoPvrWithItsReason(@TempDir Path dir) throws Exception {
        String twice = POWER9_CPUINFO.replace("\ntimebase", "processor\t: 0\ncpu\t\t: POWER10\n\ntimebase");
        ProbeSequence.Result<Ppc64leSnapshot> r = powerMachine(dir, twice, 16, 0xdc0065c2L, 0, 0)
                .probe(ProbeMode.PROC_CPUINFO);
        Ppc64leSnapshot s = r.snapshot().orElseThrow();
        assertEquals(OptionalInt.empty(), s.pvr());
        assertTrue(s.source().detail().endsWith("no PVR: " + dir.resolve("cpuinfo") + ":5: processor 0 again (first at"
                + " line 1); accepted: a logical CPU's number as the kernel prints it, 0 to 8191 in decimal, each once"),
                s.source().detail());
    }

    @Test
    void onThisX86MachineNothingIsReadAsAPowersWhateverOsArchSays() {
        assumeTrue(System.getProperty("os.arch").equals("amd64") && Files.isReadable(Path.of("/proc/self/exe")), "x86 Linux");
        ProbeSequence.Result<Ppc64leSnapshot> r = Ppc64leProbe.system().probe(ProbeMode.AUTO);
        assertTrue(r.snapshot().isEmpty());
        assertEquals(2, r.source().failures().size(), r.source().toString());
        r.source().failures().forEach(f -> assertTrue(f.reason().contains("has ELF e_machine 62, not 21"), f.reason()));
        ProbeSequence.Result<Ppc64leSnapshot> off = new Ppc64leProbe(Path.of("/proc/cpuinfo"), Path.of("/proc/self/auxv"),
                Path.of("/proc/self/exe"), false).probe(ProbeMode.NATIVE);
        assertTrue(off.source().failures().get(0).reason().startsWith("the ppc64le probe reads Linux's auxiliary vector"));
    }

    @Test
    void aPlatformThatIsNotAPlatformNameIsLeftOutSayingSoAndASnapshotRefusesIt() {
        List<String> how = new ArrayList<>();
        assertEquals(Optional.of("power9"), Ppc64leProbe.platformWord(Optional.of("power9"), "AT_PLATFORM", how));
        assertEquals(Optional.empty(), Ppc64leProbe.platformWord(Optional.of(""), "AT_PLATFORM", how));
        assertEquals(Optional.empty(), Ppc64leProbe.platformWord(Optional.of("power 9\u0001"), "AT_BASE_PLATFORM", how));
        assertEquals(List.of("AT_PLATFORM '' is not a platform name; left out",
                "AT_BASE_PLATFORM 'power 9?' is not a platform name; left out"), how);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new Ppc64leSnapshot(0, 0,
                Optional.of("x".repeat(33)), Optional.empty(), OptionalInt.empty(), SnapshotSource.emulated("test")));
        assertTrue(e.getMessage().startsWith("a platform is a word of letters, digits and _+.- (at most 32), not 'xxx"),
                e.getMessage());
    }

    /** The PVR of a revision line as show_cpuinfo() prints it, and nothing of any other text. */
    @Test
    void thePvrIsReadOnlyFromTheKernelsShape() {
        assertEquals(OptionalInt.of(0x004e1202), Ppc64leProbe.pvr("2.2 (pvr 004e 1202)"));
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr(null));
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr("2.2"));
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr("2.2 (pvr 004E 1202)"), "upper-case hex");
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr("2.2 (pvr 004e 1202"), "no closing parenthesis");
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr("2.2 (pvr 004e-1202)"), "no space between the halves");
        assertEquals(OptionalInt.empty(), Ppc64leProbe.pvr("(pvr 04e 1202)"), "three digits");
    }
}
