package io.cpufeatures.x86.emulation;

/**
 * Real x86 parts to select for, as the emulation API describes them: each one's vendor, family,
 * model, stepping, brand and every feature its CPUID reports, taken from the CPUID dumps of
 * libcpuid's test suite ({@code anrieff/libcpuid}, {@code tests/}), with an OS that enabled every
 * register state they support. A builder is returned, so a test can go on from there (an OS that
 * left AVX-512 state off: {@code skylakeSp().osEnabled(0x7)}).
 */
public final class ReferenceCpus {

    private static final String P6_BASE = "fpu vme de pse tsc msr pae mce cx8 apic sep mtrr pge mca cmov pat pse36"
            + " clflush mmx fxsr sse sse2";
    private static final String INTEL_BASE = P6_BASE + " dts acpi ss ht tm pbe pni dtes64 monitor ds_cpl vmx est tm2"
            + " ssse3 cx16 xtpr pdcm";

    private ReferenceCpus() {
    }

    /**
     * {@return a builder for an Intel Core i9-9820X (Skylake-X, 6/0x55/4): AVX-512 F/CD/BW/DQ/VL, a part Linux
     * gives prefer_ymm}
     */
    public static EmulatedCpu.Builder skylakeSp() {
        return EmulatedCpu.intel(6, 0x55, 4).brand("Intel(R) Core(TM) i9-9820X CPU @ 3.30GHz").features((INTEL_BASE
                + " pclmulqdq sdbg fma pcid dca sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave osxsave avx"
                + " f16c rdrand fsgsbase tsc_adjust bmi1 hle avx2 smep bmi2 erms invpcid rtm cqm mpx rdt_a avx512f"
                + " avx512dq rdseed adx smap clflushopt clwb intel_pt avx512cd avx512bw avx512vl md_clear spec_ctrl"
                + " intel_stibp flush_l1d arch_capabilities spec_ctrl_ssbd syscall nx pdpe1gb rdtscp lm lahf_lm abm"
                + " 3dnowprefetch").split(" "));
    }

    /** {@return a builder for an Intel Core i7-4750HQ (Haswell, 6/0x46/1): AVX2, FMA, BMI1/2} */
    public static EmulatedCpu.Builder haswell() {
        return EmulatedCpu.intel(6, 0x46, 1).brand("Intel(R) Core(TM) i7-4750HQ CPU @ 2.00GHz").features((INTEL_BASE
                + " pclmulqdq sdbg fma pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave osxsave avx"
                + " f16c rdrand fsgsbase tsc_adjust bmi1 avx2 smep bmi2 erms invpcid syscall nx pdpe1gb rdtscp lm lahf_lm"
                + " abm").split(" "));
    }

    /** {@return a builder for an AMD Ryzen 7 7700X (Zen 4, 0x19/0x61/2): AVX-512 without a YMM preference} */
    public static EmulatedCpu.Builder zen4() {
        return EmulatedCpu.amd(0x19, 0x61, 2).brand("AMD Ryzen 7 7700X 8-Core Processor").features((P6_BASE
                + " ht pni pclmulqdq monitor ssse3 fma cx16 sse4_1 sse4_2 x2apic movbe popcnt aes xsave osxsave avx f16c"
                + " rdrand fsgsbase bmi1 avx2 smep bmi2 erms invpcid cqm rdt_a avx512f avx512dq rdseed adx smap avx512ifma"
                + " clflushopt clwb avx512cd sha_ni avx512bw avx512vl avx512vbmi umip pku avx512_vbmi2 shstk gfni vaes"
                + " vpclmulqdq avx512_vnni avx512_bitalg avx512_vpopcntdq rdpid fsrm flush_l1d avx512_bf16 xsaveopt"
                + " xsavec xgetbv1 xsaves syscall nx mmxext fxsr_opt pdpe1gb rdtscp lm lahf_lm cmp_legacy svm extapic"
                + " cr8_legacy abm sse4a misalignsse 3dnowprefetch osvw ibs skinit wdt tce topoext perfctr_core"
                + " perfctr_nb bpext perfctr_llc mwaitx clzero irperf xsaveerptr rdpru wbnoinvd").split(" "));
    }

    /** {@return a builder for an Intel Core 2 Duo T7500 (Merom, 6/0xF/10): SSSE3, no POPCNT, no XSAVE} */
    public static EmulatedCpu.Builder core2() {
        return EmulatedCpu.intel(6, 0xf, 10).brand("Intel(R) Core(TM)2 Duo CPU     T7500  @ 2.20GHz")
                .features((INTEL_BASE + " nx lm lahf_lm").split(" "));
    }

    /** {@return a builder for an Intel Pentium G4400 (Skylake, 6/0x5E/3): SSE4.2 and XSAVE, but neither AVX nor BMI} */
    public static EmulatedCpu.Builder skylakePentium() {
        return EmulatedCpu.intel(6, 0x5e, 3).brand("Intel(R) Pentium(R) CPU G4400 @ 3.30GHz").features((INTEL_BASE
                + " pclmulqdq sdbg pcid sse4_1 sse4_2 x2apic movbe popcnt tsc_deadline_timer aes xsave osxsave rdrand"
                + " fsgsbase tsc_adjust erms invpcid rdseed smap clflushopt intel_pt xsaveopt xsavec xgetbv1 xsaves nx"
                + " pdpe1gb rdtscp lm lahf_lm abm 3dnowprefetch").split(" "));
    }
}
