package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.X86Vendor;
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

    /**
     * Validates the parts.
     *
     * @param vendor       the maker; not null
     * @param family       the display family
     * @param modelFrom    the first display model
     * @param modelTo      the last display model, at least {@code modelFrom}
     * @param steppingFrom the first stepping
     * @param steppingTo   the last stepping, at least {@code steppingFrom}
     * @param name         the microarchitecture, e.g. {@code Cascade Lake}; not null
     * @throws IllegalArgumentException if the model or stepping range is empty
     */
    public Microarchitecture {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(name, "name");
        if (modelFrom > modelTo || steppingFrom > steppingTo) {
            throw new IllegalArgumentException("empty range in row " + name);
        }
    }

    /**
     * Whether the row describes a CPU of this vendor, family, model and stepping.
     *
     * @param cpuVendor   the CPU's vendor
     * @param cpuFamily   the CPU's display family
     * @param cpuModel    the CPU's display model
     * @param cpuStepping the CPU's stepping
     * @return whether vendor and family are the row's and model and stepping are in its ranges
     */
    public boolean matches(X86Vendor cpuVendor, int cpuFamily, int cpuModel, int cpuStepping) {
        return vendor == cpuVendor && family == cpuFamily && cpuModel >= modelFrom && cpuModel <= modelTo
                && cpuStepping >= steppingFrom && cpuStepping <= steppingTo;
    }
}
