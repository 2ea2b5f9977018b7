package io.cpufeatures.x86.feature;

import static io.cpufeatures.x86.feature.TableTerms.BND_STATE;
import static io.cpufeatures.x86.feature.TableTerms.EGPR_STATE;
import static io.cpufeatures.x86.feature.TableTerms.IN_AMX;
import static io.cpufeatures.x86.feature.TableTerms.IN_APX;
import static io.cpufeatures.x86.feature.TableTerms.IN_AVX;
import static io.cpufeatures.x86.feature.TableTerms.IN_AVX512;
import static io.cpufeatures.x86.feature.TableTerms.IN_BASE;
import static io.cpufeatures.x86.feature.TableTerms.IN_BITS;
import static io.cpufeatures.x86.feature.TableTerms.IN_CRYPTO;
import static io.cpufeatures.x86.feature.TableTerms.IN_MEMORY;
import static io.cpufeatures.x86.feature.TableTerms.IN_PLATFORM;
import static io.cpufeatures.x86.feature.TableTerms.IN_SSE;
import static io.cpufeatures.x86.feature.TableTerms.IN_SYSTEM;
import static io.cpufeatures.x86.feature.TableTerms.IN_XSAVE;
import static io.cpufeatures.x86.feature.TableTerms.NO_STATE;
import static io.cpufeatures.x86.feature.TableTerms.OS_XSAVE;
import static io.cpufeatures.x86.feature.TableTerms.PKRU_STATE;
import static io.cpufeatures.x86.feature.TableTerms.TILE_STATE;
import static io.cpufeatures.x86.feature.TableTerms.XMM_STATE;
import static io.cpufeatures.x86.feature.TableTerms.YMM_STATE;
import static io.cpufeatures.x86.feature.TableTerms.ZMM_STATE;
import static io.cpufeatures.x86.raw.Register.EAX;
import static io.cpufeatures.x86.raw.Register.EBX;
import static io.cpufeatures.x86.raw.Register.ECX;
import static io.cpufeatures.x86.raw.Register.EDX;

import io.cpufeatures.x86.raw.Register;
import java.util.List;

/**
 * The x86 feature table: one line per feature with its CPUID bit (leaf, subleaf, register, bit),
 * its canonical name, the register state it needs, the family it is reported under and the other
 * spellings accepted for it.
 *
 * <p>The canonical name is the Linux {@code /proc/cpuinfo} name ({@code arch/x86/include/asm/cpufeatures.h},
 * the quoted string of each flag): so SSE3 is {@code pni}, LZCNT is {@code abm} and SHA is
 * {@code sha_ni}. Flags the kernel does not show keep the kernel's identifier in lower case
 * ({@code osxsave}, {@code hybrid_cpu}, {@code sha512}, {@code apx}); flags only KVM names
 * ({@code arch/x86/kvm/reverse_cpuid.h}) take KVM's identifier ({@code avx_vnni_int8}, {@code avx10}).
 * Aliases are the Intel SDM, GCC, google/cpu_features and corpus spellings.
 *
 * <p>AVX10's version is not a bit: it is CPUID.(0x24,0):EBX[7:0], read by the decoder.
 */
