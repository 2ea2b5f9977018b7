package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.HwcapWord;

import io.cpufeatures.aarch64.AArch64Snapshot;

import io.cpufeatures.aarch64.table.AArch64Feature;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;


import io.cpufeatures.aarch64.rules.AArch64Architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.emulation.EmulatedArmCpu;
import io.cpufeatures.aarch64.table.Presence;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.aarch64.rules.FeatureDependencies;
import io.cpufeatures.core.Reason;
import io.cpufeatures.core.ReasonKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.kit.DependencyRule;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Every row of the AArch64 rules, each on a CPU built to make that row decide: every feature row
 * (present from its ID-register field or, without them, from its HWCAP; refused when the kernel leaves
 * its HWCAP clear; absent below its minimum) and every dependency row (a feature whose own checks all
 * pass is refused when the feature it depends on is not usable, and says which). A table row that the
 * decoder ignored, or a dependency it did not apply, fails here by name.
 */
class AArch64RuleRowsTest {

    /** A CPU with {@code f} and everything it depends on, as Linux would set its HWCAPs. */
    private static EmulatedArmCpu.Builder cpuWith(AArch64Feature f) {
        EmulatedArmCpu.Builder b = EmulatedArmCpu.arm(0xd0c, 4, 1).features(f.canonicalName());
        AArch64Architecture.INSTANCE.dependencies().closureOf(f).forEach(d -> b.features(d.canonicalName()));
        return b;
    }

