package io.cpufeatures.x86.rules;

import io.cpufeatures.core.kit.Erratum;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The errata table: CPUID bits that must not be trusted on some parts, each with its source. Each erratum's scope
 * is data (a vendor, display families, a feature whose absence it needs).
 */
public final class Errata {

    /**
     * Where an erratum applies.
     *
     * @param vendor        the vendor it applies to
     * @param families      the display families it applies to; empty for every family
     * @param unlessPresent a feature whose presence rules the erratum out, if any; a source that says nothing of it
     *                      rules it out too (an erratum needs the feature known absent)
     */
    public record Scope(X86Vendor vendor, Set<Integer> families, Optional<X86Feature> unlessPresent)
            implements java.util.function.Predicate<RuleInput> {

        /**
         * Validates the parts.
         *
         * @param vendor        not null
         * @param families      not null
         * @param unlessPresent not null
         */
        public Scope {
            Objects.requireNonNull(vendor, "vendor");
            families = Set.copyOf(families);
            Objects.requireNonNull(unlessPresent, "unlessPresent");
        }

        /**
         * Whether the scope holds for a CPU.
         *
         * @param in what the rules read of the CPU; not null
         * @return whether the vendor and family match and the ruling-out feature is known absent (its bit stated 0,
         *         not left unknown by a text that says nothing of it)
         */
        @Override
        public boolean test(RuleInput in) {
            return appliesTo(in);
        }

        public boolean appliesTo(RuleInput in) {
            return in.identity().vendor() == vendor
                    && (families.isEmpty() || families.contains(in.identity().family()))
                    && (unlessPresent.isEmpty() || !in.present().contains(unlessPresent.get())
                            && X86Architecture.states(in, unlessPresent.get()));
        }
    }

    /**
     * One row: the erratum as the usable layer reads it, and its scope.
     *
     * @param erratum the erratum
     * @param scope   where it applies (the erratum's condition is this scope's)
     */
    public record Row(Erratum<X86Feature, RuleInput> erratum, Scope scope) {
    }

    private static final List<Row> ROWS = List.of(
            row("SKL052", Set.of(X86Feature.BMI1, X86Feature.BMI2),
                    "Intel parts without AVX (Pentium and Celeron of the Skylake generation) report BMI1/BMI2,"
                            + " but their VEX-encoded instructions raise #UD",
                    "Intel 6th Generation Core Specification Update, erratum SKL052; Rust std_detect"
                            + " (stdarch crates/std_detect/src/detect/os/x86.rs) clears BMI1/BMI2 on Intel without AVX",
                    new Scope(X86Vendor.INTEL, Set.of(), Optional.of(X86Feature.AVX))),
            row("AMD-1386", Set.of(X86Feature.XSAVES),
                    "XSAVES may fail to save XMM registers to the state save area on AMD family 0x17 (Zen 1, Zen 2)",
                    "AMD erratum 1386; Linux arch/x86/kernel/cpu/amd.c clears X86_FEATURE_XSAVES on family 0x17"
                            + " (\"x86/CPU/AMD: Disable XSAVES on AMD family 0x17\", v6.2)",
                    new Scope(X86Vendor.AMD, Set.of(0x17), Optional.empty())),
            row("AMD-RDRAND-S3", Set.of(X86Feature.RDRAND),
                    "RDRAND may return all ones after suspend/resume on AMD family 0x15 and 0x16 when the"
                            + " firmware lacks the fix",
                    "Linux arch/x86/kernel/cpu/amd.c clear_rdrand_cpuid_bit() (\"x86/CPU/AMD: Clear RDRAND CPUID bit"
                            + " on AMD family 15h/16h\", v5.3) hides it unless booted with rdrand=force",
                    new Scope(X86Vendor.AMD, Set.of(0x15, 0x16), Optional.empty())));

    private static final List<Erratum<X86Feature, RuleInput>> TABLE = errata();

    private Errata() {
    }

    private static Row row(String id, Set<X86Feature> features, String description, String source, Scope scope) {
        return new Row(new Erratum<>(id, features, description, source, scope), scope);
    }

    private static List<Erratum<X86Feature, RuleInput>> errata() {
        List<Erratum<X86Feature, RuleInput>> e = new ArrayList<>();
        for (Row r : ROWS) {
            e.add(r.erratum());
        }
        return Collections.unmodifiableList(e);
    }

    /** {@return every erratum, in table order; immutable} */
    public static List<Erratum<X86Feature, RuleInput>> table() {
        return TABLE;
    }

    /** {@return every row with its scope, in table order; immutable} */
    public static List<Row> rows() {
        return ROWS;
    }
}