public enum X86Feature {
    // CPUID.1:EDX
    FPU(0x1, 0, EDX, 0, "fpu", NO_STATE, IN_BASE, "x87"),
    VME(0x1, 0, EDX, 1, "vme", NO_STATE, IN_SYSTEM),
    DE(0x1, 0, EDX, 2, "de", NO_STATE, IN_SYSTEM),
    PSE(0x1, 0, EDX, 3, "pse", NO_STATE, IN_SYSTEM),
    TSC(0x1, 0, EDX, 4, "tsc", NO_STATE, IN_BASE),
    MSR(0x1, 0, EDX, 5, "msr", NO_STATE, IN_SYSTEM),
    PAE(0x1, 0, EDX, 6, "pae", NO_STATE, IN_SYSTEM),
    MCE(0x1, 0, EDX, 7, "mce", NO_STATE, IN_SYSTEM),
    CX8(0x1, 0, EDX, 8, "cx8", NO_STATE, IN_BASE, "cmpxchg8b"),
    APIC(0x1, 0, EDX, 9, "apic", NO_STATE, IN_SYSTEM),
    SEP(0x1, 0, EDX, 11, "sep", NO_STATE, IN_SYSTEM, "sysenter"),
    MTRR(0x1, 0, EDX, 12, "mtrr", NO_STATE, IN_SYSTEM),
    PGE(0x1, 0, EDX, 13, "pge", NO_STATE, IN_SYSTEM),
    MCA(0x1, 0, EDX, 14, "mca", NO_STATE, IN_SYSTEM),
    CMOV(0x1, 0, EDX, 15, "cmov", NO_STATE, IN_BASE),
    PAT(0x1, 0, EDX, 16, "pat", NO_STATE, IN_SYSTEM),
    PSE36(0x1, 0, EDX, 17, "pse36", NO_STATE, IN_SYSTEM),
    PN(0x1, 0, EDX, 18, "pn", NO_STATE, IN_SYSTEM, "psn"),
    CLFLUSH(0x1, 0, EDX, 19, "clflush", NO_STATE, IN_MEMORY, "clfsh"),
    DTS(0x1, 0, EDX, 21, "dts", NO_STATE, IN_SYSTEM, "ds"),
    ACPI(0x1, 0, EDX, 22, "acpi", NO_STATE, IN_SYSTEM),
    MMX(0x1, 0, EDX, 23, "mmx", NO_STATE, IN_BASE),
    FXSR(0x1, 0, EDX, 24, "fxsr", NO_STATE, IN_BASE, "fxsave"),
    SSE(0x1, 0, EDX, 25, "sse", XMM_STATE, IN_SSE, "xmm"),
    SSE2(0x1, 0, EDX, 26, "sse2", XMM_STATE, IN_SSE, "xmm2"),
    SS(0x1, 0, EDX, 27, "ss", NO_STATE, IN_SYSTEM, "selfsnoop"),
    HT(0x1, 0, EDX, 28, "ht", NO_STATE, IN_PLATFORM, "htt"),
    TM(0x1, 0, EDX, 29, "tm", NO_STATE, IN_SYSTEM),
    IA64(0x1, 0, EDX, 30, "ia64", NO_STATE, IN_SYSTEM),
    PBE(0x1, 0, EDX, 31, "pbe", NO_STATE, IN_SYSTEM),

