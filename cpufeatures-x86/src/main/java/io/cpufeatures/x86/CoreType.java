package io.cpufeatures.x86;

import java.util.Optional;

/**
 * The core type of a logical CPU of an Intel hybrid part, CPUID.(0x1A,0):EAX[31:24] (Linux
 * {@code arch/x86/include/asm/intel-family.h}, {@code enum intel_cpu_type}: "Bits 31-24 indicates its
 * core type (Core or Atom) and Bits [23:0] indicates the native model ID of the core"; Intel SDM Vol. 2A,
 * CPUID, Hybrid Information Sub-leaf). Other values are reserved.
 */
public enum CoreType {
    /** An Intel Atom core (0x20): an efficiency core. */
    EFFICIENCY(0x20, "efficiency"),
    /** An Intel Core core (0x40): a performance core. */
    PERFORMANCE(0x40, "performance");

    private final int code;
    private final String id;

    CoreType(int code, String id) {
        this.code = code;
        this.id = id;
    }

    /** {@return the value of CPUID.(0x1A,0):EAX[31:24] for this type: 0x20 or 0x40} */
    public int code() {
        return code;
    }

    /** {@return the identifier in reports and JSON ({@code performance}, {@code efficiency})} */
    public String id() {
        return id;
    }

    /**
     * The core type a CPUID.(0x1A,0):EAX[31:24] value names, empty for 0 and reserved values.
     *
     * @param code the value of CPUID.(0x1A,0):EAX[31:24]
     * @return the core type; empty for 0 and reserved values
     */
    public static Optional<CoreType> of(int code) {
        for (CoreType t : values()) {
            if (t.code == code) {
                return Optional.of(t);
            }
        }
        return Optional.empty();
    }
}
