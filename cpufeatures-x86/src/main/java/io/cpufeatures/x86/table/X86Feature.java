package io.cpufeatures.x86.table;

import io.cpufeatures.x86.Register;

import static io.cpufeatures.x86.Register.EAX;
import static io.cpufeatures.x86.Register.EBX;
import static io.cpufeatures.x86.Register.ECX;
import static io.cpufeatures.x86.Register.EDX;
import static io.cpufeatures.x86.table.TableTerms.BND_STATE;
import static io.cpufeatures.x86.table.TableTerms.EGPR_STATE;
import static io.cpufeatures.x86.table.TableTerms.IN_AMX;
import static io.cpufeatures.x86.table.TableTerms.IN_APX;
import static io.cpufeatures.x86.table.TableTerms.IN_AVX;
import static io.cpufeatures.x86.table.TableTerms.IN_AVX512;
import static io.cpufeatures.x86.table.TableTerms.IN_BASE;
import static io.cpufeatures.x86.table.TableTerms.IN_BITS;
import static io.cpufeatures.x86.table.TableTerms.IN_CRYPTO;
import static io.cpufeatures.x86.table.TableTerms.IN_MEMORY;
import static io.cpufeatures.x86.table.TableTerms.IN_PLATFORM;
import static io.cpufeatures.x86.table.TableTerms.IN_SSE;
import static io.cpufeatures.x86.table.TableTerms.IN_SYSTEM;
import static io.cpufeatures.x86.table.TableTerms.IN_XSAVE;
import static io.cpufeatures.x86.table.TableTerms.NO_STATE;
import static io.cpufeatures.x86.table.TableTerms.OS_XSAVE;
import static io.cpufeatures.x86.table.TableTerms.PKRU_STATE;
import static io.cpufeatures.x86.table.TableTerms.TILE_STATE;
import static io.cpufeatures.x86.table.TableTerms.XMM_STATE;
import static io.cpufeatures.x86.table.TableTerms.YMM_STATE;
import static io.cpufeatures.x86.table.TableTerms.ZMM_STATE;

import io.cpufeatures.core.kit.FeatureNames;
import io.cpufeatures.core.kit.FeatureRow;

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
public enum X86Feature implements FeatureRow {
    // CPUID.1:EDX
    /** x87 floating-point unit on chip (CPUID.1:EDX[0]). */
    FPU(0x1, 0, EDX, 0, "fpu", NO_STATE, IN_BASE, "x87"),
    /** Virtual-8086 Mode Enhancements (CPUID.1:EDX[1]). */
    VME(0x1, 0, EDX, 1, "vme", NO_STATE, IN_SYSTEM),
    /** Debugging Extensions (CR4.DE, I/O breakpoints; CPUID.1:EDX[2]). */
    DE(0x1, 0, EDX, 2, "de", NO_STATE, IN_SYSTEM),
    /** Page Size Extension (4-MByte pages, CPUID.1:EDX[3]). */
    PSE(0x1, 0, EDX, 3, "pse", NO_STATE, IN_SYSTEM),
    /** Time Stamp Counter and the RDTSC instruction (CPUID.1:EDX[4]). */
    TSC(0x1, 0, EDX, 4, "tsc", NO_STATE, IN_BASE),
    /** Model-Specific Registers and the RDMSR/WRMSR instructions (CPUID.1:EDX[5]). */
    MSR(0x1, 0, EDX, 5, "msr", NO_STATE, IN_SYSTEM),
    /** Physical Address Extension (CPUID.1:EDX[6]). */
    PAE(0x1, 0, EDX, 6, "pae", NO_STATE, IN_SYSTEM),
    /** Machine Check Exception (CPUID.1:EDX[7]). */
    MCE(0x1, 0, EDX, 7, "mce", NO_STATE, IN_SYSTEM),
    /** CMPXCHG8B instruction (CPUID.1:EDX[8]). */
    CX8(0x1, 0, EDX, 8, "cx8", NO_STATE, IN_BASE, "cmpxchg8b"),
    /** On-chip APIC (CPUID.1:EDX[9]). */
    APIC(0x1, 0, EDX, 9, "apic", NO_STATE, IN_SYSTEM),
    /** SYSENTER and SYSEXIT instructions (CPUID.1:EDX[11]). */
    SEP(0x1, 0, EDX, 11, "sep", NO_STATE, IN_SYSTEM, "sysenter"),
    /** Memory Type Range Registers (CPUID.1:EDX[12]). */
    MTRR(0x1, 0, EDX, 12, "mtrr", NO_STATE, IN_SYSTEM),
    /** Page Global Enable: global pages (CR4.PGE, CPUID.1:EDX[13]). */
    PGE(0x1, 0, EDX, 13, "pge", NO_STATE, IN_SYSTEM),
    /** Machine Check Architecture (CPUID.1:EDX[14]). */
    MCA(0x1, 0, EDX, 14, "mca", NO_STATE, IN_SYSTEM),
    /** Conditional move instructions (CMOVcc, and FCMOVcc with the FPU; CPUID.1:EDX[15]). */
    CMOV(0x1, 0, EDX, 15, "cmov", NO_STATE, IN_BASE),
    /** Page Attribute Table (CPUID.1:EDX[16]). */
    PAT(0x1, 0, EDX, 16, "pat", NO_STATE, IN_SYSTEM),
    /** 36-bit Page Size Extension (CPUID.1:EDX[17]). */
    PSE36(0x1, 0, EDX, 17, "pse36", NO_STATE, IN_SYSTEM),
    /** Processor Serial Number (CPUID.1:EDX[18]). */
    PN(0x1, 0, EDX, 18, "pn", NO_STATE, IN_SYSTEM, "psn"),
    /** CLFLUSH instruction (CPUID.1:EDX[19]). */
    CLFLUSH(0x1, 0, EDX, 19, "clflush", NO_STATE, IN_MEMORY, "clfsh"),
    /** Debug Store (CPUID.1:EDX[21]). */
    DTS(0x1, 0, EDX, 21, "dts", NO_STATE, IN_SYSTEM, "ds"),
    /** Thermal Monitor and Software Controlled Clock Facilities (ACPI via MSR, CPUID.1:EDX[22]). */
    ACPI(0x1, 0, EDX, 22, "acpi", NO_STATE, IN_SYSTEM),
    /** MMX technology (CPUID.1:EDX[23]). */
    MMX(0x1, 0, EDX, 23, "mmx", NO_STATE, IN_BASE),
    /** FXSAVE and FXRSTOR instructions (CPUID.1:EDX[24]). */
    FXSR(0x1, 0, EDX, 24, "fxsr", NO_STATE, IN_BASE, "fxsave"),
    /** Streaming SIMD Extensions (SSE, CPUID.1:EDX[25]). */
    SSE(0x1, 0, EDX, 25, "sse", XMM_STATE, IN_SSE, "xmm"),
    /** Streaming SIMD Extensions 2 (SSE2, CPUID.1:EDX[26]). */
    SSE2(0x1, 0, EDX, 26, "sse2", XMM_STATE, IN_SSE, "xmm2"),
    /** Self Snoop (CPUID.1:EDX[27]). */
    SS(0x1, 0, EDX, 27, "ss", NO_STATE, IN_SYSTEM, "selfsnoop"),
    /** Hyper-Threading Technology: the Max APIC IDs field is valid (HTT, CPUID.1:EDX[28]). */
    HT(0x1, 0, EDX, 28, "ht", NO_STATE, IN_PLATFORM, "htt"),
    /** Thermal Monitor (automatic thermal control circuit, CPUID.1:EDX[29]). */
    TM(0x1, 0, EDX, 29, "tm", NO_STATE, IN_SYSTEM),
    /** IA-64 processor running x86 code (CPUID.1:EDX[30]). */
    IA64(0x1, 0, EDX, 30, "ia64", NO_STATE, IN_SYSTEM),
    /** Pending Break Enable (CPUID.1:EDX[31]). */
    PBE(0x1, 0, EDX, 31, "pbe", NO_STATE, IN_SYSTEM),