    // CPUID.1:ECX
    PNI(0x1, 0, ECX, 0, "pni", XMM_STATE, IN_SSE, "sse3", "xmm3"),
    PCLMULQDQ(0x1, 0, ECX, 1, "pclmulqdq", XMM_STATE, IN_CRYPTO, "pclmul"),
    DTES64(0x1, 0, ECX, 2, "dtes64", NO_STATE, IN_SYSTEM),
    MONITOR(0x1, 0, ECX, 3, "monitor", NO_STATE, IN_SYSTEM, "mwait"),
    DS_CPL(0x1, 0, ECX, 4, "ds_cpl", NO_STATE, IN_SYSTEM),
    VMX(0x1, 0, ECX, 5, "vmx", NO_STATE, IN_SYSTEM),
    SMX(0x1, 0, ECX, 6, "smx", NO_STATE, IN_SYSTEM),
    EST(0x1, 0, ECX, 7, "est", NO_STATE, IN_SYSTEM),
    TM2(0x1, 0, ECX, 8, "tm2", NO_STATE, IN_SYSTEM),
    SSSE3(0x1, 0, ECX, 9, "ssse3", XMM_STATE, IN_SSE),
    CID(0x1, 0, ECX, 10, "cid", NO_STATE, IN_SYSTEM, "cnxt_id"),
    SDBG(0x1, 0, ECX, 11, "sdbg", NO_STATE, IN_SYSTEM),
    FMA(0x1, 0, ECX, 12, "fma", YMM_STATE, IN_AVX, "fma3"),
    CX16(0x1, 0, ECX, 13, "cx16", NO_STATE, IN_BASE, "cmpxchg16b"),
    XTPR(0x1, 0, ECX, 14, "xtpr", NO_STATE, IN_SYSTEM),
    PDCM(0x1, 0, ECX, 15, "pdcm", NO_STATE, IN_SYSTEM),
    PCID(0x1, 0, ECX, 17, "pcid", NO_STATE, IN_SYSTEM),
    DCA(0x1, 0, ECX, 18, "dca", NO_STATE, IN_SYSTEM),
    SSE4_1(0x1, 0, ECX, 19, "sse4_1", XMM_STATE, IN_SSE, "sse41"),
    SSE4_2(0x1, 0, ECX, 20, "sse4_2", XMM_STATE, IN_SSE, "sse42"),
    X2APIC(0x1, 0, ECX, 21, "x2apic", NO_STATE, IN_SYSTEM),
    MOVBE(0x1, 0, ECX, 22, "movbe", NO_STATE, IN_BITS),
    POPCNT(0x1, 0, ECX, 23, "popcnt", NO_STATE, IN_BITS),
    TSC_DEADLINE_TIMER(0x1, 0, ECX, 24, "tsc_deadline_timer", NO_STATE, IN_SYSTEM),
    AES(0x1, 0, ECX, 25, "aes", XMM_STATE, IN_CRYPTO, "aesni", "aes_ni"),
    XSAVE(0x1, 0, ECX, 26, "xsave", OS_XSAVE, IN_XSAVE),
    OSXSAVE(0x1, 0, ECX, 27, "osxsave", NO_STATE, IN_XSAVE),
    AVX(0x1, 0, ECX, 28, "avx", YMM_STATE, IN_AVX),
    F16C(0x1, 0, ECX, 29, "f16c", YMM_STATE, IN_AVX),
    RDRAND(0x1, 0, ECX, 30, "rdrand", NO_STATE, IN_CRYPTO, "rdrnd"),
    HYPERVISOR(0x1, 0, ECX, 31, "hypervisor", NO_STATE, IN_PLATFORM),

    // CPUID.(7,0):EBX
    FSGSBASE(0x7, 0, EBX, 0, "fsgsbase", NO_STATE, IN_SYSTEM),
    TSC_ADJUST(0x7, 0, EBX, 1, "tsc_adjust", NO_STATE, IN_SYSTEM),
    SGX(0x7, 0, EBX, 2, "sgx", NO_STATE, IN_SYSTEM),
    BMI1(0x7, 0, EBX, 3, "bmi1", NO_STATE, IN_BITS, "bmi"),
    HLE(0x7, 0, EBX, 4, "hle", NO_STATE, IN_MEMORY),
    AVX2(0x7, 0, EBX, 5, "avx2", YMM_STATE, IN_AVX),
    SMEP(0x7, 0, EBX, 7, "smep", NO_STATE, IN_SYSTEM),
    BMI2(0x7, 0, EBX, 8, "bmi2", NO_STATE, IN_BITS),
    ERMS(0x7, 0, EBX, 9, "erms", NO_STATE, IN_MEMORY),
    INVPCID(0x7, 0, EBX, 10, "invpcid", NO_STATE, IN_SYSTEM),
    RTM(0x7, 0, EBX, 11, "rtm", NO_STATE, IN_MEMORY),
    CQM(0x7, 0, EBX, 12, "cqm", NO_STATE, IN_SYSTEM, "pqm"),
    MPX(0x7, 0, EBX, 14, "mpx", BND_STATE, IN_MEMORY),
    RDT_A(0x7, 0, EBX, 15, "rdt_a", NO_STATE, IN_SYSTEM, "pqe"),
    AVX512F(0x7, 0, EBX, 16, "avx512f", ZMM_STATE, IN_AVX512),
    AVX512DQ(0x7, 0, EBX, 17, "avx512dq", ZMM_STATE, IN_AVX512),
    RDSEED(0x7, 0, EBX, 18, "rdseed", NO_STATE, IN_CRYPTO),
    ADX(0x7, 0, EBX, 19, "adx", NO_STATE, IN_BITS),
    SMAP(0x7, 0, EBX, 20, "smap", NO_STATE, IN_SYSTEM),
    AVX512IFMA(0x7, 0, EBX, 21, "avx512ifma", ZMM_STATE, IN_AVX512, "avx512_ifma"),
    CLFLUSHOPT(0x7, 0, EBX, 23, "clflushopt", NO_STATE, IN_MEMORY),
    CLWB(0x7, 0, EBX, 24, "clwb", NO_STATE, IN_MEMORY),
    INTEL_PT(0x7, 0, EBX, 25, "intel_pt", NO_STATE, IN_SYSTEM, "pt"),
    AVX512PF(0x7, 0, EBX, 26, "avx512pf", ZMM_STATE, IN_AVX512, "avx512_pf"),
    AVX512ER(0x7, 0, EBX, 27, "avx512er", ZMM_STATE, IN_AVX512, "avx512_er"),
    AVX512CD(0x7, 0, EBX, 28, "avx512cd", ZMM_STATE, IN_AVX512, "avx512_cd"),
    SHA_NI(0x7, 0, EBX, 29, "sha_ni", XMM_STATE, IN_CRYPTO, "sha"),
    AVX512BW(0x7, 0, EBX, 30, "avx512bw", ZMM_STATE, IN_AVX512, "avx512_bw"),
    AVX512VL(0x7, 0, EBX, 31, "avx512vl", ZMM_STATE, IN_AVX512, "avx512_vl"),

