package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CoreType;
import io.cpufeatures.x86.X86Vendor;
import java.util.Objects;

/**
 * A row of the core table of {@link Microarchitectures}: the microarchitecture of one core type of a
 * hybrid part (an Alder Lake's performance cores are Golden Cove, its efficiency cores Gracemont).
 *
 * @param vendor        the maker
 * @param family        the display family
 * @param modelFrom     the first display model
 * @param modelTo       the last display model
 * @param coreType      the core type of CPUID.0x1A
 * @param nativeModelId the native model id of CPUID.0x1A:EAX[23:0] it needs, or {@link #ANY_NATIVE_MODEL}
 * @param name          the core's microarchitecture ({@code Golden Cove})
 * @param citation      where the name comes from
 */
public record CoreMicroarchitecture(X86Vendor vendor, int family, int modelFrom, int modelTo, CoreType coreType,
        int nativeModelId, String name, String citation) {

    /** A row for every native model id of its core type. */
    public static final int ANY_NATIVE_MODEL = -1;

    /**
     * Validates the parts.
     *
     * @param vendor        the maker; not null
     * @param family        the display family
     * @param modelFrom     the first display model
     * @param modelTo       the last display model, at least {@code modelFrom}
     * @param coreType      the core type of CPUID.0x1A; not null
     * @param nativeModelId the native model id it needs, or {@link #ANY_NATIVE_MODEL}
     * @param name          the core's microarchitecture, e.g. {@code Golden Cove}; not null
     * @param citation      where the name comes from; not null
     * @throws IllegalArgumentException if the model range is empty
     */
    public CoreMicroarchitecture {
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(coreType, "coreType");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(citation, "citation");
        if (modelFrom > modelTo) {
            throw new IllegalArgumentException("empty model range in row " + name);
        }
    }

    /**
     * Whether the row describes a core of this type and native model id in a CPU of this vendor, family and model.
     *
     * @param cpuVendor   the CPU's vendor
     * @param cpuFamily   the CPU's display family
     * @param cpuModel    the CPU's display model
     * @param type        the core's type, from CPUID.0x1A
     * @param nativeModel the core's native model id, from CPUID.0x1A:EAX[23:0], or {@link #ANY_NATIVE_MODEL}
     *                    when unknown (then only rows for any native model match)
     * @return whether vendor, family, core type and native model id are the row's and the model is in its range
     */
    public boolean matches(X86Vendor cpuVendor, int cpuFamily, int cpuModel, CoreType type, int nativeModel) {
        return vendor == cpuVendor && family == cpuFamily && cpuModel >= modelFrom && cpuModel <= modelTo
                && coreType == type && (nativeModelId == ANY_NATIVE_MODEL || nativeModelId == nativeModel);
    }
}