    // CPUID.1:ECX
    /** SSE3 (Prescott New Instructions, CPUID.1:ECX[0]). */
    PNI(0x1, 0, ECX, 0, "pni", XMM_STATE, IN_SSE, "sse3", "xmm3"),
    /** PCLMULQDQ carry-less multiplication instruction (CPUID.1:ECX[1]). */
    PCLMULQDQ(0x1, 0, ECX, 1, "pclmulqdq", XMM_STATE, IN_CRYPTO, "pclmul"),
    /** 64-bit DS area (64-bit Debug Store layout, CPUID.1:ECX[2]). */
    DTES64(0x1, 0, ECX, 2, "dtes64", NO_STATE, IN_SYSTEM),
    /** MONITOR and MWAIT instructions (CPUID.1:ECX[3]). */
    MONITOR(0x1, 0, ECX, 3, "monitor", NO_STATE, IN_SYSTEM, "mwait"),
    /** CPL Qualified Debug Store (CPUID.1:ECX[4]). */
    DS_CPL(0x1, 0, ECX, 4, "ds_cpl", NO_STATE, IN_SYSTEM),
    /** Virtual Machine Extensions (Intel VT-x, CPUID.1:ECX[5]). */
    VMX(0x1, 0, ECX, 5, "vmx", NO_STATE, IN_SYSTEM),
    /** Safer Mode Extensions (Intel TXT, CPUID.1:ECX[6]). */
    SMX(0x1, 0, ECX, 6, "smx", NO_STATE, IN_SYSTEM),
    /** Enhanced Intel SpeedStep Technology (CPUID.1:ECX[7]). */
    EST(0x1, 0, ECX, 7, "est", NO_STATE, IN_SYSTEM),
    /** Thermal Monitor 2 (CPUID.1:ECX[8]). */
    TM2(0x1, 0, ECX, 8, "tm2", NO_STATE, IN_SYSTEM),
    /** Supplemental Streaming SIMD Extensions 3 (SSSE3, CPUID.1:ECX[9]). */
    SSSE3(0x1, 0, ECX, 9, "ssse3", XMM_STATE, IN_SSE),
    /** L1 Context ID (adaptive or shared L1 data cache mode, CPUID.1:ECX[10]). */
    CID(0x1, 0, ECX, 10, "cid", NO_STATE, IN_SYSTEM, "cnxt_id"),
    /** Silicon Debug (IA32_DEBUG_INTERFACE MSR, CPUID.1:ECX[11]). */
    SDBG(0x1, 0, ECX, 11, "sdbg", NO_STATE, IN_SYSTEM),
    /** FMA extensions using YMM state (FMA3, CPUID.1:ECX[12]). */
    FMA(0x1, 0, ECX, 12, "fma", YMM_STATE, IN_AVX, "fma3"),
    /** CMPXCHG16B instruction (CPUID.1:ECX[13]). */
    CX16(0x1, 0, ECX, 13, "cx16", NO_STATE, IN_BASE, "cmpxchg16b"),
    /** xTPR Update Control (CPUID.1:ECX[14]). */
    XTPR(0x1, 0, ECX, 14, "xtpr", NO_STATE, IN_SYSTEM),
    /** Perfmon and Debug Capability (IA32_PERF_CAPABILITIES MSR, CPUID.1:ECX[15]). */
    PDCM(0x1, 0, ECX, 15, "pdcm", NO_STATE, IN_SYSTEM),
    /** Process-Context Identifiers (CPUID.1:ECX[17]). */
    PCID(0x1, 0, ECX, 17, "pcid", NO_STATE, IN_SYSTEM),
    /** Direct Cache Access (prefetch data from a memory-mapped device, CPUID.1:ECX[18]). */
    DCA(0x1, 0, ECX, 18, "dca", NO_STATE, IN_SYSTEM),
    /** SSE4.1 (CPUID.1:ECX[19]). */
    SSE4_1(0x1, 0, ECX, 19, "sse4_1", XMM_STATE, IN_SSE, "sse41"),
    /** SSE4.2 (CPUID.1:ECX[20]). */
    SSE4_2(0x1, 0, ECX, 20, "sse4_2", XMM_STATE, IN_SSE, "sse42"),
    /** x2APIC (CPUID.1:ECX[21]). */
    X2APIC(0x1, 0, ECX, 21, "x2apic", NO_STATE, IN_SYSTEM),
    /** MOVBE instruction (CPUID.1:ECX[22]). */
    MOVBE(0x1, 0, ECX, 22, "movbe", NO_STATE, IN_BITS),
    /** POPCNT instruction (CPUID.1:ECX[23]). */
    POPCNT(0x1, 0, ECX, 23, "popcnt", NO_STATE, IN_BITS),
    /** TSC-deadline mode of the local APIC timer (CPUID.1:ECX[24]). */
    TSC_DEADLINE_TIMER(0x1, 0, ECX, 24, "tsc_deadline_timer", NO_STATE, IN_SYSTEM),
    /** AES instructions (AES-NI, CPUID.1:ECX[25]). */
    AES(0x1, 0, ECX, 25, "aes", XMM_STATE, IN_CRYPTO, "aesni", "aes_ni"),
    /** XSAVE/XRSTOR, XSETBV/XGETBV and XCR0 (XSAVE, CPUID.1:ECX[26]). */
    XSAVE(0x1, 0, ECX, 26, "xsave", OS_XSAVE, IN_XSAVE),
    /** OS has set CR4.OSXSAVE, enabling XSETBV/XGETBV and the XSAVE feature set (OSXSAVE, CPUID.1:ECX[27]). */
    OSXSAVE(0x1, 0, ECX, 27, "osxsave", NO_STATE, IN_XSAVE),
    /** Advanced Vector Extensions (AVX, CPUID.1:ECX[28]). */
    AVX(0x1, 0, ECX, 28, "avx", YMM_STATE, IN_AVX),
    /** 16-bit floating-point conversion instructions (F16C, CPUID.1:ECX[29]). */
    F16C(0x1, 0, ECX, 29, "f16c", YMM_STATE, IN_AVX),
    /** RDRAND instruction (CPUID.1:ECX[30]). */
    RDRAND(0x1, 0, ECX, 30, "rdrand", NO_STATE, IN_CRYPTO, "rdrnd"),
    /** Running under a hypervisor: the bit is reserved for hypervisors to set (CPUID.1:ECX[31]). */
    HYPERVISOR(0x1, 0, ECX, 31, "hypervisor", NO_STATE, IN_PLATFORM),

