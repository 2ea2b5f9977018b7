package io.cpufeatures.x86.table;

import java.util.ArrayList;
import java.util.List;

/**
 * The user state components of XCR0 (Intel SDM Vol. 1, 13.1), with the SDM's names. Supervisor
 * components (PT, PASID, CET, HDC, UINTR, LBR, HWP) live in IA32_XSS, which user code cannot see,
 * and are not listed.
 */
public enum XsaveComponent {
    /** x87 state, always enabled. */
    X87(0, "x87"),
    /** SSE state: XMM0-15 and MXCSR. */
    SSE(1, "SSE"),
    /** AVX state: the upper halves of YMM0-15. */
    YMM(2, "YMM_Hi128"),
    /** MPX bound registers. */
    BNDREGS(3, "BNDREGS"),
    /** MPX configuration and status. */
    BNDCSR(4, "BNDCSR"),
    /** AVX-512 opmask registers k0-k7. */
    OPMASK(5, "OPMASK"),
    /** AVX-512 upper halves of ZMM0-15. */
    ZMM_HI256(6, "ZMM_Hi256"),
    /** AVX-512 registers ZMM16-31. */
    HI16_ZMM(7, "Hi16_ZMM"),
    /** Protection-key rights register for user pages. */
    PKRU(9, "PKRU"),
    /** AMX tile configuration. */
    TILECFG(17, "TILECFG"),
    /** AMX tile data. */
    TILEDATA(18, "TILEDATA"),
    /** APX extended general-purpose registers R16-R31. */
    APX(19, "APX");

    private final int bit;
    private final String sdmName;

    XsaveComponent(int bit, String sdmName) {
        this.bit = bit;
        this.sdmName = sdmName;
    }

    /** {@return the component's bit in XCR0, e.g. 5 for {@code OPMASK}} */
    public int bit() {
        return bit;
    }

    /** {@return the component's XCR0 mask, {@code 1L << bit()}} */
    public long mask() {
        return 1L << bit;
    }

    /** {@return the SDM's name for the component ({@code OPMASK}, {@code ZMM_Hi256}...)} */
    public String sdmName() {
        return sdmName;
    }

    /**
     * The components set in {@code mask}, in bit order.
     *
     * @param mask XCR0 bits; bits of no listed component (supervisor ones, reserved ones) are ignored
     * @return the listed components whose bit is set
     */
    public static List<XsaveComponent> in(long mask) {
        List<XsaveComponent> result = new ArrayList<>();
        for (XsaveComponent c : values()) {
            if ((mask & c.mask()) != 0) {
                result.add(c);
            }
        }
        return result;
    }

    /**
     * The SDM names of the components in {@code mask}, joined with {@code |} ("OPMASK|ZMM_Hi256|Hi16_ZMM").
     *
     * @param mask XCR0 bits
     * @return the names in bit order, then {@code bitN} for each set bit of no listed component; empty for 0
     */
    public static String names(long mask) {
        StringBuilder sb = new StringBuilder();
        for (XsaveComponent c : in(mask)) {
            if (sb.length() > 0) {
                sb.append('|');
            }
            sb.append(c.sdmName);
        }
        long unnamed = mask & ~allMask();
        for (int b = 0; b < 64; b++) {
            if ((unnamed >>> b & 1) != 0) {
                if (sb.length() > 0) {
                    sb.append('|');
                }
                sb.append("bit").append(b);
            }
        }
        return sb.toString();
    }

    /** {@return the mask of every component listed here} */
    public static long allMask() {
        long m = 0;
        for (XsaveComponent c : values()) {
            m |= c.mask();
        }
        return m;
    }
}
