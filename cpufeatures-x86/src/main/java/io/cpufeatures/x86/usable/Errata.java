package io.cpufeatures.x86.usable;

import io.cpufeatures.core.kit.Erratum;
import io.cpufeatures.x86.X86Feature;
import io.cpufeatures.x86.X86Vendor;
import java.util.List;
import java.util.Set;

/**
 * The errata table: CPUID bits that must not be trusted on some parts, each with its source.
 */
public final class Errata {

    private static final List<Erratum<X86Feature, RuleInput>> TABLE = List.of(
            new Erratum<>("SKL052", Set.of(X86Feature.BMI1, X86Feature.BMI2),
                    "Intel parts without AVX (Pentium and Celeron of the Skylake generation) report BMI1/BMI2,"
                            + " but their VEX-encoded instructions raise #UD",
                    "Intel 6th Generation Core Specification Update, erratum SKL052; Rust std_detect"
                            + " (stdarch crates/std_detect/src/detect/os/x86.rs) clears BMI1/BMI2 on Intel without AVX",
                    in -> in.identity().isIntel() && !in.present().contains(X86Feature.AVX)),
            new Erratum<>("AMD-1386", Set.of(X86Feature.XSAVES),
                    "XSAVES may fail to save XMM registers to the state save area on AMD family 0x17 (Zen 1, Zen 2)",
                    "AMD erratum 1386; Linux arch/x86/kernel/cpu/amd.c clears X86_FEATURE_XSAVES on family 0x17"
                            + " (\"x86/CPU/AMD: Disable XSAVES on AMD family 0x17\", v6.2)",
                    in -> in.identity().vendor() == X86Vendor.AMD && in.identity().family() == 0x17),
            new Erratum<>("AMD-RDRAND-S3", Set.of(X86Feature.RDRAND),
                    "RDRAND may return all ones after suspend/resume on AMD family 0x15 and 0x16 when the"
                            + " firmware lacks the fix",
                    "Linux arch/x86/kernel/cpu/amd.c clear_rdrand_cpuid_bit() (\"x86/CPU/AMD: Clear RDRAND CPUID bit"
                            + " on AMD family 15h/16h\", v5.3) hides it unless booted with rdrand=force",
                    in -> in.identity().vendor() == X86Vendor.AMD
                            && (in.identity().family() == 0x15 || in.identity().family() == 0x16)));

    private Errata() {
    }

    /** {@return every erratum, in table order; immutable} */
    public static List<Erratum<X86Feature, RuleInput>> table() {
        return TABLE;
    }
}