    // CPUID.(7,0):EBX
    /** RDFSBASE, RDGSBASE, WRFSBASE and WRGSBASE instructions (FSGSBASE, CPUID.(7,0):EBX[0]). */
    FSGSBASE(0x7, 0, EBX, 0, "fsgsbase", NO_STATE, IN_SYSTEM),
    /** IA32_TSC_ADJUST MSR (CPUID.(7,0):EBX[1]). */
    TSC_ADJUST(0x7, 0, EBX, 1, "tsc_adjust", NO_STATE, IN_SYSTEM),
    /** Software Guard Extensions (SGX, CPUID.(7,0):EBX[2]). */
    SGX(0x7, 0, EBX, 2, "sgx", NO_STATE, IN_SYSTEM),
    /** Bit Manipulation Instruction Set 1 (BMI1, CPUID.(7,0):EBX[3]). */
    BMI1(0x7, 0, EBX, 3, "bmi1", NO_STATE, IN_BITS, "bmi"),
    /** Hardware Lock Elision (TSX HLE, CPUID.(7,0):EBX[4]). */
    HLE(0x7, 0, EBX, 4, "hle", NO_STATE, IN_MEMORY),
    /** Advanced Vector Extensions 2 (AVX2, CPUID.(7,0):EBX[5]). */
    AVX2(0x7, 0, EBX, 5, "avx2", YMM_STATE, IN_AVX),
    /** Supervisor-Mode Execution Prevention (CPUID.(7,0):EBX[7]). */
    SMEP(0x7, 0, EBX, 7, "smep", NO_STATE, IN_SYSTEM),
    /** Bit Manipulation Instruction Set 2 (BMI2, CPUID.(7,0):EBX[8]). */
    BMI2(0x7, 0, EBX, 8, "bmi2", NO_STATE, IN_BITS),
    /** Enhanced REP MOVSB/STOSB (CPUID.(7,0):EBX[9]). */
    ERMS(0x7, 0, EBX, 9, "erms", NO_STATE, IN_MEMORY),
    /** INVPCID instruction (CPUID.(7,0):EBX[10]). */
    INVPCID(0x7, 0, EBX, 10, "invpcid", NO_STATE, IN_SYSTEM),
    /** Restricted Transactional Memory (TSX RTM, CPUID.(7,0):EBX[11]). */
    RTM(0x7, 0, EBX, 11, "rtm", NO_STATE, IN_MEMORY),
    /** Intel RDT Monitoring (RDT-M, formerly Cache QoS Monitoring; CPUID.(7,0):EBX[12]). */
    CQM(0x7, 0, EBX, 12, "cqm", NO_STATE, IN_SYSTEM, "pqm"),
    /** Memory Protection Extensions (MPX, CPUID.(7,0):EBX[14]). */
    MPX(0x7, 0, EBX, 14, "mpx", BND_STATE, IN_MEMORY),
    /** Intel RDT Allocation (RDT-A, formerly Platform QoS Enforcement; CPUID.(7,0):EBX[15]). */
    RDT_A(0x7, 0, EBX, 15, "rdt_a", NO_STATE, IN_SYSTEM, "pqe"),
    /** AVX-512 Foundation (CPUID.(7,0):EBX[16]). */
    AVX512F(0x7, 0, EBX, 16, "avx512f", ZMM_STATE, IN_AVX512),
    /** AVX-512 Doubleword and Quadword Instructions (CPUID.(7,0):EBX[17]). */
    AVX512DQ(0x7, 0, EBX, 17, "avx512dq", ZMM_STATE, IN_AVX512),
    /** RDSEED instruction (CPUID.(7,0):EBX[18]). */
    RDSEED(0x7, 0, EBX, 18, "rdseed", NO_STATE, IN_CRYPTO),
    /** Multi-Precision Add-Carry Instruction Extensions (ADCX, ADOX; CPUID.(7,0):EBX[19]). */
    ADX(0x7, 0, EBX, 19, "adx", NO_STATE, IN_BITS),
    /** Supervisor-Mode Access Prevention (CPUID.(7,0):EBX[20]). */
    SMAP(0x7, 0, EBX, 20, "smap", NO_STATE, IN_SYSTEM),
    /** AVX-512 Integer Fused Multiply-Add Instructions (CPUID.(7,0):EBX[21]). */
    AVX512IFMA(0x7, 0, EBX, 21, "avx512ifma", ZMM_STATE, IN_AVX512, "avx512_ifma"),
    /** CLFLUSHOPT instruction (CPUID.(7,0):EBX[23]). */
    CLFLUSHOPT(0x7, 0, EBX, 23, "clflushopt", NO_STATE, IN_MEMORY),
    /** CLWB instruction (CPUID.(7,0):EBX[24]). */
    CLWB(0x7, 0, EBX, 24, "clwb", NO_STATE, IN_MEMORY),
    /** Intel Processor Trace (CPUID.(7,0):EBX[25]). */
    INTEL_PT(0x7, 0, EBX, 25, "intel_pt", NO_STATE, IN_SYSTEM, "pt"),
    /** AVX-512 Prefetch Instructions (Xeon Phi, CPUID.(7,0):EBX[26]). */
    AVX512PF(0x7, 0, EBX, 26, "avx512pf", ZMM_STATE, IN_AVX512, "avx512_pf"),
    /** AVX-512 Exponential and Reciprocal Instructions (Xeon Phi, CPUID.(7,0):EBX[27]). */
    AVX512ER(0x7, 0, EBX, 27, "avx512er", ZMM_STATE, IN_AVX512, "avx512_er"),
    /** AVX-512 Conflict Detection Instructions (CPUID.(7,0):EBX[28]). */
    AVX512CD(0x7, 0, EBX, 28, "avx512cd", ZMM_STATE, IN_AVX512, "avx512_cd"),
    /** SHA extensions (SHA-1 and SHA-256, CPUID.(7,0):EBX[29]). */
    SHA_NI(0x7, 0, EBX, 29, "sha_ni", XMM_STATE, IN_CRYPTO, "sha"),
    /** AVX-512 Byte and Word Instructions (CPUID.(7,0):EBX[30]). */
    AVX512BW(0x7, 0, EBX, 30, "avx512bw", ZMM_STATE, IN_AVX512, "avx512_bw"),
    /** AVX-512 Vector Length Extensions (CPUID.(7,0):EBX[31]). */
    AVX512VL(0x7, 0, EBX, 31, "avx512vl", ZMM_STATE, IN_AVX512, "avx512_vl"),

