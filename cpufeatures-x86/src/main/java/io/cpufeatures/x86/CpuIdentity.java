package io.cpufeatures.x86;

import io.cpufeatures.x86.dump.Hex;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Who the CPU is: vendor string, brand string, display family/model/stepping and signature.
 *
 * <p>Family and model follow Linux {@code x86_family()}/{@code x86_model()} (and the SDM): the
 * extended family is added when the base family is 0xF, the extended model when the family is 6
 * or more. So a Zen 4 with signature 0x00A60F12 is family 0x19 model 0x61, an Alder Lake with
 * 0x00090672 is family 6 model 0x97.
 *
 * @param vendorString the 12-character vendor string of CPUID.0 ({@code GenuineIntel}, {@code AuthenticAMD}...),
 *                  as the CPU reports it
 * @param vendor    the maker the vendor string names
 * @param brand     the brand string of CPUID.0x80000002..4, trimmed; empty when the CPU has none
 * @param family    the display family
 * @param model     the display model
 * @param stepping  the stepping
 * @param signature CPUID.1:EAX, the raw signature
 * @param coreType  the hybrid core type of CPUID.0x1A:EAX[31:24] (0x20 Atom, 0x40 Core), if reported
 * @param nativeModelId the core's native model id, CPUID.0x1A:EAX[23:0], when a core type is reported: it
 *                  tells two core microarchitectures of one type apart within a package (Arrow Lake-H: 2
 *                  Crestmont, 3 Skymont; Linux commit 9f4a39757c81)
 */
