package io.cpufeatures.x86.rules;

import static io.cpufeatures.core.kit.DependencyRule.ours;
import static io.cpufeatures.x86.table.X86Feature.AES;
import static io.cpufeatures.x86.table.X86Feature.AMX_BF16;
import static io.cpufeatures.x86.table.X86Feature.AMX_COMPLEX;
import static io.cpufeatures.x86.table.X86Feature.AMX_FP16;
import static io.cpufeatures.x86.table.X86Feature.AMX_INT8;
import static io.cpufeatures.x86.table.X86Feature.AMX_TILE;
import static io.cpufeatures.x86.table.X86Feature.APX;
import static io.cpufeatures.x86.table.X86Feature.AVX;
import static io.cpufeatures.x86.table.X86Feature.AVX10;
import static io.cpufeatures.x86.table.X86Feature.AVX10_128;
import static io.cpufeatures.x86.table.X86Feature.AVX10_256;
import static io.cpufeatures.x86.table.X86Feature.AVX10_512;
import static io.cpufeatures.x86.table.X86Feature.AVX2;
import static io.cpufeatures.x86.table.X86Feature.AVX512BW;
import static io.cpufeatures.x86.table.X86Feature.AVX512CD;
import static io.cpufeatures.x86.table.X86Feature.AVX512DQ;
import static io.cpufeatures.x86.table.X86Feature.AVX512ER;
import static io.cpufeatures.x86.table.X86Feature.AVX512F;
import static io.cpufeatures.x86.table.X86Feature.AVX512IFMA;
import static io.cpufeatures.x86.table.X86Feature.AVX512PF;
import static io.cpufeatures.x86.table.X86Feature.AVX512VBMI;
import static io.cpufeatures.x86.table.X86Feature.AVX512VL;
import static io.cpufeatures.x86.table.X86Feature.AVX512_4FMAPS;
import static io.cpufeatures.x86.table.X86Feature.AVX512_4VNNIW;
import static io.cpufeatures.x86.table.X86Feature.AVX512_BF16;
import static io.cpufeatures.x86.table.X86Feature.AVX512_BITALG;
import static io.cpufeatures.x86.table.X86Feature.AVX512_FP16;
import static io.cpufeatures.x86.table.X86Feature.AVX512_VBMI2;
import static io.cpufeatures.x86.table.X86Feature.AVX512_VNNI;
import static io.cpufeatures.x86.table.X86Feature.AVX512_VP2INTERSECT;
import static io.cpufeatures.x86.table.X86Feature.AVX512_VPOPCNTDQ;
import static io.cpufeatures.x86.table.X86Feature.AVX_IFMA;
import static io.cpufeatures.x86.table.X86Feature.AVX_NE_CONVERT;
import static io.cpufeatures.x86.table.X86Feature.AVX_VNNI;
import static io.cpufeatures.x86.table.X86Feature.AVX_VNNI_INT16;
import static io.cpufeatures.x86.table.X86Feature.AVX_VNNI_INT8;
import static io.cpufeatures.x86.table.X86Feature.CMOV;
import static io.cpufeatures.x86.table.X86Feature.ENQCMD;
import static io.cpufeatures.x86.table.X86Feature.F16C;
import static io.cpufeatures.x86.table.X86Feature.FMA;
import static io.cpufeatures.x86.table.X86Feature.FMA4;
import static io.cpufeatures.x86.table.X86Feature.FPU;
import static io.cpufeatures.x86.table.X86Feature.FRED;
import static io.cpufeatures.x86.table.X86Feature.FXSR;
import static io.cpufeatures.x86.table.X86Feature.FXSR_OPT;
import static io.cpufeatures.x86.table.X86Feature.GFNI;
import static io.cpufeatures.x86.table.X86Feature.LASS;
import static io.cpufeatures.x86.table.X86Feature.LKGS;
import static io.cpufeatures.x86.table.X86Feature.MISALIGNSSE;
import static io.cpufeatures.x86.table.X86Feature.MMX;
import static io.cpufeatures.x86.table.X86Feature.MMXEXT;
import static io.cpufeatures.x86.table.X86Feature.MPX;
import static io.cpufeatures.x86.table.X86Feature.OSPKE;
import static io.cpufeatures.x86.table.X86Feature.PCLMULQDQ;
import static io.cpufeatures.x86.table.X86Feature.PKU;
import static io.cpufeatures.x86.table.X86Feature.PNI;
import static io.cpufeatures.x86.table.X86Feature.SGX;
import static io.cpufeatures.x86.table.X86Feature.SGX_LC;
import static io.cpufeatures.x86.table.X86Feature.SHA512;
import static io.cpufeatures.x86.table.X86Feature.SHA_NI;
import static io.cpufeatures.x86.table.X86Feature.SHSTK;
import static io.cpufeatures.x86.table.X86Feature.SM3;
import static io.cpufeatures.x86.table.X86Feature.SM4;
import static io.cpufeatures.x86.table.X86Feature.SMAP;
import static io.cpufeatures.x86.table.X86Feature.SPEC_CTRL;
import static io.cpufeatures.x86.table.X86Feature.SPEC_CTRL_SSBD;
import static io.cpufeatures.x86.table.X86Feature.SSE;
import static io.cpufeatures.x86.table.X86Feature.SSE2;
import static io.cpufeatures.x86.table.X86Feature.SSE4A;
import static io.cpufeatures.x86.table.X86Feature.SSE4_1;
import static io.cpufeatures.x86.table.X86Feature.SSE4_2;
import static io.cpufeatures.x86.table.X86Feature.SSSE3;
import static io.cpufeatures.x86.table.X86Feature.VAES;
import static io.cpufeatures.x86.table.X86Feature.VPCLMULQDQ;
import static io.cpufeatures.x86.table.X86Feature.XFD;
import static io.cpufeatures.x86.table.X86Feature.XGETBV1;
import static io.cpufeatures.x86.table.X86Feature.XOP;
import static io.cpufeatures.x86.table.X86Feature.XSAVE;
import static io.cpufeatures.x86.table.X86Feature.XSAVEC;
import static io.cpufeatures.x86.table.X86Feature.XSAVEOPT;
import static io.cpufeatures.x86.table.X86Feature.XSAVES;