    // CPUID.(7,0):ECX
    /** PREFETCHWT1 instruction (Xeon Phi, CPUID.(7,0):ECX[0]). */
    PREFETCHWT1(0x7, 0, ECX, 0, "prefetchwt1", NO_STATE, IN_MEMORY),
    /** AVX-512 Vector Byte Manipulation Instructions (CPUID.(7,0):ECX[1]). */
    AVX512VBMI(0x7, 0, ECX, 1, "avx512vbmi", ZMM_STATE, IN_AVX512, "avx512_vbmi"),
    /** User-Mode Instruction Prevention (CPUID.(7,0):ECX[2]). */
    UMIP(0x7, 0, ECX, 2, "umip", NO_STATE, IN_SYSTEM),
    /** Protection Keys for user-mode pages (CPUID.(7,0):ECX[3]). */
    PKU(0x7, 0, ECX, 3, "pku", PKRU_STATE, IN_SYSTEM),
    /** OS has set CR4.PKE, enabling protection keys and RDPKRU/WRPKRU (OSPKE, CPUID.(7,0):ECX[4]). */
    OSPKE(0x7, 0, ECX, 4, "ospke", NO_STATE, IN_SYSTEM),
    /** TPAUSE, UMONITOR and UMWAIT instructions (WAITPKG, CPUID.(7,0):ECX[5]). */
    WAITPKG(0x7, 0, ECX, 5, "waitpkg", NO_STATE, IN_SYSTEM),
    /** AVX-512 Vector Byte Manipulation Instructions 2 (CPUID.(7,0):ECX[6]). */
    AVX512_VBMI2(0x7, 0, ECX, 6, "avx512_vbmi2", ZMM_STATE, IN_AVX512, "avx512vbmi2"),
    /** CET shadow stack (CPUID.(7,0):ECX[7]). */
    SHSTK(0x7, 0, ECX, 7, "shstk", NO_STATE, IN_SYSTEM, "cet_ss"),
    /** Galois Field New Instructions (CPUID.(7,0):ECX[8]). */
    GFNI(0x7, 0, ECX, 8, "gfni", XMM_STATE, IN_CRYPTO),
    /** Vector AES instructions on YMM/ZMM registers (VAES, CPUID.(7,0):ECX[9]). */
    VAES(0x7, 0, ECX, 9, "vaes", YMM_STATE, IN_CRYPTO),
    /** Vector carry-less multiplication on YMM/ZMM registers (VPCLMULQDQ, CPUID.(7,0):ECX[10]). */
    VPCLMULQDQ(0x7, 0, ECX, 10, "vpclmulqdq", YMM_STATE, IN_CRYPTO),
    /** AVX-512 Vector Neural Network Instructions (CPUID.(7,0):ECX[11]). */
    AVX512_VNNI(0x7, 0, ECX, 11, "avx512_vnni", ZMM_STATE, IN_AVX512, "avx512vnni"),
    /** AVX-512 Bit Algorithms (VPOPCNTB/W, VPSHUFBITQMB; CPUID.(7,0):ECX[12]). */
    AVX512_BITALG(0x7, 0, ECX, 12, "avx512_bitalg", ZMM_STATE, IN_AVX512, "avx512bitalg"),
    /** Total Memory Encryption (CPUID.(7,0):ECX[13]). */
    TME(0x7, 0, ECX, 13, "tme", NO_STATE, IN_SYSTEM),
    /** AVX-512 population count of doublewords and quadwords (VPOPCNTD/Q, CPUID.(7,0):ECX[14]). */
    AVX512_VPOPCNTDQ(0x7, 0, ECX, 14, "avx512_vpopcntdq", ZMM_STATE, IN_AVX512, "avx512vpopcntdq"),
    /** 57-bit linear addresses and 5-level paging (CPUID.(7,0):ECX[16]). */
    LA57(0x7, 0, ECX, 16, "la57", NO_STATE, IN_SYSTEM),
    /** RDPID instruction (CPUID.(7,0):ECX[22]). */
    RDPID(0x7, 0, ECX, 22, "rdpid", NO_STATE, IN_SYSTEM),
    /** Bus-lock debug exception (CPUID.(7,0):ECX[24]). */
    BUS_LOCK_DETECT(0x7, 0, ECX, 24, "bus_lock_detect", NO_STATE, IN_SYSTEM),
    /** CLDEMOTE (cache line demote) instruction (CPUID.(7,0):ECX[25]). */
    CLDEMOTE(0x7, 0, ECX, 25, "cldemote", NO_STATE, IN_MEMORY),
    /** MOVDIRI (direct store of a doubleword or quadword) instruction (CPUID.(7,0):ECX[27]). */
    MOVDIRI(0x7, 0, ECX, 27, "movdiri", NO_STATE, IN_MEMORY),
    /** MOVDIR64B (64-byte direct store) instruction (CPUID.(7,0):ECX[28]). */
    MOVDIR64B(0x7, 0, ECX, 28, "movdir64b", NO_STATE, IN_MEMORY),
    /** ENQCMD and ENQCMDS (enqueue store) instructions (CPUID.(7,0):ECX[29]). */
    ENQCMD(0x7, 0, ECX, 29, "enqcmd", NO_STATE, IN_SYSTEM),
    /** SGX Launch Configuration (CPUID.(7,0):ECX[30]). */
    SGX_LC(0x7, 0, ECX, 30, "sgx_lc", NO_STATE, IN_SYSTEM),

