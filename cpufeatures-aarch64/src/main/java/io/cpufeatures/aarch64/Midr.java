package io.cpufeatures.aarch64;

/**
 * The fields of MIDR_EL1 (Arm ARM, "MIDR_EL1, Main ID Register"): Implementer [31:24],
 * Variant [23:20], Architecture [19:16], PartNum [15:4], Revision [3:0].
 *
 * @param implementer  the implementer code ({@code 0x41} is Arm)
 * @param variant      the variant (the major revision: the {@code r} of {@code r4p1})
 * @param architecture the architecture field ({@code 0xf}: see the ID registers)
 * @param part         the part number ({@code 0xd0c} is Neoverse N1 for Arm)
 * @param revision     the revision (the minor revision: the {@code p} of {@code r4p1})
 */
public record Midr(int implementer, int variant, int architecture, int part, int revision) {

    /**
     * Validates each field's width.
     *
     * @param implementer  the implementer code, 0 to 0xff
     * @param variant      the variant, 0 to 0xf
     * @param architecture the architecture field, 0 to 0xf
     * @param part         the part number, 0 to 0xfff
     * @param revision     the revision, 0 to 0xf
     * @throws IllegalArgumentException naming the field that is negative or does not fit its bits
     */
    public Midr {
        check("implementer", implementer, 0xff);
        check("variant", variant, 0xf);
        check("architecture", architecture, 0xf);
        check("part", part, 0xfff);
        check("revision", revision, 0xf);
    }

    private static void check(String name, int value, int max) {
        if (value < 0 || value > max) {
            throw new IllegalArgumentException("MIDR " + name + " " + value + " is outside 0..0x" + Integer.toHexString(max));
        }
    }

    /**
     * The fields of the register value {@code value} (its upper 32 bits are RES0 and ignored).
     *
     * @param value MIDR_EL1 as read, e.g. {@code 0x414fd0c1} for a Neoverse N1 r4p1
     * @return its fields
     */
    public static Midr of(long value) {
        return new Midr((int) (value >>> 24) & 0xff, (int) (value >>> 20) & 0xf, (int) (value >>> 16) & 0xf,
                (int) (value >>> 4) & 0xfff, (int) value & 0xf);
    }

    /** {@return the register value: the fields in bits 31:0, bits 63:32 zero} */
    public long value() {
        return (long) implementer << 24 | (long) variant << 20 | (long) architecture << 16 | (long) part << 4 | revision;
    }

    /** {@return the variant and revision as Arm names them, e.g. {@code r4p1}} */
    public String revisionName() {
        return "r" + variant + "p" + revision;
    }

    @Override
    public String toString() {
        return String.format("0x%08x", value());
    }
}
