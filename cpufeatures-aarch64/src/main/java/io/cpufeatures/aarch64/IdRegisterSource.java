package io.cpufeatures.aarch64;

import java.util.Locale;
import java.util.Objects;

/**
 * How the ID registers of a snapshot were known, and so which of them it can hold.
 */
public enum IdRegisterSource {
    /** Read with MRS, which the kernel emulates for EL0 when it sets HWCAP_CPUID: every register. */
    MRS,
    /** {@code /sys/devices/system/cpu/cpuN/regs/identification/}: MIDR_EL1 and REVIDR_EL1 only. */
    SYSFS,
    /** MIDR_EL1 assembled from the CPU implementer, variant, part and revision of {@code /proc/cpuinfo}. */
    PROC_CPUINFO,
    /**
     * The values Windows publishes in the registry under {@code HARDWARE\DESCRIPTION\System\CentralProcessor\N}
     * ({@code CP 4000} is MIDR_EL1: "CP " and the register's {@code ARM64_SYSREG} encoding in hex): any register,
     * each per processor.
     */
    REGISTRY,
    /**
     * None: macOS lets no program read them, and its {@code sysctl} keys ({@code hw.optional.arm.FEAT_*} and the older
     * {@code hw.optional.*} names) are its word on the features, as the HWCAP is Linux's.
     */
    SYSCTL,
    /** Not read at all. */
    NONE;

    /**
     * {@return the identifier in dumps and reports: {@code mrs}, {@code sysfs}, {@code proc-cpuinfo},
     * {@code registry}, {@code sysctl} or {@code none}}
     */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Whether a snapshot from this source may hold {@code register}.
     *
     * @param register the register
     * @return true for every register with {@link #MRS} and {@link #REGISTRY}, for MIDR_EL1 and REVIDR_EL1 only with {@link #SYSFS} and
     *         {@link #PROC_CPUINFO}, for none with {@link #SYSCTL} and {@link #NONE}
     */
    public boolean mayHold(IdRegister register) {
        return switch (this) {
            case MRS, REGISTRY -> true;
            case SYSFS, PROC_CPUINFO -> register.identification();
            case SYSCTL, NONE -> false;
        };
    }

    /**
     * The source whose identifier is {@code id}, if any.
     *
     * @param id an identifier as {@link #id()} gives it, exactly (lower case, {@code proc-cpuinfo} with a hyphen);
     *           not null
     * @return the source; empty for any other string
     */
    public static java.util.Optional<IdRegisterSource> of(String id) {
        Objects.requireNonNull(id, "id");
        for (IdRegisterSource s : values()) {
            if (s.id().equals(id)) {
                return java.util.Optional.of(s);
            }
        }
        return java.util.Optional.empty();
    }

    @Override
    public String toString() {
        return id();
    }
}
