package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.Midr;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import org.junit.jupiter.api.Test;

/** The fallback: an arm64 kernel's /proc/cpuinfo read as HWCAPs and MIDR, anything else refused. */
class ProcCpuinfoTest {

    /** The format of {@code arch/arm64/kernel/cpuinfo.c} (c_show), for a Neoverse N1 (two CPUs). */
    private static final String N1 = """
            processor\t: 0
            BogoMIPS\t: 243.75
            Features\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs newfeature
            CPU implementer\t: 0x41
            CPU architecture: 8
            CPU variant\t: 0x3
            CPU part\t: 0xd0c
            CPU revision\t: 1

            processor\t: 1
            BogoMIPS\t: 243.75
            Features\t: fp asimd
            CPU implementer\t: 0x41
            CPU architecture: 8
            CPU variant\t: 0x3
            CPU part\t: 0xd0c
            CPU revision\t: 1
            """;

    private static final SnapshotSource SOURCE = new SnapshotSource(SourceKind.PROC_CPUINFO, "test");

    @Test
    void featuresAreTheHwcapsAndTheCpuFieldsTheMidr() {
        AArch64Snapshot s = ProcCpuinfo.parse(N1, SOURCE);
        // qemu's neoverse-n1 HWCAPs (0x119ffb), with SSBS (bit 28) and EVTSTRM (bit 2); "newfeature" is ignored
        assertEquals(0x119ffbL | 1L << 28 | 1L << 2, s.hwcap());
        assertEquals(0, s.hwcap2());
        assertTrue(s.hwcap3().isEmpty());
        assertEquals(IdRegisterSource.PROC_CPUINFO, s.idSource());
        assertEquals(new Midr(0x41, 3, 0xf, 0xd0c, 1), s.midr().orElseThrow());
        CpuFeatures f = CpuFeatures.of(s);
        assertTrue(f.has("ssbs") && f.has("evtstrm") && f.has("asimddp"));
        assertEquals("Neoverse N1", f.identity().get("microarchitecture"));
        assertEquals(f.present(), f.usable(), "without ID registers, presence is the kernel's view");
    }

    /** What qemu-user 7.2 shows an arm64 process: the x86 host's file (captured under qemu-aarch64 -cpu max). */
    @Test
    void theX86HostsFileUnderQemuIsRefusedNotMisread() {
        String x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 25\nmodel\t\t: 1\nmodel name\t: AMD EPYC\n"
                + "flags\t\t: fpu vme de pse tsc msr pae aes sha_ni\n\n";
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ProcCpuinfo.parse(x86, SOURCE));
        assertEquals("/proc/cpuinfo has no 'Features' line, so it is not an arm64 kernel's (it has x86's 'vendor_id' and"
                + " 'flags': under qemu-user before qemu 8 the host's file shows through)", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ProcCpuinfo.parse("", SOURCE));
    }

    @Test
    void aMalformedNumberIsRefusedNamingTheField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProcCpuinfo.parse(N1.replace("0xd0c", "0xzzz"), SOURCE));
        assertEquals("/proc/cpuinfo field 'CPU part' is not a number: '0xzzz'", e.getMessage());
    }
}