    // CPUID.(7,0):ECX
    PREFETCHWT1(0x7, 0, ECX, 0, "prefetchwt1", NO_STATE, IN_MEMORY),
    AVX512VBMI(0x7, 0, ECX, 1, "avx512vbmi", ZMM_STATE, IN_AVX512, "avx512_vbmi"),
    UMIP(0x7, 0, ECX, 2, "umip", NO_STATE, IN_SYSTEM),
    PKU(0x7, 0, ECX, 3, "pku", PKRU_STATE, IN_SYSTEM),
    OSPKE(0x7, 0, ECX, 4, "ospke", NO_STATE, IN_SYSTEM),
    WAITPKG(0x7, 0, ECX, 5, "waitpkg", NO_STATE, IN_SYSTEM),
    AVX512_VBMI2(0x7, 0, ECX, 6, "avx512_vbmi2", ZMM_STATE, IN_AVX512, "avx512vbmi2"),
    SHSTK(0x7, 0, ECX, 7, "shstk", NO_STATE, IN_SYSTEM, "cet_ss"),
    GFNI(0x7, 0, ECX, 8, "gfni", XMM_STATE, IN_CRYPTO),
    VAES(0x7, 0, ECX, 9, "vaes", YMM_STATE, IN_CRYPTO),
    VPCLMULQDQ(0x7, 0, ECX, 10, "vpclmulqdq", YMM_STATE, IN_CRYPTO),
    AVX512_VNNI(0x7, 0, ECX, 11, "avx512_vnni", ZMM_STATE, IN_AVX512, "avx512vnni"),
    AVX512_BITALG(0x7, 0, ECX, 12, "avx512_bitalg", ZMM_STATE, IN_AVX512, "avx512bitalg"),
    TME(0x7, 0, ECX, 13, "tme", NO_STATE, IN_SYSTEM),
    AVX512_VPOPCNTDQ(0x7, 0, ECX, 14, "avx512_vpopcntdq", ZMM_STATE, IN_AVX512, "avx512vpopcntdq"),
    LA57(0x7, 0, ECX, 16, "la57", NO_STATE, IN_SYSTEM),
    RDPID(0x7, 0, ECX, 22, "rdpid", NO_STATE, IN_SYSTEM),
    BUS_LOCK_DETECT(0x7, 0, ECX, 24, "bus_lock_detect", NO_STATE, IN_SYSTEM),
    CLDEMOTE(0x7, 0, ECX, 25, "cldemote", NO_STATE, IN_MEMORY),
    MOVDIRI(0x7, 0, ECX, 27, "movdiri", NO_STATE, IN_MEMORY),
    MOVDIR64B(0x7, 0, ECX, 28, "movdir64b", NO_STATE, IN_MEMORY),
    ENQCMD(0x7, 0, ECX, 29, "enqcmd", NO_STATE, IN_SYSTEM),
    SGX_LC(0x7, 0, ECX, 30, "sgx_lc", NO_STATE, IN_SYSTEM),

