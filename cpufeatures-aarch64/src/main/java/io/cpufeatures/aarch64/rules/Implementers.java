package io.cpufeatures.aarch64.rules;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * MIDR_EL1.Implementer codes to the company, as Linux's {@code ARM_CPU_IMP_*} constants
 * ({@code arch/arm64/include/asm/cputype.h}) and util-linux's {@code lscpu-arm.c} name them; code 0
 * is "reserved for software use" (Arm ARM, MIDR_EL1), which emulators such as qemu's {@code max}
 * CPU take.
 */
public final class Implementers {

    private static final Map<Integer, String> NAMES = names();

    private Implementers() {
    }

    private static Map<Integer, String> names() {
        Map<Integer, String> m = new LinkedHashMap<>();
        m.put(0x00, "software");
        m.put(0x41, "Arm");
        m.put(0x42, "Broadcom");
        m.put(0x43, "Cavium");
        m.put(0x46, "Fujitsu");
        m.put(0x48, "HiSilicon");
        m.put(0x4e, "NVIDIA");
        m.put(0x50, "APM");
        m.put(0x51, "Qualcomm");
        m.put(0x53, "Samsung");
        m.put(0x61, "Apple");
        m.put(0x68, "HXT");
        m.put(0x6d, "Microsoft");
        m.put(0x70, "Phytium");
        m.put(0xc0, "Ampere");
        return java.util.Collections.unmodifiableMap(m);
    }

    /**
     * The company behind {@code code}, if the table knows it.
     *
     * @param code MIDR_EL1.Implementer, e.g. {@code 0x41}
     * @return the company, e.g. {@code Arm} ({@code software} for code 0); empty for a code the table does not know
     */
    public static Optional<String> name(int code) {
        return Optional.ofNullable(NAMES.get(code));
    }

    /**
     * The company, or {@code implementer 0x..} when unknown.
     *
     * @param code MIDR_EL1.Implementer
     * @return the company's name, or {@code implementer 0x} and the code in at least two hex digits
     */
    public static String describe(int code) {
        return name(code).orElse(String.format("implementer 0x%02x", code));
    }
}
