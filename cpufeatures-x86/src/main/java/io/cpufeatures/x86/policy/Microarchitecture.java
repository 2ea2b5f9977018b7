package io.cpufeatures.x86.policy;

import io.cpufeatures.x86.feature.X86Vendor;
import java.util.Objects;

/**
 * A row of the microarchitecture table: the CPUs of one vendor, display family, model range and
 * stepping range, and their name.
 *
 * @param vendor       the maker
 * @param family       the display family
 * @param modelFrom    the first display model
 * @param modelTo      the last display model
 * @param steppingFrom the first stepping
 * @param steppingTo   the last stepping
 * @param name         the microarchitecture, as its maker calls it ({@code Cascade Lake}, {@code Zen 4})
 */
public record Microarchitecture(X86Vendor vendor, int family, int modelFrom, int modelTo, int steppingFrom,
        int steppingTo, String name) {

    /** Validates the parts. */
    public Microarchitecture {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(name, "name");
        if (modelFrom > modelTo || steppingFrom > steppingTo) {
            throw new IllegalArgumentException("empty range in row " + name);
        }
    }

    /** Whether the row describes a CPU of this vendor, family, model and stepping. */
    public boolean matches(X86Vendor cpuVendor, int cpuFamily, int cpuModel, int cpuStepping) {
        return vendor == cpuVendor && family == cpuFamily && cpuModel >= modelFrom && cpuModel <= modelTo
                && cpuStepping >= steppingFrom && cpuStepping <= steppingTo;
    }
}