    // CPUID.(7,0):EDX
    /** AVX-512 4-iteration Vector Neural Network Instructions, word precision (Xeon Phi, CPUID.(7,0):EDX[2]). */
    AVX512_4VNNIW(0x7, 0, EDX, 2, "avx512_4vnniw", ZMM_STATE, IN_AVX512, "avx5124vnniw"),
    /** AVX-512 4-iteration Multiply Accumulation, single precision (Xeon Phi, CPUID.(7,0):EDX[3]). */
    AVX512_4FMAPS(0x7, 0, EDX, 3, "avx512_4fmaps", ZMM_STATE, IN_AVX512, "avx5124fmaps"),
    /** Fast Short REP MOVSB (CPUID.(7,0):EDX[4]). */
    FSRM(0x7, 0, EDX, 4, "fsrm", NO_STATE, IN_MEMORY),
    /** AVX-512 VP2INTERSECTD/Q instructions (CPUID.(7,0):EDX[8]). */
    AVX512_VP2INTERSECT(0x7, 0, EDX, 8, "avx512_vp2intersect", ZMM_STATE, IN_AVX512, "avx512vp2intersect"),
    /** VERW clears CPU buffers (MDS mitigation, MD_CLEAR; CPUID.(7,0):EDX[10]). */
    MD_CLEAR(0x7, 0, EDX, 10, "md_clear", NO_STATE, IN_SYSTEM),
    /** SERIALIZE instruction (CPUID.(7,0):EDX[14]). */
    SERIALIZE(0x7, 0, EDX, 14, "serialize", NO_STATE, IN_SYSTEM),
    /** Hybrid part: the processor has more than one core type (CPUID.(7,0):EDX[15]). */
    HYBRID_CPU(0x7, 0, EDX, 15, "hybrid_cpu", NO_STATE, IN_PLATFORM, "hybrid"),
    /** TSX suspend load address tracking (XSUSLDTRK, XRESLDTRK; CPUID.(7,0):EDX[16]). */
    TSXLDTRK(0x7, 0, EDX, 16, "tsxldtrk", NO_STATE, IN_MEMORY),
    /** PCONFIG instruction (platform configuration, CPUID.(7,0):EDX[18]). */
    PCONFIG(0x7, 0, EDX, 18, "pconfig", NO_STATE, IN_SYSTEM),
    /** Architectural Last Branch Records (CPUID.(7,0):EDX[19]). */
    ARCH_LBR(0x7, 0, EDX, 19, "arch_lbr", NO_STATE, IN_SYSTEM),
    /** CET Indirect Branch Tracking (CPUID.(7,0):EDX[20]). */
    IBT(0x7, 0, EDX, 20, "ibt", NO_STATE, IN_SYSTEM),
    /** AMX tile computation on bfloat16 numbers (AMX-BF16, CPUID.(7,0):EDX[22]). */
    AMX_BF16(0x7, 0, EDX, 22, "amx_bf16", TILE_STATE, IN_AMX, "amxbf16"),
    /** AVX-512 half-precision floating-point instructions (AVX512-FP16, CPUID.(7,0):EDX[23]). */
    AVX512_FP16(0x7, 0, EDX, 23, "avx512_fp16", ZMM_STATE, IN_AVX512, "avx512fp16"),
    /** AMX tile architecture: tile registers, TILECFG, tile loads and stores (AMX-TILE, CPUID.(7,0):EDX[24]). */
    AMX_TILE(0x7, 0, EDX, 24, "amx_tile", TILE_STATE, IN_AMX, "amxtile", "amx"),
    /** AMX tile computation on 8-bit integers (AMX-INT8, CPUID.(7,0):EDX[25]). */
    AMX_INT8(0x7, 0, EDX, 25, "amx_int8", TILE_STATE, IN_AMX, "amxint8"),
    /** Indirect branch restricted speculation and predictor barrier (IBRS and IBPB, CPUID.(7,0):EDX[26]). */
    SPEC_CTRL(0x7, 0, EDX, 26, "spec_ctrl", NO_STATE, IN_SYSTEM, "ibrs_ibpb"),
    /** Single Thread Indirect Branch Predictors (STIBP, CPUID.(7,0):EDX[27]). */
    INTEL_STIBP(0x7, 0, EDX, 27, "intel_stibp", NO_STATE, IN_SYSTEM),
    /** IA32_FLUSH_CMD MSR (L1D_FLUSH, CPUID.(7,0):EDX[28]). */
    FLUSH_L1D(0x7, 0, EDX, 28, "flush_l1d", NO_STATE, IN_SYSTEM),
    /** IA32_ARCH_CAPABILITIES MSR (CPUID.(7,0):EDX[29]). */
    ARCH_CAPABILITIES(0x7, 0, EDX, 29, "arch_capabilities", NO_STATE, IN_SYSTEM),
    /** IA32_CORE_CAPABILITIES MSR (CPUID.(7,0):EDX[30]). */
    CORE_CAPABILITIES(0x7, 0, EDX, 30, "core_capabilities", NO_STATE, IN_SYSTEM),
    /** Speculative Store Bypass Disable (SSBD, CPUID.(7,0):EDX[31]). */
    SPEC_CTRL_SSBD(0x7, 0, EDX, 31, "spec_ctrl_ssbd", NO_STATE, IN_SYSTEM),

