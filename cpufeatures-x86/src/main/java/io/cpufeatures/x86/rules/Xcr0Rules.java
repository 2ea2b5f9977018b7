package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.table.XsaveComponent;
import io.cpufeatures.x86.dump.Hex;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongPredicate;

/**
 * The states XCR0 can hold, as data: the combinations XSETBV refuses with #GP (Intel SDM Vol. 1,
 * 13.3, "Enabling the XSAVE Feature Set and XSAVE-Enabled Features", and the bits that are no user
 * state component: supervisor components and reserved bits), so a value given by the user
 * ({@code --xcr0}, {@code cpufeatures.assume.xcr0}) that no OS could have set is refused with the rule it
 * breaks instead of being decoded into a self-contradictory report.
 */
public final class Xcr0Rules {

    /**
     * One rule: a value for which {@code broken} holds cannot be XCR0.
     *
     * @param broken whether a value breaks the rule
     * @param text   the rule, as the error states it
     */
    record Rule(LongPredicate broken, String text) {
    }

    private static final long AVX512 = 0xE0;
    private static final long MPX = 0x18;
    private static final long AMX = 0x6_0000;
    /** The user state components XCR0 may hold: {@link XsaveComponent}'s bits (0-7, 9, 17-19). */
    private static final long USER = Arrays.stream(XsaveComponent.values()).mapToLong(XsaveComponent::mask)
            .reduce(0, (a, b) -> a | b);
    /**
     * Supervisor state components (PT 8, PASID 10, CET_U 11, CET_S 12, HDC 13, UINTR 14, LBR 15, HWP 16):
     * enabled in IA32_XSS, never in XCR0 (Intel SDM Vol. 1, 13.2 and Table 13-1).
     */
    private static final long SUPERVISOR = 0x1_FD00;

    private static final List<Rule> TABLE = List.of(
            new Rule(x -> (x & 1) == 0, "bit 0 (x87) is always set"),
            new Rule(x -> (x & 0x4) != 0 && (x & 0x2) == 0, "YMM_Hi128 (bit 2) needs SSE (bit 1)"),
            new Rule(x -> (x & MPX) != 0 && (x & MPX) != MPX, "BNDREGS and BNDCSR (bits 3 and 4) are set together"),
            new Rule(x -> (x & AVX512) != 0 && (x & AVX512) != AVX512,
                    "OPMASK, ZMM_Hi256 and Hi16_ZMM (bits 5 to 7) are set together"),
            new Rule(x -> (x & AVX512) != 0 && (x & 0x4) == 0, "the AVX-512 state (bits 5 to 7) needs YMM_Hi128 (bit 2)"),
            new Rule(x -> (x & AMX) != 0 && (x & AMX) != AMX, "TILECFG and TILEDATA (bits 17 and 18) are set together"),
            new Rule(x -> (x & SUPERVISOR) != 0, "bits 8 and 10 to 16 are supervisor states, enabled in IA32_XSS,"
                    + " never in XCR0"),
            new Rule(x -> (x & ~(USER | SUPERVISOR)) != 0, "bits 20 to 63 are reserved (XSETBV refuses a reserved"
                    + " bit)"));

    private Xcr0Rules() {
    }

    /**
     * The first rule {@code xcr0} breaks, if it breaks one.
     *
     * @param xcr0 a would-be XCR0 value
     * @return the rule, as the error states it; empty if an OS can enable that state
     */
    public static Optional<String> violation(long xcr0) {
        return TABLE.stream().filter(r -> r.broken().test(xcr0)).map(Rule::text).findFirst();
    }

    /**
     * Checks that {@code xcr0} is a state an OS can enable.
     *
     * @param xcr0 a would-be XCR0 value, e.g. one the user gave
     * @return {@code xcr0}, unchanged
     * @throws IllegalArgumentException naming the value and the rule it breaks
     */
    public static long check(long xcr0) {
        Optional<String> v = violation(xcr0);
        if (v.isPresent()) {
            throw new IllegalArgumentException("XCR0 " + Hex.prefixed(xcr0) + " is no state an OS can enable: "
                    + v.get() + " (Intel SDM Vol. 1, 13.3); e.g. 0x7 (x87, SSE, AVX) or 0xe7 (and AVX-512)");
        }
        return xcr0;
    }
}
