package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.table.AArch64Feature;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.aarch64.emulation.EmulatedArmCpu;
import io.cpufeatures.aarch64.emulation.ReferenceArmCpus;
import io.cpufeatures.aarch64.testing.QemuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.kit.FeatureVocabulary;
import io.cpufeatures.x86.testing.TraceAgreement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A trace is the decoder's answer explained, never a second opinion: on every bundled dump, on the
 * reference CPUs and on CPUs built so that each of the usable layer's refusals occurs (the kernel hides a
 * feature, a dependency is refused, no ID registers), for every feature, policy flag and group of the vocabulary, the
 * trace holds exactly when the decoded answer does and carries the decoder's presence and reasons.
 */
class AArch64TracesTest {

    /** Every CPU the test reads, by a name that says where it comes from. */
    private static Map<String, CpuSnapshot> cpus() {
        Map<String, CpuSnapshot> cpus = new LinkedHashMap<>();
        for (String model : QemuDumps.MODELS) {
            cpus.put("qemu " + model, QemuDumps.read(model).kinds().get(0).cpu().snapshot().orElseThrow());
        }
        cpus.put("Cortex-A53", ReferenceArmCpus.cortexA53().snapshot());
        cpus.put("Cortex-A72", ReferenceArmCpus.cortexA72().snapshot());
        cpus.put("Neoverse N1", ReferenceArmCpus.neoverseN1().snapshot());
        cpus.put("A64FX", ReferenceArmCpus.a64fx().snapshot());
        cpus.put("A64FX, SVE hidden by the kernel", ReferenceArmCpus.a64fx().hiddenByKernel("sve").snapshot());
        cpus.put("Neoverse N1, atomics and crypto hidden", ReferenceArmCpus.neoverseN1().hiddenByKernel("atomics", "crypto")
                .snapshot());
        cpus.put("Neoverse N1 without ID registers", ReferenceArmCpus.neoverseN1().withoutIdRegisters().snapshot());
        cpus.put("every feature, sme hidden", EmulatedArmCpu.arm(0xd4f, 0, 0).features(java.util.Arrays.stream(AArch64Feature.values()).map(AArch64Feature::canonicalName).toArray(String[]::new))
                .hiddenByKernel("sme").snapshot());
        return cpus;
    }

    @Test
    void everyTraceAgreesWithTheDecodedAnswerOnEveryBundledAndBuiltCpu() {
        FeatureVocabulary vocabulary = AArch64Architecture.INSTANCE.vocabulary();
        TraceAgreement agreement = new TraceAgreement(vocabulary.features().keySet(), vocabulary.policyFlags(),
                vocabulary.groups().keySet());
        int refusals = 0;
        for (Map.Entry<String, CpuSnapshot> e : cpus().entrySet()) {
            CpuFeatures cpu = CpuFeatures.of(e.getValue());
            agreement.check(e.getKey(), cpu);
            for (String feature : vocabulary.features().keySet()) {
                if (cpu.isPresent(feature) && !cpu.has(feature)) {
                    refusals++;
                }
            }
        }
        agreement.assertNone(20);
        assertTrue(refusals > 20, "only " + refusals + " refusals of a present feature were traced");
    }
}