    // CPUID.(7,0):EDX
    AVX512_4VNNIW(0x7, 0, EDX, 2, "avx512_4vnniw", ZMM_STATE, IN_AVX512, "avx5124vnniw"),
    AVX512_4FMAPS(0x7, 0, EDX, 3, "avx512_4fmaps", ZMM_STATE, IN_AVX512, "avx5124fmaps"),
    FSRM(0x7, 0, EDX, 4, "fsrm", NO_STATE, IN_MEMORY),
    AVX512_VP2INTERSECT(0x7, 0, EDX, 8, "avx512_vp2intersect", ZMM_STATE, IN_AVX512, "avx512vp2intersect"),
    MD_CLEAR(0x7, 0, EDX, 10, "md_clear", NO_STATE, IN_SYSTEM),
    SERIALIZE(0x7, 0, EDX, 14, "serialize", NO_STATE, IN_SYSTEM),
    HYBRID_CPU(0x7, 0, EDX, 15, "hybrid_cpu", NO_STATE, IN_PLATFORM, "hybrid"),
    TSXLDTRK(0x7, 0, EDX, 16, "tsxldtrk", NO_STATE, IN_MEMORY),
    PCONFIG(0x7, 0, EDX, 18, "pconfig", NO_STATE, IN_SYSTEM),
    ARCH_LBR(0x7, 0, EDX, 19, "arch_lbr", NO_STATE, IN_SYSTEM),
    IBT(0x7, 0, EDX, 20, "ibt", NO_STATE, IN_SYSTEM),
    AMX_BF16(0x7, 0, EDX, 22, "amx_bf16", TILE_STATE, IN_AMX, "amxbf16"),
    AVX512_FP16(0x7, 0, EDX, 23, "avx512_fp16", ZMM_STATE, IN_AVX512, "avx512fp16"),
    AMX_TILE(0x7, 0, EDX, 24, "amx_tile", TILE_STATE, IN_AMX, "amxtile", "amx"),
    AMX_INT8(0x7, 0, EDX, 25, "amx_int8", TILE_STATE, IN_AMX, "amxint8"),
    SPEC_CTRL(0x7, 0, EDX, 26, "spec_ctrl", NO_STATE, IN_SYSTEM, "ibrs_ibpb"),
    INTEL_STIBP(0x7, 0, EDX, 27, "intel_stibp", NO_STATE, IN_SYSTEM),
    FLUSH_L1D(0x7, 0, EDX, 28, "flush_l1d", NO_STATE, IN_SYSTEM),
    ARCH_CAPABILITIES(0x7, 0, EDX, 29, "arch_capabilities", NO_STATE, IN_SYSTEM),
    CORE_CAPABILITIES(0x7, 0, EDX, 30, "core_capabilities", NO_STATE, IN_SYSTEM),
    SPEC_CTRL_SSBD(0x7, 0, EDX, 31, "spec_ctrl_ssbd", NO_STATE, IN_SYSTEM),