import io.cpufeatures.core.kit.DependencyRule;
import io.cpufeatures.core.kit.DependencyTable;
import io.cpufeatures.core.kit.RuleOrigin;
import io.cpufeatures.x86.table.X86Feature;
import io.cpufeatures.x86.table.X86Table;
import java.util.List;

/**
 * The dependency table: a feature is usable only if every feature it depends on is. Applied
 * clear-only to a fixpoint, as Linux {@code do_clear_cpu_cap()} does, so the order of the rows does
 * not matter and the closure can be precomputed; the kit closes the table and refuses a cycle
 * ({@link io.cpufeatures.core.kit.DependencyTable}).
 *
 * <p>The {@link #LINUX} rows are the pairs of Linux
 * {@code arch/x86/kernel/cpu/cpuid-deps.c} (v6.18) between features of our table; the kernel's
 * rows for features we do not decode (CQM, MBA, BMEC, SDCIAE, SGX1/SGX2/EDECCSSA) are left out.
 *
 * <p>Our own rows, each with its reason, are listed after them. Deliberately not rows:
 * GFNI, VAES and VPCLMULQDQ do not depend on AVX-512 (they have SSE/VEX forms; only their EVEX
 * forms need AVX512VL, which code using them checks itself); BMI1, BMI2, ADX and LZCNT need no
 * XSAVE state (VEX-encoded general-purpose instructions are not gated by XCR0).
 */
public final class FeatureDependencies {

    /** The reason of the VEX-encoded AVX instruction sets the kernel's table leaves out. */
    private static final String VEX_AVX = "VEX-encoded AVX instruction; absent from the kernel table";
    /** The reason of the VEX-encoded SM3 and SM4 instructions. */
    private static final String VEX = "VEX-encoded; absent from the kernel table";
    /** The reason of AVX10's vector-length flags, which live in leaf 0x24. */
    private static final String LEAF_0X24 = "CPUID leaf 0x24 is defined only when AVX10 is reported";

    /** Linux {@code arch/x86/kernel/cpu/cpuid-deps.c}. */
    public static final RuleOrigin LINUX = RuleOrigin.from("Linux cpuid-deps.c");

