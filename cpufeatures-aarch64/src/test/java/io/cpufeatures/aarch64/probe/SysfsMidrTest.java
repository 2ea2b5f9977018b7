package io.cpufeatures.aarch64.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.SnapshotSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * MIDR_EL1 and REVIDR_EL1 from sysfs, when the kernel does not emulate MRS: a register that cannot be read is
 * left out with its reason, and never costs the HWCAPs already read (the snapshot still builds).
 */
class SysfsMidrTest {

    private static AArch64Snapshot read(Path sysfs, List<String> how) {
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.emulated("sysfs test")).hwcap(HwcapWord.HWCAP, 0x3);
        new AArch64Probe(Path.of("/nonexistent"), sysfs, Path.of("/nonexistent"), true).sysfsMidr(b, how);
        return b.build();
    }

    @Test
    void anUnreadableRevidrKeepsTheMidr(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("midr_el1"), "0x00000000414fd0c1\n");
        Files.writeString(dir.resolve("revidr_el1"), "garbage\n");
        List<String> how = new ArrayList<>();
        AArch64Snapshot s = read(dir, how);
        assertEquals(IdRegisterSource.SYSFS, s.idSource());
        assertEquals(OptionalLong.of(0x414fd0c1L), s.register(IdRegister.MIDR_EL1));
        assertTrue(s.register(IdRegister.REVIDR_EL1).isEmpty());
        assertTrue(how.get(1).startsWith("REVIDR_EL1 not read from " + dir.resolve("revidr_el1")), how.toString());
    }

    @Test
    void anUnreadableMidrLeavesNoRegisterAndSaysWhy(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("midr_el1"), "414fd0c1\n");
        List<String> how = new ArrayList<>();
        AArch64Snapshot s = read(dir, how);
        assertEquals(IdRegisterSource.NONE, s.idSource());
        assertTrue(s.registers().isEmpty());
        assertEquals(List.of("MIDR_EL1 not read from " + dir.resolve("midr_el1") + ": " + dir.resolve("midr_el1")
                + " holds '414fd0c1', not 0x and hex digits"), how);
        assertEquals(0x3, s.hwcap(), "the HWCAPs stay");
    }
}