    // CPUID.(7,1):EAX
    SHA512(0x7, 1, EAX, 0, "sha512", YMM_STATE, IN_CRYPTO),
    SM3(0x7, 1, EAX, 1, "sm3", YMM_STATE, IN_CRYPTO),
    SM4(0x7, 1, EAX, 2, "sm4", YMM_STATE, IN_CRYPTO),
    AVX_VNNI(0x7, 1, EAX, 4, "avx_vnni", YMM_STATE, IN_AVX, "avxvnni"),
    AVX512_BF16(0x7, 1, EAX, 5, "avx512_bf16", ZMM_STATE, IN_AVX512, "avx512bf16"),
    LASS(0x7, 1, EAX, 6, "lass", NO_STATE, IN_SYSTEM),
    CMPCCXADD(0x7, 1, EAX, 7, "cmpccxadd", NO_STATE, IN_MEMORY),
    FZRM(0x7, 1, EAX, 10, "fzrm", NO_STATE, IN_MEMORY),
    FSRS(0x7, 1, EAX, 11, "fsrs", NO_STATE, IN_MEMORY),
    FSRC(0x7, 1, EAX, 12, "fsrc", NO_STATE, IN_MEMORY),
    FRED(0x7, 1, EAX, 17, "fred", NO_STATE, IN_SYSTEM),
    LKGS(0x7, 1, EAX, 18, "lkgs", NO_STATE, IN_SYSTEM),
    WRMSRNS(0x7, 1, EAX, 19, "wrmsrns", NO_STATE, IN_SYSTEM),
    AMX_FP16(0x7, 1, EAX, 21, "amx_fp16", TILE_STATE, IN_AMX, "amxfp16"),
    AVX_IFMA(0x7, 1, EAX, 23, "avx_ifma", YMM_STATE, IN_AVX, "avxifma"),
    LAM(0x7, 1, EAX, 26, "lam", NO_STATE, IN_SYSTEM),

    // CPUID.(7,1):EDX
    AVX_VNNI_INT8(0x7, 1, EDX, 4, "avx_vnni_int8", YMM_STATE, IN_AVX, "avxvnniint8"),
    AVX_NE_CONVERT(0x7, 1, EDX, 5, "avx_ne_convert", YMM_STATE, IN_AVX, "avxneconvert"),
    AMX_COMPLEX(0x7, 1, EDX, 8, "amx_complex", TILE_STATE, IN_AMX, "amxcomplex"),
    AVX_VNNI_INT16(0x7, 1, EDX, 10, "avx_vnni_int16", YMM_STATE, IN_AVX, "avxvnniint16"),
    PREFETCHITI(0x7, 1, EDX, 14, "prefetchiti", NO_STATE, IN_MEMORY, "prefetchi"),
    AVX10(0x7, 1, EDX, 19, "avx10", ZMM_STATE, IN_AVX512, "avx10_1"),
    APX(0x7, 1, EDX, 21, "apx", EGPR_STATE, IN_APX, "apx_f", "apxf"),

    // CPUID.(0xD,1):EAX
    XSAVEOPT(0xD, 1, EAX, 0, "xsaveopt", NO_STATE, IN_XSAVE),
    XSAVEC(0xD, 1, EAX, 1, "xsavec", NO_STATE, IN_XSAVE),
    XGETBV1(0xD, 1, EAX, 2, "xgetbv1", NO_STATE, IN_XSAVE),
    XSAVES(0xD, 1, EAX, 3, "xsaves", NO_STATE, IN_XSAVE),
    XFD(0xD, 1, EAX, 4, "xfd", NO_STATE, IN_XSAVE),

    // CPUID.(0x24,0):EBX, valid when AVX10 is set
    AVX10_128(0x24, 0, EBX, 16, "avx10_128", ZMM_STATE, IN_AVX512, "avx10_vl128"),
    AVX10_256(0x24, 0, EBX, 17, "avx10_256", ZMM_STATE, IN_AVX512, "avx10_vl256"),
    AVX10_512(0x24, 0, EBX, 18, "avx10_512", ZMM_STATE, IN_AVX512, "avx10_vl512"),