public record CpuIdentity(String vendorString, X86Vendor vendor, String brand, int family, int model, int stepping,
        int signature, OptionalInt coreType, OptionalInt nativeModelId) {

    /**
     * The word of {@link io.cpufeatures.core.SnapshotSource#unstated()} for a text that gives no family (an Intel Mac's
     * listing without {@code machdep.cpu.family}): its snapshot holds the family as 0 and the model it states in the
     * signature's model fields, extended model included ({@link #of}).
     */
    public static final String UNSTATED_FAMILY = "family";

    /** The word of {@link io.cpufeatures.core.SnapshotSource#unstated()} for a text that gives no model either. */
    public static final String UNSTATED_MODEL = "model";

    /** The word of {@link io.cpufeatures.core.SnapshotSource#unstated()} for a text that gives no stepping either. */
    public static final String UNSTATED_STEPPING = "stepping";

    /**
     * The word of {@link io.cpufeatures.core.SnapshotSource#unstated()} for a text whose signature cannot be made: one
     * without the family, which CPUID's encoding of the model needs.
     */
    public static final String UNSTATED_SIGNATURE = "signature";


    /**
     * Validates the parts: the vendor is the one the string names.
     *
     * @param vendorString  the 12-character vendor string of CPUID.0, as the CPU reports it; not null
     * @param vendor        the maker the vendor string names; not null
     * @param brand         the brand string, trimmed; empty when the CPU has none; not null
     * @param family        the display family
     * @param model         the display model
     * @param stepping      the stepping
     * @param signature     CPUID.1:EAX, the raw signature
     * @param coreType      the hybrid core type of CPUID.0x1A:EAX[31:24]; not null (empty when not reported)
     * @param nativeModelId the native model id, CPUID.0x1A:EAX[23:0]; not null (empty when not reported)
     * @throws IllegalArgumentException if {@code vendor} is not {@link X86Vendor#of(String)} of {@code vendorString}
     */
    public CpuIdentity {
        Objects.requireNonNull(vendorString, "vendorString");
        Objects.requireNonNull(vendor, "vendor");
        Objects.requireNonNull(brand, "brand");
        Objects.requireNonNull(coreType, "coreType");
        Objects.requireNonNull(nativeModelId, "nativeModelId");
        if (vendor != X86Vendor.of(vendorString)) {
            throw new IllegalArgumentException("vendor string '" + vendorString + "' names " + X86Vendor.of(vendorString)
                    + ", not " + vendor);
        }
    }

    /** {@return the hybrid core type, when CPUID.0x1A reports a defined one} */
    public Optional<CoreType> hybridCoreType() {
        return coreType.isPresent() ? CoreType.of(coreType.getAsInt()) : Optional.empty();
    }

    /**
     * The 12-character vendor string of a leaf-0 answer (EBX, EDX, ECX).
     *
     * @param leaf0 the registers of CPUID.0; not null
     * @return the string, e.g. {@code GenuineIntel}; shorter if a register holds a NUL byte
     */
    public static String vendorOf(CpuidRegisters leaf0) {
        return ascii(leaf0.ebx(), leaf0.edx(), leaf0.ecx());
    }

    /**
     * Reads the identity of {@code snapshot}.
     *
     * @param snapshot the snapshot; not null
     * @return its vendor, brand, display family, model and stepping, signature and hybrid core type; for a text that
     *         states no family ({@link #UNSTATED_FAMILY}), family 0 and the model of the signature's two model fields
     *         (the extended model is the display model's high digit whatever the family), its signature not CPUID's
     */
    public static CpuIdentity of(CpuidSnapshot snapshot) {
        String vendor = vendorOf(snapshot.read(0));
        String brand = "";
        if (Integer.compareUnsigned(snapshot.maxExtendedLeaf(), 0x8000_0004) >= 0
                && Integer.compareUnsigned(snapshot.maxExtendedLeaf(), 0x8000_ffff) <= 0) {
            CpuidRegisters b2 = snapshot.read(0x8000_0002);
            CpuidRegisters b3 = snapshot.read(0x8000_0003);
            CpuidRegisters b4 = snapshot.read(0x8000_0004);
            brand = ascii(b2.eax(), b2.ebx(), b2.ecx(), b2.edx(), b3.eax(), b3.ebx(), b3.ecx(), b3.edx(),
                    b4.eax(), b4.ebx(), b4.ecx(), b4.edx()).strip();
        }
        int signature = snapshot.definesBasicLeaf(1) ? snapshot.read(1).eax() : 0;
        OptionalInt coreType = OptionalInt.empty();
        OptionalInt nativeModelId = OptionalInt.empty();
        if (snapshot.definesBasicLeaf(0x1A) && snapshot.read(0x1A).eax() != 0) {
            coreType = OptionalInt.of(snapshot.read(0x1A).eax() >>> 24);
            nativeModelId = OptionalInt.of(snapshot.read(0x1A).eax() & 0xff_ffff);
        }
        int model = snapshot.source().unstated().contains(UNSTATED_FAMILY)
                ? (signature >>> 16 & 0xf) << 4 | (signature >>> 4 & 0xf) : displayModel(signature);
        return new CpuIdentity(vendor, X86Vendor.of(vendor), brand, displayFamily(signature), model,
                signature & 0xf, signature, coreType, nativeModelId);
    }

    /**
     * The display family of a signature (Linux {@code x86_family()}).
     *
     * @param signature CPUID.1:EAX
     * @return the base family, plus the extended family when the base family is 0xF
     */
    public static int displayFamily(int signature) {
        int family = signature >>> 8 & 0xf;
        if (family == 0xf) {
            family += signature >>> 20 & 0xff;
        }
        return family;
    }

    /**
     * The display model of a signature (Linux {@code x86_model()}).
     *
     * @param signature CPUID.1:EAX
     * @return the base model, plus the extended model shifted left 4 when the display family is 6 or more
     */
    public static int displayModel(int signature) {
        int model = signature >>> 4 & 0xf;
        if (displayFamily(signature) >= 6) {
            model += (signature >>> 16 & 0xf) << 4;
        }
        return model;
    }

    /** {@return the signature as the corpus and Intel write it, eight upper-case hex digits ({@code 00050654})} */
    public String signatureHex() {
        return Hex.of(signature, 8).toUpperCase(Locale.ROOT);
    }

    /** {@return whether the vendor is Intel} */
    public boolean isIntel() {
        return vendor == X86Vendor.INTEL;
    }

    /** The text of little-endian registers up to the first NUL byte (ASCII; other bytes kept as Latin-1). */
    static String ascii(int... registers) {
        ByteBuffer buf = ByteBuffer.allocate(registers.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        for (int r : registers) {
            buf.putInt(r);
        }
        byte[] bytes = buf.array();
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.ISO_8859_1);
    }
}
