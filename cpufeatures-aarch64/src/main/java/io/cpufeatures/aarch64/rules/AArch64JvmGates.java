package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.table.AArch64Feature;

import static io.cpufeatures.aarch64.table.AArch64Feature.AES;
import static io.cpufeatures.aarch64.table.AArch64Feature.ASIMD;
import static io.cpufeatures.aarch64.table.AArch64Feature.ATOMICS;
import static io.cpufeatures.aarch64.table.AArch64Feature.CRC32;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA1;
import static io.cpufeatures.aarch64.table.AArch64Feature.SHA2;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE;
import static io.cpufeatures.aarch64.table.AArch64Feature.SVE2;

import io.cpufeatures.core.jvm.JvmGate;
import java.util.List;
import java.util.Map;

/**
 * The AArch64 {@code jvm.*} gates, as data: each a HotSpot flag that {@code VM_Version::initialize()}
 * sets from the HWCAPs at start-up and that C2 and the stubs obey ({@code src/hotspot/cpu/aarch64/
 * vm_version_aarch64.cpp}, {@code globals_aarch64.hpp}; JDK 17u and 25u read). A CPU feature is of use
 * to Java code only if its gate holds too, and the gates have reasons of their own:
 * <ul>
 *   <li>{@code UseSVE} defaults to 2 with HWCAP2_SVE2, else 1 with HWCAP_SVE, and is forced to 0 when
 *       the process's SVE vector length is not a power of two (JDK 17.0.21, 25);</li>
 *   <li>{@code MaxVectorSize} is the process's current SVE vector length ({@code PR_SVE_GET_VL}), not
 *       the hardware's largest; 16 without SVE: so C2 compiles vectors up to 128 bits on NEON and up
 *       to the vector length on SVE, which the core's width gates and the two here above 512 bits
 *       ({@code jvm.vector1024}, {@code jvm.vector2048}: SVE allows 2048) read;</li>
 *   <li>{@code UseLSE} follows HWCAP_ATOMICS, {@code UseCRC32} (the CRC32 instructions) HWCAP_CRC32,
 *       {@code UseAES} HWCAP_AES, {@code UseSHA} any of the SHA hwcaps.</li>
 * </ul>
 * Only product flags are gates: the per-algorithm intrinsic flags ({@code UseAESIntrinsics},
 * {@code UseGHASHIntrinsics}, {@code UseSHA1Intrinsics}...) are diagnostic, and
 * {@code HotSpotDiagnosticMXBean} does not show a diagnostic flag unless the JVM runs with
 * {@code -XX:+UnlockDiagnosticVMOptions}. So {@code pmull} (GHASH), {@code sha512} and {@code sha3}
 * have no gate: JDK 17 never turns the SHA-512 and SHA-3 intrinsics on by itself ("until it has been
 * fully tested on hardware"; JDK 25 enables SHA-512, and SHA-3 on Apple cores only), and
 * {@code UseSHA} holding says nothing of them.
 *
 * <p>And for each CPU feature, the gates that decide whether Java code gets to use it.
 */
final class AArch64JvmGates {

    /** The gates, in report order. */
    static final List<JvmGate> GATES = List.of(
            JvmGate.atLeast("jvm.sve", "UseSVE", 1),
            JvmGate.atLeast("jvm.sve2", "UseSVE", 2),
            new JvmGate("jvm.vector1024", new JvmGate.VectorBits(1024)),
            new JvmGate("jvm.vector2048", new JvmGate.VectorBits(2048)),
            JvmGate.enabled("jvm.lse", "UseLSE"),
            JvmGate.enabled("jvm.crc32", "UseCRC32"),
            JvmGate.enabled("jvm.aes", "UseAES"),
            JvmGate.enabled("jvm.sha", "UseSHA"));

    /**
     * {@return the gates beside each CPU feature that has them} A method, not a field: the gates alone are read without
     * the feature table (another architecture's JVM view reads them).
     */
    static Map<AArch64Feature, List<String>> byFeature() {
        return Map.of(
            ASIMD, List.of("jvm.vector128"),
            AES, List.of("jvm.aes"),
            SHA1, List.of("jvm.sha"),
            SHA2, List.of("jvm.sha"),
            CRC32, List.of("jvm.crc32"),
            ATOMICS, List.of("jvm.lse"),
            SVE, List.of("jvm.sve", "jvm.vector256", "jvm.vector512", "jvm.vector1024", "jvm.vector2048"),
            SVE2, List.of("jvm.sve2"));
    }

    private AArch64JvmGates() {
    }
}