    // CPUID.0x80000001:EDX (the bits that do not repeat CPUID.1:EDX)
    SYSCALL(0x8000_0001, 0, EDX, 11, "syscall", NO_STATE, IN_BASE, "sce"),
    MP(0x8000_0001, 0, EDX, 19, "mp", NO_STATE, IN_SYSTEM),
    NX(0x8000_0001, 0, EDX, 20, "nx", NO_STATE, IN_SYSTEM, "xd"),
    MMXEXT(0x8000_0001, 0, EDX, 22, "mmxext", NO_STATE, IN_BASE),
    FXSR_OPT(0x8000_0001, 0, EDX, 25, "fxsr_opt", NO_STATE, IN_BASE, "ffxsr"),
    PDPE1GB(0x8000_0001, 0, EDX, 26, "pdpe1gb", NO_STATE, IN_SYSTEM, "gbpages", "page1gb"),
    RDTSCP(0x8000_0001, 0, EDX, 27, "rdtscp", NO_STATE, IN_BASE),
    LM(0x8000_0001, 0, EDX, 29, "lm", NO_STATE, IN_BASE, "x86_64", "long_mode", "em64t"),
    AMD_3DNOWEXT(0x8000_0001, 0, EDX, 30, "3dnowext", NO_STATE, IN_BASE, "amd_3dnowext"),
    AMD_3DNOW(0x8000_0001, 0, EDX, 31, "3dnow", NO_STATE, IN_BASE, "amd_3dnow"),

    // CPUID.0x80000001:ECX
    LAHF_LM(0x8000_0001, 0, ECX, 0, "lahf_lm", NO_STATE, IN_BASE, "lahf", "lahf_sahf"),
    CMP_LEGACY(0x8000_0001, 0, ECX, 1, "cmp_legacy", NO_STATE, IN_PLATFORM),
    SVM(0x8000_0001, 0, ECX, 2, "svm", NO_STATE, IN_SYSTEM),
    EXTAPIC(0x8000_0001, 0, ECX, 3, "extapic", NO_STATE, IN_SYSTEM),
    CR8_LEGACY(0x8000_0001, 0, ECX, 4, "cr8_legacy", NO_STATE, IN_SYSTEM),
    ABM(0x8000_0001, 0, ECX, 5, "abm", NO_STATE, IN_BITS, "lzcnt"),
    SSE4A(0x8000_0001, 0, ECX, 6, "sse4a", XMM_STATE, IN_SSE),
    MISALIGNSSE(0x8000_0001, 0, ECX, 7, "misalignsse", XMM_STATE, IN_SSE),
    AMD_3DNOWPREFETCH(0x8000_0001, 0, ECX, 8, "3dnowprefetch", NO_STATE, IN_MEMORY, "prefetchw"),
    OSVW(0x8000_0001, 0, ECX, 9, "osvw", NO_STATE, IN_SYSTEM),
    IBS(0x8000_0001, 0, ECX, 10, "ibs", NO_STATE, IN_SYSTEM),
    XOP(0x8000_0001, 0, ECX, 11, "xop", YMM_STATE, IN_AVX),
    SKINIT(0x8000_0001, 0, ECX, 12, "skinit", NO_STATE, IN_SYSTEM),
    WDT(0x8000_0001, 0, ECX, 13, "wdt", NO_STATE, IN_SYSTEM),
    LWP(0x8000_0001, 0, ECX, 15, "lwp", NO_STATE, IN_SYSTEM),
    FMA4(0x8000_0001, 0, ECX, 16, "fma4", YMM_STATE, IN_AVX),
    TCE(0x8000_0001, 0, ECX, 17, "tce", NO_STATE, IN_SYSTEM),
    NODEID_MSR(0x8000_0001, 0, ECX, 19, "nodeid_msr", NO_STATE, IN_SYSTEM),
    TBM(0x8000_0001, 0, ECX, 21, "tbm", NO_STATE, IN_BITS),
    TOPOEXT(0x8000_0001, 0, ECX, 22, "topoext", NO_STATE, IN_PLATFORM),
    PERFCTR_CORE(0x8000_0001, 0, ECX, 23, "perfctr_core", NO_STATE, IN_SYSTEM),
    PERFCTR_NB(0x8000_0001, 0, ECX, 24, "perfctr_nb", NO_STATE, IN_SYSTEM),
    BPEXT(0x8000_0001, 0, ECX, 26, "bpext", NO_STATE, IN_SYSTEM),
    PTSC(0x8000_0001, 0, ECX, 27, "ptsc", NO_STATE, IN_SYSTEM),
    PERFCTR_LLC(0x8000_0001, 0, ECX, 28, "perfctr_llc", NO_STATE, IN_SYSTEM),
    MWAITX(0x8000_0001, 0, ECX, 29, "mwaitx", NO_STATE, IN_SYSTEM),

