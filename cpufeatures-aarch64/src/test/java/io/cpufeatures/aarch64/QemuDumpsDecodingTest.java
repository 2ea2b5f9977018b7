package io.cpufeatures.aarch64;

import io.cpufeatures.aarch64.table.AArch64Feature;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.testing.QemuDumps;
import io.cpufeatures.core.CpuDump;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.OptionalInt;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The bundled qemu dumps, decoded on this machine. qemu-user computes each model's HWCAPs from its
 * own feature tests ({@code get_elf_hwcap} in its {@code linux-user/elfload.c}), independently of the
 * ID registers its MRS emulation returns; so the feature table's field rules, applied to the
 * registers, must give exactly the HWCAPs qemu sets: a check of every row a model exercises against a
 * second implementation of the kernel's rules. qemu 7.2 leaves out four HWCAPs its ID registers imply
 * (SSBS on neoverse-n1; DIT, SSBS, DGH and MTE3 on max) where
 * a real kernel, deriving both from the same registers, cannot: those are the only features allowed
 * to be present and not usable, each with the kernel-hides-it reason.
 */
class QemuDumpsDecodingTest {

    /** The HWCAPs qemu 7.2 omits although its ID registers imply them. */
    private static Set<String> qemuOmits(String model) {
        if (model.equals("neoverse-n1")) {
            return Set.of("ssbs");
        }
        return model.startsWith("max") ? Set.of("dit", "ssbs", "dgh", "mte3") : Set.of();
    }

    /** The canonical names of the HWCAP bits set in {@code s}. */
    static Set<String> hwcapNames(AArch64Snapshot s) {
        Set<String> names = new LinkedHashSet<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            if (s.hasHwcap(f.word(), f.bit())) {
                names.add(f.canonicalName());
            }
        }
        return names;
    }

    @Test
    void theIdRegisterFieldsGiveTheHwcapsQemuSetsExceptItsFourKnownOmissions() {
        for (String model : QemuDumps.MODELS) {
            CpuDump dump = QemuDumps.read(model);
            assertEquals("aarch64_dump", dump.format(), model);
            assertEquals(1, dump.kinds().size(), model);
            CpuFeatures f = dump.kinds().get(0).cpu();
            AArch64Snapshot s = (AArch64Snapshot) f.snapshot().orElseThrow();
            assertEquals(IdRegisterSource.MRS, s.idSource(), model + ": the dump was made with the native probe");
            assertEquals(SourceKind.FILE, f.source().kind());
            Set<String> hwcaps = hwcapNames(s);
            assertEquals(hwcaps, f.usable(), model + ": usable is what the kernel allows");
            Set<String> extra = new LinkedHashSet<>(f.present());
            extra.removeAll(hwcaps);
            assertEquals(qemuOmits(model), extra, model + ": present beyond the HWCAPs");
            for (String name : extra) {
                assertTrue(f.reasons(name).get(0).detail().contains("but the kernel does not set"), model + " " + name);
            }
        }
    }

    /** The JNA reads equal what a static C program's getauxval read under the same models (a probe built for this check). */
    @Test
    void theHwcapsAreThoseAStaticCProgramReadUnderTheSameModels() {
        Map<String, long[]> probe = Map.of("cortex-a53", new long[] {0x8fb, 0}, "cortex-a72", new long[] {0x8fb, 0},
                "cortex-a76", new long[] {0x119ffb, 0}, "neoverse-n1", new long[] {0x119ffb, 0},
                "a64fx", new long[] {0x415ffb, 0}, "max", new long[] {0xecfffffbL, 0x7f877fffL},
                "max,sve=off", new long[] {0xecbffffbL, 0x76181}, "max,sme=off", new long[] {0xecfffffbL, 0x77fff});
        probe.forEach((model, words) -> {
            AArch64Snapshot s = (AArch64Snapshot) QemuDumps.read(model).kinds().get(0).cpu().snapshot().orElseThrow();
            assertEquals(words[0], s.hwcap(), model + " AT_HWCAP");
            assertEquals(words[1], s.hwcap2(), model + " AT_HWCAP2");
            assertTrue(s.hwcap3().isEmpty(), model + ": qemu 7.2 has no AT_HWCAP3 entry");
        });
    }

    @Test
    void theMidrNamesEachModelsCore() {
        Map<String, String> cores = Map.of("cortex-a35", "Cortex-A35", "cortex-a53", "Cortex-A53", "cortex-a57", "Cortex-A57",
                "cortex-a72", "Cortex-A72", "cortex-a76", "Cortex-A76", "neoverse-n1", "Neoverse N1", "a64fx", "A64FX",
                "max", "QEMU max");
        cores.forEach((model, core) -> assertEquals(core, QemuDumps.read(model).kinds().get(0).cpu().identity()
                .get("microarchitecture"), model));
        Map<String, String> n1 = QemuDumps.read("neoverse-n1").kinds().get(0).cpu().identity();
        assertEquals("4", n1.get("variant"), "the identity map holds the JSON fields, as text");
        assertEquals("1", n1.get("revision"));
        assertEquals("0x414fd0c1", n1.get("midr"));
        assertEquals("AWS Graviton2", n1.get("products"));
        assertEquals("Armv8.2-A", n1.get("architectureVersion"), "not \"architecture\", which is aarch64");
    }

    @Test
    void theSveAndSmeLengthsAreTheModelsOptions() {
        Map<String, Integer> sve = Map.of("a64fx", 512, "a64fx,sve256=on", 256, "max", 512, "max,sme=off", 512,
                "max,sve-default-vector-length=32", 256, "max,sve-default-vector-length=256", 2048);
        for (String model : QemuDumps.MODELS) {
            AArch64DecodedCpu info = QemuDumps.read(model).kinds().get(0).cpu().unwrap(AArch64DecodedCpu.class).orElseThrow();
            Integer bits = sve.get(model);
            assertEquals(bits == null ? OptionalInt.empty() : OptionalInt.of(bits), info.sveVectorBits(), model);
            assertEquals(model.startsWith("max") && !model.contains("sme=off") && !model.contains("sve=off")
                    ? OptionalInt.of(256) : OptionalInt.empty(), info.smeVectorBits(), model);
        }
    }

    @Test
    void sveTwoIsMaxsAndA64fxHasSveOnly() {
        CpuFeatures a64fx = QemuDumps.read("a64fx").kinds().get(0).cpu();
        assertTrue(a64fx.has("sve") && !a64fx.has("sve2"));
        assertEquals("the CPU does not have it (ID_AA64ZFR0_EL1.SVEver [3:0] = 0, below 1)", a64fx.reasons("sve2").get(0).detail());
        CpuFeatures max = QemuDumps.read("max").kinds().get(0).cpu();
        assertTrue(max.has("sve2") && max.has("sveaes") && max.has("sme") && !max.has("sme2"));
        CpuFeatures noSve = QemuDumps.read("max,sve=off").kinds().get(0).cpu();
        assertTrue(!noSve.isPresent("sve") && !noSve.has("sme"), "qemu's sve=off takes SME with it");
    }
}