    private static final List<DependencyRule<X86Feature>> TABLE = List.of(
            // Linux cpuid-deps.c
            linux(FXSR, FPU),
            linux(XSAVEOPT, XSAVE),
            linux(XSAVEC, XSAVE),
            linux(XSAVES, XSAVE),
            linux(AVX, XSAVE),
            linux(PKU, XSAVE),
            linux(MPX, XSAVE),
            linux(XGETBV1, XSAVE),
            linux(APX, XSAVE),
            linux(CMOV, FXSR),
            linux(MMX, FXSR),
            linux(MMXEXT, MMX),
            linux(FXSR_OPT, FXSR),
            linux(XSAVE, FXSR),
            linux(SSE, FXSR),
            linux(SSE2, SSE),
            linux(PNI, SSE2),
            linux(SSE4_1, SSE2),
            linux(SSE4_2, SSE2),
            linux(PCLMULQDQ, SSE2),
            linux(SSSE3, SSE2),
            linux(F16C, SSE2),
            linux(AES, SSE2),
            linux(SHA_NI, SSE2),
            linux(GFNI, SSE2),
            linux(AVX_VNNI, AVX),
            linux(FMA, AVX),
            linux(VAES, AVX),
            linux(VPCLMULQDQ, AVX),
            linux(AVX2, AVX),
            linux(AVX512F, AVX),
            linux(AVX512IFMA, AVX512F),
            linux(AVX512PF, AVX512F),
            linux(AVX512ER, AVX512F),
            linux(AVX512CD, AVX512F),
            linux(AVX512DQ, AVX512F),
            linux(AVX512BW, AVX512F),
            linux(AVX512VL, AVX512F),
            linux(AVX512VBMI, AVX512F),
            linux(AVX512_VBMI2, AVX512VL),
            linux(AVX512_VNNI, AVX512VL),
            linux(AVX512_BITALG, AVX512VL),
            linux(AVX512_4VNNIW, AVX512F),
            linux(AVX512_4FMAPS, AVX512F),
            linux(AVX512_VPOPCNTDQ, AVX512F),
            linux(AVX512_VP2INTERSECT, AVX512VL),
            linux(AVX512_BF16, AVX512VL),
            linux(AVX512_FP16, AVX512BW),
            linux(ENQCMD, XSAVES),
            linux(SGX_LC, SGX),
            linux(XFD, XSAVES),
            linux(XFD, XGETBV1),
            linux(AMX_TILE, XFD),
            linux(AMX_FP16, AMX_TILE),
            linux(AMX_BF16, AMX_TILE),
            linux(AMX_INT8, AMX_TILE),
            linux(SHSTK, XSAVES),
            linux(FRED, LKGS),
            linux(SPEC_CTRL_SSBD, SPEC_CTRL),
            linux(LASS, SMAP),
            // cpufeatures' own rows
            ours(F16C, AVX, "F16C is VEX-encoded and writes YMM registers; the kernel only ties it to SSE2"),
            ours(XOP, AVX, "XOP's encodings operate on YMM registers (AMD APM Vol. 6)"),
            ours(FMA4, AVX, "FMA4 operates on YMM registers (AMD APM Vol. 6)"),
            ours(AVX_IFMA, AVX, VEX_AVX),
            ours(AVX_VNNI_INT8, AVX, VEX_AVX),
            ours(AVX_VNNI_INT16, AVX, VEX_AVX),
            ours(AVX_NE_CONVERT, AVX, VEX_AVX),
            ours(SHA512, AVX, "VEX.256-encoded; absent from the kernel table"),
            ours(SM3, AVX, VEX),
            ours(SM4, AVX, VEX),
            ours(AVX10, AVX, "AVX10 is the AVX-512 instruction set under a version number; as AVX512F"),
            ours(AVX10_128, AVX10, LEAF_0X24),
            ours(AVX10_256, AVX10, LEAF_0X24),
            ours(AVX10_512, AVX10, LEAF_0X24),
            ours(AMX_COMPLEX, AMX_TILE, "an AMX instruction set, as AMX_FP16; absent from the kernel table"),
            ours(PKU, OSPKE, "RDPKRU/WRPKRU fault unless the OS set CR4.PKE, which OSPKE mirrors"),
            ours(SSE4A, SSE2, "an SSE extension, as SSE4_1; absent from the kernel table"),
            ours(MISALIGNSSE, SSE, "changes how SSE instructions treat alignment"));

    private FeatureDependencies() {
    }

    private static DependencyRule<X86Feature> linux(X86Feature feature, X86Feature dependsOn) {
        return DependencyRule.of(LINUX, feature, dependsOn);
    }

    /** The table, closed. */
    public static final DependencyTable<X86Feature> DEPENDENCIES = DependencyTable.of(X86Table.FEATURES, TABLE);
}