    // CPUID.0x80000008:EBX
    CLZERO(0x8000_0008, 0, EBX, 0, "clzero", NO_STATE, IN_MEMORY),
    IRPERF(0x8000_0008, 0, EBX, 1, "irperf", NO_STATE, IN_SYSTEM),
    XSAVEERPTR(0x8000_0008, 0, EBX, 2, "xsaveerptr", NO_STATE, IN_XSAVE),
    RDPRU(0x8000_0008, 0, EBX, 4, "rdpru", NO_STATE, IN_SYSTEM),
    WBNOINVD(0x8000_0008, 0, EBX, 9, "wbnoinvd", NO_STATE, IN_MEMORY),

    // CPUID.0xC0000001:EDX (VIA/Centaur/Zhaoxin PadLock)
    RNG(0xC000_0001, 0, EDX, 2, "rng", NO_STATE, IN_CRYPTO, "xstore"),
    RNG_EN(0xC000_0001, 0, EDX, 3, "rng_en", NO_STATE, IN_CRYPTO),
    ACE(0xC000_0001, 0, EDX, 6, "ace", NO_STATE, IN_CRYPTO, "xcrypt"),
    ACE_EN(0xC000_0001, 0, EDX, 7, "ace_en", NO_STATE, IN_CRYPTO),
    ACE2(0xC000_0001, 0, EDX, 8, "ace2", NO_STATE, IN_CRYPTO),
    ACE2_EN(0xC000_0001, 0, EDX, 9, "ace2_en", NO_STATE, IN_CRYPTO),
    PHE(0xC000_0001, 0, EDX, 10, "phe", NO_STATE, IN_CRYPTO),
    PHE_EN(0xC000_0001, 0, EDX, 11, "phe_en", NO_STATE, IN_CRYPTO),
    PMM(0xC000_0001, 0, EDX, 12, "pmm", NO_STATE, IN_CRYPTO),
    PMM_EN(0xC000_0001, 0, EDX, 13, "pmm_en", NO_STATE, IN_CRYPTO);

    private final CpuidBit bit;
    private final String canonicalName;
    private final StateRequirement state;
    private final FeatureFamily family;
    private final List<String> aliases;

    X86Feature(int leaf, int subleaf, Register register, int bit, String canonicalName, StateRequirement state,
            FeatureFamily family, String... aliases) {
        this.bit = new CpuidBit(leaf, subleaf, register, bit);
        this.canonicalName = canonicalName;
        this.state = state;
        this.family = family;
        this.aliases = List.of(aliases);
    }

    /** Where the feature's flag lives in CPUID. */
    public CpuidBit bit() {
        return bit;
    }

    /** The canonical name: the Linux /proc/cpuinfo name, or the kernel's identifier in lower case. */
    public String canonicalName() {
        return canonicalName;
    }

    /** The register state the OS must have enabled for the feature's instructions. */
    public StateRequirement state() {
        return state;
    }

    /** The family the feature is reported under. */
    public FeatureFamily family() {
        return family;
    }

    /** The other accepted spellings (SDM, GCC, cpu_features...), lower case. */
    public List<String> aliases() {
        return aliases;
    }

    @Override
    public String toString() {
        return canonicalName;
    }
}
