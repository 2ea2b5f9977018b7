package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.Xcr0State;
import java.util.Collections;
import java.util.Objects;
import java.util.Set;

/**
 * What the x86 rules read of one CPU: its raw CPUID answers, its identity (errata and policies), the
 * features it reports (errata) and what is known of XCR0 (the OS-state check).
 *
 * @param snapshot the raw CPUID answers
 * @param identity vendor, family, model, stepping
 * @param present  the features the CPU reports
 * @param xcr0     what is known of XCR0 and how
 */
public record RuleInput(CpuidSnapshot snapshot, CpuIdentity identity, Set<X86Feature> present, Xcr0State xcr0) {

    /**
     * Validates the parts.
     *
     * @param snapshot the raw CPUID answers; not null
     * @param identity vendor, family, model, stepping; not null
     * @param present  the features the CPU reports; not null, kept as given (the decoder's own set)
     * @param xcr0     what is known of XCR0; not null
     */
    public RuleInput {
        Objects.requireNonNull(snapshot, "snapshot");
        Objects.requireNonNull(identity, "identity");
        present = Collections.unmodifiableSet(Objects.requireNonNull(present, "present"));
        Objects.requireNonNull(xcr0, "xcr0");
    }
}