    // CPUID.(7,1):EAX
    /** SHA512 instructions (VSHA512MSG1, VSHA512MSG2, VSHA512RNDS2; CPUID.(7,1):EAX[0]). */
    SHA512(0x7, 1, EAX, 0, "sha512", YMM_STATE, IN_CRYPTO),
    /** SM3 hash instructions (CPUID.(7,1):EAX[1]). */
    SM3(0x7, 1, EAX, 1, "sm3", YMM_STATE, IN_CRYPTO),
    /** SM4 block cipher instructions (CPUID.(7,1):EAX[2]). */
    SM4(0x7, 1, EAX, 2, "sm4", YMM_STATE, IN_CRYPTO),
    /** VEX-encoded Vector Neural Network Instructions (AVX-VNNI, CPUID.(7,1):EAX[4]). */
    AVX_VNNI(0x7, 1, EAX, 4, "avx_vnni", YMM_STATE, IN_AVX, "avxvnni"),
    /** AVX-512 bfloat16 instructions (AVX512_BF16, CPUID.(7,1):EAX[5]). */
    AVX512_BF16(0x7, 1, EAX, 5, "avx512_bf16", ZMM_STATE, IN_AVX512, "avx512bf16"),
    /** Linear Address Space Separation (CPUID.(7,1):EAX[6]). */
    LASS(0x7, 1, EAX, 6, "lass", NO_STATE, IN_SYSTEM),
    /** CMPccXADD instructions (CPUID.(7,1):EAX[7]). */
    CMPCCXADD(0x7, 1, EAX, 7, "cmpccxadd", NO_STATE, IN_MEMORY),
    /** Fast Zero-length REP MOVSB (CPUID.(7,1):EAX[10]). */
    FZRM(0x7, 1, EAX, 10, "fzrm", NO_STATE, IN_MEMORY),
    /** Fast Short REP STOSB (CPUID.(7,1):EAX[11]). */
    FSRS(0x7, 1, EAX, 11, "fsrs", NO_STATE, IN_MEMORY),
    /** Fast Short REP CMPSB and REP SCASB (CPUID.(7,1):EAX[12]). */
    FSRC(0x7, 1, EAX, 12, "fsrc", NO_STATE, IN_MEMORY),
    /** Flexible Return and Event Delivery (CPUID.(7,1):EAX[17]). */
    FRED(0x7, 1, EAX, 17, "fred", NO_STATE, IN_SYSTEM),
    /** LKGS instruction (load kernel GS base, CPUID.(7,1):EAX[18]). */
    LKGS(0x7, 1, EAX, 18, "lkgs", NO_STATE, IN_SYSTEM),
    /** WRMSRNS (non-serializing WRMSR) instruction (CPUID.(7,1):EAX[19]). */
    WRMSRNS(0x7, 1, EAX, 19, "wrmsrns", NO_STATE, IN_SYSTEM),
    /** AMX tile computation on FP16 numbers (AMX-FP16, CPUID.(7,1):EAX[21]). */
    AMX_FP16(0x7, 1, EAX, 21, "amx_fp16", TILE_STATE, IN_AMX, "amxfp16"),
    /** VEX-encoded 52-bit integer fused multiply-add (AVX-IFMA, CPUID.(7,1):EAX[23]). */
    AVX_IFMA(0x7, 1, EAX, 23, "avx_ifma", YMM_STATE, IN_AVX, "avxifma"),
    /** Linear Address Masking (CPUID.(7,1):EAX[26]). */
    LAM(0x7, 1, EAX, 26, "lam", NO_STATE, IN_SYSTEM),

    // CPUID.(7,1):EDX
    /** VEX-encoded VNNI on signed and unsigned 8-bit integers (AVX-VNNI-INT8, CPUID.(7,1):EDX[4]). */
    AVX_VNNI_INT8(0x7, 1, EDX, 4, "avx_vnni_int8", YMM_STATE, IN_AVX, "avxvnniint8"),
    /** VEX-encoded no-exception conversions to and from bfloat16 and FP16 (AVX-NE-CONVERT, CPUID.(7,1):EDX[5]). */
    AVX_NE_CONVERT(0x7, 1, EDX, 5, "avx_ne_convert", YMM_STATE, IN_AVX, "avxneconvert"),
    /** AMX tile computation on complex FP16 numbers (AMX-COMPLEX, CPUID.(7,1):EDX[8]). */
    AMX_COMPLEX(0x7, 1, EDX, 8, "amx_complex", TILE_STATE, IN_AMX, "amxcomplex"),
    /** VEX-encoded VNNI on signed and unsigned 16-bit integers (AVX-VNNI-INT16, CPUID.(7,1):EDX[10]). */
    AVX_VNNI_INT16(0x7, 1, EDX, 10, "avx_vnni_int16", YMM_STATE, IN_AVX, "avxvnniint16"),
    /** PREFETCHIT0 and PREFETCHIT1 instruction prefetches (PREFETCHI, CPUID.(7,1):EDX[14]). */
    PREFETCHITI(0x7, 1, EDX, 14, "prefetchiti", NO_STATE, IN_MEMORY, "prefetchi"),
    /** AVX10 Converged Vector ISA, whose version is CPUID.(0x24,0):EBX[7:0] (CPUID.(7,1):EDX[19]). */
    AVX10(0x7, 1, EDX, 19, "avx10", ZMM_STATE, IN_AVX512, "avx10_1"),
    /** Advanced Performance Extensions, Foundation (APX_F, CPUID.(7,1):EDX[21]). */
    APX(0x7, 1, EDX, 21, "apx", EGPR_STATE, IN_APX, "apx_f", "apxf"),

    // CPUID.(0xD,1):EAX
    /** XSAVEOPT instruction (CPUID.(0xD,1):EAX[0]). */
    XSAVEOPT(0xD, 1, EAX, 0, "xsaveopt", NO_STATE, IN_XSAVE),
    /** XSAVEC instruction (compacted XSAVE) and XRSTOR of the compacted form (CPUID.(0xD,1):EAX[1]). */
    XSAVEC(0xD, 1, EAX, 1, "xsavec", NO_STATE, IN_XSAVE),
    /** XGETBV with ECX = 1 (the XINUSE bitmap, CPUID.(0xD,1):EAX[2]). */
    XGETBV1(0xD, 1, EAX, 2, "xgetbv1", NO_STATE, IN_XSAVE),
    /** XSAVES and XRSTORS instructions and the IA32_XSS MSR (CPUID.(0xD,1):EAX[3]). */
    XSAVES(0xD, 1, EAX, 3, "xsaves", NO_STATE, IN_XSAVE),
    /** Extended Feature Disable (IA32_XFD, CPUID.(0xD,1):EAX[4]). */
    XFD(0xD, 1, EAX, 4, "xfd", NO_STATE, IN_XSAVE),

    // CPUID.(0x24,0):EBX, valid when AVX10 is set
    /** AVX10 on 128-bit vectors (CPUID.(0x24,0):EBX[16]). */
    AVX10_128(0x24, 0, EBX, 16, "avx10_128", ZMM_STATE, IN_AVX512, "avx10_vl128"),
    /** AVX10 on 256-bit vectors (CPUID.(0x24,0):EBX[17]). */
    AVX10_256(0x24, 0, EBX, 17, "avx10_256", ZMM_STATE, IN_AVX512, "avx10_vl256"),
    /** AVX10 on 512-bit vectors (CPUID.(0x24,0):EBX[18]). */
    AVX10_512(0x24, 0, EBX, 18, "avx10_512", ZMM_STATE, IN_AVX512, "avx10_vl512"),