    @Test
    void everyFeatureRowIsUsableWithItsDependenciesAndRefusedWhenTheKernelHidesIt() {
        List<String> problems = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            AArch64DecodedCpu full = AArch64DecodedCpu.of(cpuWith(f).snapshot());
            if (!full.isUsable(f)) {
                problems.add(f + ": not usable with its dependencies: " + full.reasons(f));
            }
            if (f == AArch64Feature.CPUID) {
                continue; // without HWCAP_CPUID there are no ID registers to read: the next test but one
            }
            AArch64DecodedCpu hidden = AArch64DecodedCpu.of(cpuWith(f).hiddenByKernel(f.canonicalName()).snapshot());
            if (f.idRule().kernelOnly()) {
                // No ID register describes it: with its HWCAP clear it is simply absent.
                if (hidden.present().contains(f)) {
                    problems.add(f + ": kernel-only, present with its HWCAP clear");
                }
                continue;
            }
            List<Reason> r = hidden.reasons(f);
            if (!hidden.present().contains(f) || hidden.isUsable(f) || r.isEmpty() || r.get(0).kind() != ReasonKind.OS_SUPPORT
                    || !r.get(0).detail().contains(f.hwcapName())) {
                problems.add(f + ": hidden by the kernel gives present=" + hidden.present().contains(f) + " " + r);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void everyFeatureRowIsAbsentWithoutItsFieldAndSaysWhichFieldAndMinimum() {
        List<String> problems = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            if (f == AArch64Feature.CPUID) {
                continue; // ID registers read are HWCAP_CPUID set: its absence is the next test's
            }
            EmulatedArmCpu.Builder b = EmulatedArmCpu.arm(0xd0c, 4, 1);
            AArch64Architecture.INSTANCE.dependencies().closureOf(f).forEach(d -> b.features(d.canonicalName()));
            CpuFeatures without = CpuFeatures.of(b.snapshot());
            List<Reason> r = without.reasons(f.canonicalName());
            String expected = f.idRule().kernelOnly() ? f.macro() + " is clear"
                    : f.idRule().alternatives().get(0).position();
            if (without.isPresent(f.canonicalName()) || r.size() != 1 || r.get(0).kind() != ReasonKind.NOT_PRESENT
                    || !r.get(0).detail().contains(expected)) {
                problems.add(f + ": without it, present=" + without.isPresent(f.canonicalName()) + " " + r);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    @Test
    void withoutIdRegistersEveryFeatureRowIsTheKernelsHwcap() {
        List<String> problems = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            AArch64Snapshot s = cpuWith(f).withoutIdRegisters().snapshot();
            AArch64DecodedCpu with = AArch64DecodedCpu.of(s);
            boolean expected = f != AArch64Feature.CPUID; // no ID registers: the kernel does not emulate MRS of them
            if (with.isUsable(f) != expected || Presence.basis(f, s) == Presence.Basis.ID_REGISTERS) {
                problems.add(f + ": without ID registers, usable=" + with.isUsable(f) + " " + with.reasons(f));
            }
            CpuFeatures hidden = CpuFeatures.of(cpuWith(f).withoutIdRegisters().hiddenByKernel(f.canonicalName()).snapshot());
            List<Reason> r = hidden.reasons(f.canonicalName());
            if (hidden.isPresent(f.canonicalName()) || r.isEmpty() || !r.get(0).detail().contains(f.macro() + " is clear")) {
                problems.add(f + ": HWCAP clear without ID registers gives " + r);
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /**
     * With the dependency's HWCAP cleared by the kernel and the feature's kept, Linux's own rows (no SVE or SME
     * hwcap without SVE or SME) and two values of one field refuse the feature, naming the row; every other
     * row (GCC's, Rust's, ours) yields to the kernel's grant, and the feature's trace names the row it
     * outranked (the kernel's HWCAP is the usable set: Cortex-A510 erratum 2658417 hides bf16 and keeps
     * svebf16). Disabling the dependency still refuses the feature under every row.
     */
    @Test
    void everyDependencyRowRefusesTheFeatureWhenItsDependencyIsNotUsableAndNamesIt() {
        List<String> problems = new ArrayList<>();
        int rows = 0;
        for (DependencyRule<AArch64Feature> row : AArch64Architecture.INSTANCE.dependencies().rows()) {
            rows++;
            AArch64Feature f = row.feature();
            AArch64Feature g = row.dependsOn();
            AArch64Snapshot all = cpuWith(f).snapshot();
            // The kernel clears g's HWCAP only: f's own checks all pass, so only the row can refuse it.
            AArch64DecodedCpu cpu = AArch64DecodedCpu.of(withHwcapCleared(all, g));
            List<Reason> r = cpu.reasons(f);
            boolean named = r.stream().anyMatch(x -> x.kind() == ReasonKind.DEPENDENCY
                    && x.detail().startsWith(f.canonicalName() + " <- ") && x.detail().contains(g.canonicalName()));
            // a pair Linux's own rows or one field also give (sve2 <- sve is GCC's and Linux's) is the kernel's
            boolean kernelsOwn = AArch64Architecture.INSTANCE.dependencies().rows().stream()
                    .filter(x -> x.feature() == f && x.dependsOn() == g)
                    .anyMatch(x -> x.origin() == FeatureDependencies.LINUX || x.origin() == FeatureDependencies.SAME_FIELD);
            if (kernelsOwn && (!cpu.present().contains(f) || cpu.isUsable(f) || !named)) {
                problems.add(row + ": with " + g.canonicalName() + " refused, " + f.canonicalName() + " gives " + r);
            }
            if (!kernelsOwn && (!cpu.isUsable(f) || cpu.grantedDespite(f).stream()
                    .noneMatch(t -> t.contains(f.canonicalName() + " <- " + g.canonicalName())))) {
                problems.add(row + ": the kernel grants " + f.canonicalName() + " and withholds " + g.canonicalName()
                        + ", yet it gives " + r + " " + cpu.grantedDespite(f));
            }
            AArch64DecodedCpu disabled = AArch64Architecture.INSTANCE.decode(all, java.util.Set.of(g));
            if (disabled.isUsable(f)) {
                problems.add(row + ": with " + g.canonicalName() + " disabled, " + f.canonicalName() + " is usable");
            }
            if (!AArch64DecodedCpu.of(all).isUsable(f)) {
                problems.add(row + ": not usable even with everything");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
        assertEquals(AArch64Architecture.INSTANCE.dependencies().rows().size(), rows);
        assertTrue(rows > 40, "the table has " + rows + " rows");
    }

    @Test
    void theOnlyOwnCheckIsTheKernelsHwcapAndThereAreNoErrataOrPolicies() {
        assertEquals(io.cpufeatures.aarch64.rules.HwcapCheck.INSTANCE, AArch64Architecture.INSTANCE.tables().rules());
        assertTrue(AArch64Architecture.INSTANCE.errata().isEmpty());
        assertTrue(AArch64Architecture.INSTANCE.policies().isEmpty());
        // A disabled feature is refused for that, and what depends on it through the chain.
        AArch64DecodedCpu cpu = AArch64Architecture.INSTANCE.decode(cpuWith(AArch64Feature.SVE2).snapshot(), EnumSet.of(AArch64Feature.SVE));
        assertFalse(cpu.isUsable(AArch64Feature.SVE2));
        assertEquals(ReasonKind.DISABLED, cpu.reasons(AArch64Feature.SVE).get(0).kind());
        assertTrue(cpu.reasons(AArch64Feature.SVE2).get(0).detail().startsWith("sve2 <- sve"),
                cpu.reasons(AArch64Feature.SVE2).toString());
    }

    /** {@code s} with the HWCAP bit of {@code g} cleared, everything else as read. */
    private static AArch64Snapshot withHwcapCleared(AArch64Snapshot s, AArch64Feature g) {
        long mask = ~(1L << g.bit());
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(SnapshotSource.emulated("with " + g.hwcapName() + " cleared"))
                .hwcap(HwcapWord.HWCAP, s.hwcap()).hwcap(HwcapWord.HWCAP2, s.hwcap2()).idSource(s.idSource());
        s.hwcap3().ifPresent(w -> b.hwcap(HwcapWord.HWCAP3, w));
        b.hwcap(g.word(), s.hwcap(g.word()) & mask);
        s.registers().forEach(b::register);
        // The kernel gives a vector length only with the HWCAP of its extension, as PR_SVE_GET_VL does.
        if (g != AArch64Feature.SVE) {
            s.sveVectorBytes().ifPresent(b::sveVectorBytes);
        }
        if (g != AArch64Feature.SME) {
            s.smeVectorBytes().ifPresent(b::smeVectorBytes);
        }
        return b.build();
    }
}
