package io.cpufeatures.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.SourceKind;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The kernel's word beside CPUID in a report of this machine: on x86 Linux where CPUID answered, the names only CPUID
 * gives are usable in the answer, the kernel's own are not, and the answer itself is CPUID's; elsewhere nothing.
 */
class KernelWordTest {

    @Test
    void theDifferencesAreBesideTheAnswerNeverInIt() {
        CpuFeatures live = CpuFeatures.current();
        Optional<KernelWord> k = KernelWord.of(live);
        if (live.source().kind() != SourceKind.NATIVE || !live.architecture().equals("x86_64")) {
            assertTrue(k.isEmpty(), "only an x86 CPU read by CPUID is compared");
            return;
        }
        assumeTrue(k.isPresent() && k.get().refused() == null, "the kernel's word was refused here: " + k);
        for (String n : k.get().cpuidOnly()) {
            assertTrue(live.has(n), n + " is CPUID's and so in the answer");
        }
        for (String n : k.get().kernelOnly()) {
            assertFalse(live.has(n), n + " is the kernel's alone and not in the answer");
        }
        assertTrue(k.get().line().startsWith("/proc/cpuinfo "), k.get().line());
        assertTrue(KernelWord.of(CpuFeatures.current()).equals(k), "the same machine, the same comparison");
    }
}