    // CPUID.0x80000001:EDX (the bits that do not repeat CPUID.1:EDX)
    /** SYSCALL and SYSRET instructions (CPUID.0x80000001:EDX[11]). */
    SYSCALL(0x8000_0001, 0, EDX, 11, "syscall", NO_STATE, IN_BASE, "sce"),
    /** Multiprocessor capable (AMD Athlon MP, CPUID.0x80000001:EDX[19]). */
    MP(0x8000_0001, 0, EDX, 19, "mp", NO_STATE, IN_SYSTEM),
    /** No-Execute page protection (Intel Execute Disable bit, CPUID.0x80000001:EDX[20]). */
    NX(0x8000_0001, 0, EDX, 20, "nx", NO_STATE, IN_SYSTEM, "xd"),
    /** AMD extensions to MMX instructions (CPUID.0x80000001:EDX[22]). */
    MMXEXT(0x8000_0001, 0, EDX, 22, "mmxext", NO_STATE, IN_BASE),
    /** FXSAVE and FXRSTOR optimizations (FFXSR, CPUID.0x80000001:EDX[25]). */
    FXSR_OPT(0x8000_0001, 0, EDX, 25, "fxsr_opt", NO_STATE, IN_BASE, "ffxsr"),
    /** 1-GByte pages (CPUID.0x80000001:EDX[26]). */
    PDPE1GB(0x8000_0001, 0, EDX, 26, "pdpe1gb", NO_STATE, IN_SYSTEM, "gbpages", "page1gb"),
    /** RDTSCP instruction and IA32_TSC_AUX (CPUID.0x80000001:EDX[27]). */
    RDTSCP(0x8000_0001, 0, EDX, 27, "rdtscp", NO_STATE, IN_BASE),
    /** Long mode (Intel 64, AMD64; CPUID.0x80000001:EDX[29]). */
    LM(0x8000_0001, 0, EDX, 29, "lm", NO_STATE, IN_BASE, "x86_64", "long_mode", "em64t"),
    /** AMD extensions to 3DNow! instructions (CPUID.0x80000001:EDX[30]). */
    AMD_3DNOWEXT(0x8000_0001, 0, EDX, 30, "3dnowext", NO_STATE, IN_BASE, "amd_3dnowext"),
    /** 3DNow! instructions (CPUID.0x80000001:EDX[31]). */
    AMD_3DNOW(0x8000_0001, 0, EDX, 31, "3dnow", NO_STATE, IN_BASE, "amd_3dnow"),

    // CPUID.0x80000001:ECX
    /** LAHF and SAHF in 64-bit mode (CPUID.0x80000001:ECX[0]). */
    LAHF_LM(0x8000_0001, 0, ECX, 0, "lahf_lm", NO_STATE, IN_BASE, "lahf", "lahf_sahf"),
    /** Core multi-processing legacy mode: HTT then counts cores, not threads (CmpLegacy, CPUID.0x80000001:ECX[1]). */
    CMP_LEGACY(0x8000_0001, 0, ECX, 1, "cmp_legacy", NO_STATE, IN_PLATFORM),
    /** Secure Virtual Machine (AMD-V, CPUID.0x80000001:ECX[2]). */
    SVM(0x8000_0001, 0, ECX, 2, "svm", NO_STATE, IN_SYSTEM),
    /** Extended APIC register space (CPUID.0x80000001:ECX[3]). */
    EXTAPIC(0x8000_0001, 0, ECX, 3, "extapic", NO_STATE, IN_SYSTEM),
    /** LOCK MOV CR0 means MOV CR8 (AltMovCr8, CPUID.0x80000001:ECX[4]). */
    CR8_LEGACY(0x8000_0001, 0, ECX, 4, "cr8_legacy", NO_STATE, IN_SYSTEM),
    /** Advanced Bit Manipulation: LZCNT, and POPCNT on AMD parts (CPUID.0x80000001:ECX[5]). */
    ABM(0x8000_0001, 0, ECX, 5, "abm", NO_STATE, IN_BITS, "lzcnt"),
    /** SSE4a (EXTRQ, INSERTQ, MOVNTSS, MOVNTSD; CPUID.0x80000001:ECX[6]). */
    SSE4A(0x8000_0001, 0, ECX, 6, "sse4a", XMM_STATE, IN_SSE),
    /** Misaligned SSE mode (CPUID.0x80000001:ECX[7]). */
    MISALIGNSSE(0x8000_0001, 0, ECX, 7, "misalignsse", XMM_STATE, IN_SSE),
    /** PREFETCH and PREFETCHW instructions (3DNowPrefetch, CPUID.0x80000001:ECX[8]). */
    AMD_3DNOWPREFETCH(0x8000_0001, 0, ECX, 8, "3dnowprefetch", NO_STATE, IN_MEMORY, "prefetchw"),
    /** OS Visible Workaround (CPUID.0x80000001:ECX[9]). */
    OSVW(0x8000_0001, 0, ECX, 9, "osvw", NO_STATE, IN_SYSTEM),
    /** Instruction-Based Sampling (CPUID.0x80000001:ECX[10]). */
    IBS(0x8000_0001, 0, ECX, 10, "ibs", NO_STATE, IN_SYSTEM),
    /** Extended operations (XOP, CPUID.0x80000001:ECX[11]). */
    XOP(0x8000_0001, 0, ECX, 11, "xop", YMM_STATE, IN_AVX),
    /** SKINIT and STGI instructions (CPUID.0x80000001:ECX[12]). */
    SKINIT(0x8000_0001, 0, ECX, 12, "skinit", NO_STATE, IN_SYSTEM),
    /** Watchdog timer (CPUID.0x80000001:ECX[13]). */
    WDT(0x8000_0001, 0, ECX, 13, "wdt", NO_STATE, IN_SYSTEM),
    /** Lightweight Profiling (CPUID.0x80000001:ECX[15]). */
    LWP(0x8000_0001, 0, ECX, 15, "lwp", NO_STATE, IN_SYSTEM),
    /** Four-operand fused multiply-add instructions (FMA4, CPUID.0x80000001:ECX[16]). */
    FMA4(0x8000_0001, 0, ECX, 16, "fma4", YMM_STATE, IN_AVX),
    /** Translation Cache Extension (CPUID.0x80000001:ECX[17]). */
    TCE(0x8000_0001, 0, ECX, 17, "tce", NO_STATE, IN_SYSTEM),
    /** NodeId MSR (CPUID.0x80000001:ECX[19]). */
    NODEID_MSR(0x8000_0001, 0, ECX, 19, "nodeid_msr", NO_STATE, IN_SYSTEM),
    /** Trailing Bit Manipulation (CPUID.0x80000001:ECX[21]). */
    TBM(0x8000_0001, 0, ECX, 21, "tbm", NO_STATE, IN_BITS),
    /** Topology extensions: CPUID leaves 0x8000001D and 0x8000001E (TopologyExtensions, CPUID.0x80000001:ECX[22]). */
    TOPOEXT(0x8000_0001, 0, ECX, 22, "topoext", NO_STATE, IN_PLATFORM),
    /** Core performance counter extensions (CPUID.0x80000001:ECX[23]). */
    PERFCTR_CORE(0x8000_0001, 0, ECX, 23, "perfctr_core", NO_STATE, IN_SYSTEM),
    /** Northbridge performance counter extensions (CPUID.0x80000001:ECX[24]). */
    PERFCTR_NB(0x8000_0001, 0, ECX, 24, "perfctr_nb", NO_STATE, IN_SYSTEM),
    /** Data breakpoint extension (CPUID.0x80000001:ECX[26]). */
    BPEXT(0x8000_0001, 0, ECX, 26, "bpext", NO_STATE, IN_SYSTEM),
    /** Performance time-stamp counter (CPUID.0x80000001:ECX[27]). */
    PTSC(0x8000_0001, 0, ECX, 27, "ptsc", NO_STATE, IN_SYSTEM),
    /** Last-level cache performance counter extensions (CPUID.0x80000001:ECX[28]). */
    PERFCTR_LLC(0x8000_0001, 0, ECX, 28, "perfctr_llc", NO_STATE, IN_SYSTEM),
    /** MONITORX and MWAITX instructions (CPUID.0x80000001:ECX[29]). */
    MWAITX(0x8000_0001, 0, ECX, 29, "mwaitx", NO_STATE, IN_SYSTEM),

    // CPUID.0x80000008:EBX
    /** CLZERO instruction (CPUID.0x80000008:EBX[0]). */
    CLZERO(0x8000_0008, 0, EBX, 0, "clzero", NO_STATE, IN_MEMORY),
    /** Instructions-retired count (IRPerf MSR, CPUID.0x80000008:EBX[1]). */
    IRPERF(0x8000_0008, 0, EBX, 1, "irperf", NO_STATE, IN_SYSTEM),
    /** XSAVE and XRSTOR always save and restore the x87 error pointers (XSaveErPtr, CPUID.0x80000008:EBX[2]). */
    XSAVEERPTR(0x8000_0008, 0, EBX, 2, "xsaveerptr", NO_STATE, IN_XSAVE),
    /** RDPRU instruction (CPUID.0x80000008:EBX[4]). */
    RDPRU(0x8000_0008, 0, EBX, 4, "rdpru", NO_STATE, IN_SYSTEM),
    /** WBNOINVD instruction (CPUID.0x80000008:EBX[9]). */
    WBNOINVD(0x8000_0008, 0, EBX, 9, "wbnoinvd", NO_STATE, IN_MEMORY),

    // CPUID.0xC0000001:EDX (VIA/Centaur/Zhaoxin PadLock)
    /** PadLock random number generator present (XSTORE, CPUID.0xC0000001:EDX[2]). */
    RNG(0xC000_0001, 0, EDX, 2, "rng", NO_STATE, IN_CRYPTO, "xstore"),
    /** PadLock random number generator enabled (CPUID.0xC0000001:EDX[3]). */
    RNG_EN(0xC000_0001, 0, EDX, 3, "rng_en", NO_STATE, IN_CRYPTO),
    /** PadLock Advanced Cryptography Engine present (XCRYPT, CPUID.0xC0000001:EDX[6]). */
    ACE(0xC000_0001, 0, EDX, 6, "ace", NO_STATE, IN_CRYPTO, "xcrypt"),
    /** PadLock Advanced Cryptography Engine enabled (CPUID.0xC0000001:EDX[7]). */
    ACE_EN(0xC000_0001, 0, EDX, 7, "ace_en", NO_STATE, IN_CRYPTO),
    /** PadLock Advanced Cryptography Engine 2 present (CPUID.0xC0000001:EDX[8]). */
    ACE2(0xC000_0001, 0, EDX, 8, "ace2", NO_STATE, IN_CRYPTO),
    /** PadLock Advanced Cryptography Engine 2 enabled (CPUID.0xC0000001:EDX[9]). */
    ACE2_EN(0xC000_0001, 0, EDX, 9, "ace2_en", NO_STATE, IN_CRYPTO),
    /** PadLock Hash Engine present (CPUID.0xC0000001:EDX[10]). */
    PHE(0xC000_0001, 0, EDX, 10, "phe", NO_STATE, IN_CRYPTO),
    /** PadLock Hash Engine enabled (CPUID.0xC0000001:EDX[11]). */
    PHE_EN(0xC000_0001, 0, EDX, 11, "phe_en", NO_STATE, IN_CRYPTO),
    /** PadLock Montgomery Multiplier present (CPUID.0xC0000001:EDX[12]). */
    PMM(0xC000_0001, 0, EDX, 12, "pmm", NO_STATE, IN_CRYPTO),
    /** PadLock Montgomery Multiplier enabled (CPUID.0xC0000001:EDX[13]). */
    PMM_EN(0xC000_0001, 0, EDX, 13, "pmm_en", NO_STATE, IN_CRYPTO);

    private final CpuidBit bit;
    private final StateRequirement state;
    private final FeatureNames names;

    X86Feature(int leaf, int subleaf, Register register, int bit, String canonicalName, StateRequirement state,
            String family, String... aliases) {
        this.bit = new CpuidBit(leaf, subleaf, register, bit);
        this.state = state;
        this.names = FeatureNames.of(canonicalName, family, aliases);
    }

    @Override
    public FeatureNames names() {
        return names;
    }

    /** {@return where the feature's flag lives in CPUID: leaf, subleaf, register and bit} */
    public CpuidBit bit() {
        return bit;
    }

    /** {@return its CPUID bit in words, {@code CPUID.(7,0):EBX[5]}} */
    @Override
    public String where() {
        return bit.toString();
    }

    /** {@return the register state the OS must have enabled for the feature's instructions} */
    public StateRequirement state() {
        return state;
    }

    @Override
    public String toString() {
        return names.canonicalName();
    }
}
