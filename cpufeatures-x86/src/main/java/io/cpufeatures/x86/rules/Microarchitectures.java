package io.cpufeatures.x86.rules;

import static io.cpufeatures.x86.X86Vendor.AMD;
import static io.cpufeatures.x86.X86Vendor.CENTAUR;
import static io.cpufeatures.x86.X86Vendor.CYRIX;
import static io.cpufeatures.x86.X86Vendor.HYGON;
import static io.cpufeatures.x86.X86Vendor.INTEL;
import static io.cpufeatures.x86.X86Vendor.MICROSOFT_EMULATION;
import static io.cpufeatures.x86.X86Vendor.NSC;
import static io.cpufeatures.x86.X86Vendor.RISE;
import static io.cpufeatures.x86.X86Vendor.TRANSMETA;
import static io.cpufeatures.x86.X86Vendor.TRANSMETA_EARLY;
import static io.cpufeatures.x86.X86Vendor.VORTEX86;
import static io.cpufeatures.x86.X86Vendor.ZHAOXIN;

import io.cpufeatures.x86.CoreType;
import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.X86Vendor;
import java.util.List;
import java.util.Optional;

/**
 * The microarchitecture table: vendor, display family, model range (and stepping range where one
 * model covers several designs) to a name; the first matching row wins. Sources: Linux
 * {@code arch/x86/include/asm/intel-family.h} and {@code arch/x86/kernel/cpu/amd.c} (the Zen
 * generation ranges, {@code init_amd_bd()}), Intel's and AMD's family/model tables, Todd Allen's
 * {@code cpuid -f} synthesised names (Debian package {@code cpuid} 20230120), and the corpus's expected
 * decodings; rows that correct an earlier name say why beside them. Hybrid parts have a second table,
 * {@link #cores()}: the microarchitecture of each core type.
 */
public final class Microarchitectures {

    private static final int ANY = 0xff;

    private static final List<Microarchitecture> TABLE = List.of(
            // Intel family 4, 5 and 15. Family 4 is the i486 line: Intel AP-485 (Processor Identification and the CPUID
            // Instruction) gives family 0100b to the Intel486 processors; Linux arch/x86/kernel/cpu/intel.c names its
            // models 0 to 9 "486 DX-25/33" .. "486 DX/4-WB" (intel_cpu_dev's legacy model names); google cpu_features
            // src/impl_x86.c names them INTEL_80486.
            row(INTEL, 4, 0x0, 0xF, "i486"),
            row(INTEL, 5, 0x1, 0x3, "P5"),
            row(INTEL, 5, 0x4, 0x4, "P5 MMX"),
            row(INTEL, 5, 0x7, 0x8, "P5 MMX"),
            row(INTEL, 5, 0x9, 0xA, "Quark"),
            row(INTEL, 15, 0x0, 0x1, "NetBurst (Willamette)"),
            row(INTEL, 15, 0x2, 0x2, "NetBurst (Northwood)"),
            row(INTEL, 15, 0x3, 0x4, "NetBurst (Prescott)"),
            row(INTEL, 15, 0x6, 0x6, "NetBurst (Cedar Mill)"),
            // Intel family 6: P6 to Core 2
            row(INTEL, 6, 0x1, 0x1, "P6 (Pentium Pro)"),
            row(INTEL, 6, 0x3, 0x6, "P6 (Pentium II)"),
            row(INTEL, 6, 0x7, 0x8, "P6 (Pentium III)"),
            row(INTEL, 6, 0xA, 0xB, "P6 (Pentium III)"),
            row(INTEL, 6, 0x9, 0x9, "Pentium M (Banias)"),
            row(INTEL, 6, 0xD, 0xD, "Pentium M (Dothan)"),
            row(INTEL, 6, 0x15, 0x15, "Pentium M (Dothan)"),
            row(INTEL, 6, 0xE, 0xE, "Yonah"),
            row(INTEL, 6, 0xF, 0xF, "Core (Merom)"),
            row(INTEL, 6, 0x16, 0x16, "Core (Merom)"),
            row(INTEL, 6, 0x17, 0x17, "Penryn"),
            row(INTEL, 6, 0x1D, 0x1D, "Penryn"),
            // Intel Core i
            row(INTEL, 6, 0x1A, 0x1A, "Nehalem"),
            row(INTEL, 6, 0x1E, 0x1F, "Nehalem"),
            row(INTEL, 6, 0x2E, 0x2E, "Nehalem"),
            row(INTEL, 6, 0x25, 0x25, "Westmere"),
            row(INTEL, 6, 0x2C, 0x2C, "Westmere"),
            row(INTEL, 6, 0x2F, 0x2F, "Westmere"),
            row(INTEL, 6, 0x2A, 0x2A, "Sandy Bridge"),
            row(INTEL, 6, 0x2D, 0x2D, "Sandy Bridge"),
            row(INTEL, 6, 0x3A, 0x3A, "Ivy Bridge"),
            row(INTEL, 6, 0x3E, 0x3E, "Ivy Bridge"),
            row(INTEL, 6, 0x3C, 0x3C, "Haswell"),
            row(INTEL, 6, 0x3F, 0x3F, "Haswell"),
            row(INTEL, 6, 0x45, 0x46, "Haswell"),
            row(INTEL, 6, 0x3D, 0x3D, "Broadwell"),
            row(INTEL, 6, 0x47, 0x47, "Broadwell"),
            row(INTEL, 6, 0x4F, 0x4F, "Broadwell"),
            row(INTEL, 6, 0x56, 0x56, "Broadwell"),
            row(INTEL, 6, 0x4E, 0x4E, "Skylake"),
            row(INTEL, 6, 0x5E, 0x5E, "Skylake"),
            row(INTEL, 6, 0x55, 0x55, 0x0, 0x4, "Skylake-SP"),
            row(INTEL, 6, 0x55, 0x55, 0x5, 0x7, "Cascade Lake"),
            row(INTEL, 6, 0x55, 0x55, 0x8, 0xF, "Cooper Lake"),
            row(INTEL, 6, 0x8E, 0x8E, 0x0, 0x9, "Kaby Lake"),
            // 0x8E stepping 0xA is Kaby Lake-R (i5-8350U) and Coffee Lake-U (Linux COFFEELAKE_L s:10); 0xC is
            // Whiskey Lake-U (i5-8265U; Linux WHISKEYLAKE_L s:11,12) and Comet Lake-U (i7-10610U): the corpus's
            // cpuid -f and libcpuid decodings name both parts of each stepping.
            row(INTEL, 6, 0x8E, 0x8E, 0xA, 0xA, "Kaby Lake R / Coffee Lake"),
            row(INTEL, 6, 0x8E, 0x8E, 0xB, 0xB, "Whiskey Lake"),
            row(INTEL, 6, 0x8E, 0x8E, 0xC, 0xC, "Whiskey Lake / Comet Lake"),
            row(INTEL, 6, 0x8E, 0x8E, 0xD, 0xF, "Comet Lake"),
            row(INTEL, 6, 0x9E, 0x9E, 0x0, 0x9, "Kaby Lake"),
            row(INTEL, 6, 0x9E, 0x9E, 0xA, 0xF, "Coffee Lake"),
            row(INTEL, 6, 0xA5, 0xA6, "Comet Lake"),
            row(INTEL, 6, 0x66, 0x66, "Cannon Lake"),
            row(INTEL, 6, 0x7D, 0x7E, "Ice Lake"),
            row(INTEL, 6, 0x9D, 0x9D, "Ice Lake (NNPI)"),
            row(INTEL, 6, 0x6A, 0x6A, "Ice Lake-SP"),
            row(INTEL, 6, 0x6C, 0x6C, "Ice Lake-D"),
            row(INTEL, 6, 0x8C, 0x8D, "Tiger Lake"),
            row(INTEL, 6, 0xA7, 0xA7, "Rocket Lake"),
            row(INTEL, 6, 0x8A, 0x8A, "Lakefield"),
            row(INTEL, 6, 0x97, 0x97, "Alder Lake"),
            row(INTEL, 6, 0x9A, 0x9A, "Alder Lake"),
            row(INTEL, 6, 0xB7, 0xB7, "Raptor Lake"),
            row(INTEL, 6, 0xBA, 0xBA, "Raptor Lake"),
            row(INTEL, 6, 0xBF, 0xBF, "Raptor Lake"),
            row(INTEL, 6, 0xAA, 0xAC, "Meteor Lake"),
            row(INTEL, 6, 0xBD, 0xBD, "Lunar Lake"),
            row(INTEL, 6, 0xB5, 0xB5, "Arrow Lake"),
            row(INTEL, 6, 0xC5, 0xC6, "Arrow Lake"),
            row(INTEL, 6, 0xCC, 0xCC, "Panther Lake"),
            row(INTEL, 6, 0xD5, 0xD5, "Wildcat Lake"),
            row(INTEL, 6, 0xD7, 0xD7, "Bartlett Lake"),
            row(INTEL, 6, 0x8F, 0x8F, "Sapphire Rapids"),
            row(INTEL, 6, 0xCF, 0xCF, "Emerald Rapids"),
            row(INTEL, 6, 0xAD, 0xAE, "Granite Rapids"),
            row(INTEL, 6, 0xAF, 0xAF, "Sierra Forest"),
            row(INTEL, 6, 0xB6, 0xB6, "Grand Ridge"),
            row(INTEL, 6, 0xDD, 0xDD, "Clearwater Forest"),
            row(INTEL, 19, 0x01, 0x01, "Diamond Rapids"),
            row(INTEL, 18, 0x01, 0x03, "Nova Lake"),
            // Intel Atom and Xeon Phi
            row(INTEL, 6, 0x1C, 0x1C, "Atom Bonnell"),
            row(INTEL, 6, 0x26, 0x26, "Atom Bonnell"),
            row(INTEL, 6, 0x27, 0x27, "Atom Saltwell"),
            row(INTEL, 6, 0x35, 0x36, "Atom Saltwell"),
            row(INTEL, 6, 0x37, 0x37, "Atom Silvermont"),
            row(INTEL, 6, 0x4A, 0x4A, "Atom Silvermont"),
            row(INTEL, 6, 0x4D, 0x4D, "Atom Silvermont"),
            row(INTEL, 6, 0x5A, 0x5A, "Atom Silvermont"),
            row(INTEL, 6, 0x5D, 0x5D, "Atom Silvermont"),
            row(INTEL, 6, 0x4C, 0x4C, "Atom Airmont"),
            row(INTEL, 6, 0x75, 0x75, "Atom Airmont"), // Linux INTEL_ATOM_AIRMONT_NP, Lightning Mountain
            row(INTEL, 6, 0x5C, 0x5C, "Atom Goldmont"),
            row(INTEL, 6, 0x5F, 0x5F, "Atom Goldmont"),
            row(INTEL, 6, 0x7A, 0x7A, "Atom Goldmont Plus"),
            row(INTEL, 6, 0x86, 0x86, "Atom Tremont"),
            row(INTEL, 6, 0x96, 0x96, "Atom Tremont"),
            row(INTEL, 6, 0x9C, 0x9C, "Atom Tremont"),
            row(INTEL, 6, 0xBE, 0xBE, "Alder Lake-N (Gracemont)"),
            row(INTEL, 6, 0x57, 0x57, "Knights Landing"),
            row(INTEL, 6, 0x85, 0x85, "Knights Mill"),
            // AMD
            row(AMD, 4, 0x0, 0xF, "Am486/5x86"),
            row(AMD, 5, 0x0, 0x3, "K5"),
            row(AMD, 5, 0x6, 0x9, "K6"),
            row(AMD, 5, 0xA, 0xA, "Geode LX"),
            row(AMD, 5, 0xD, 0xD, "K6"),
            row(AMD, 6, 0x0, 0xF, "K7"),
            row(AMD, 15, 0x0, 0xFF, "K8"),
            row(AMD, 16, 0x0, 0xFF, "K10"),
            // Family 0x11 (Turion X2 Ultra "Griffin") is a K8 derivative (libcpuid files it under k8) and family
            // 0x12 (Llano) a K10 one (cpuid -f: "AMD K10, 32nm ... (Llano LN-B0)"); AMD's K12 is an ARM core.
            row(AMD, 17, 0x0, 0xFF, "K8 (Griffin)"),
            row(AMD, 18, 0x0, 0xFF, "K10 (Llano)"),
            row(AMD, 20, 0x0, 0xFF, "Bobcat"),
            // Models 0x02 and 0x10-0x1F are Piledriver (Vishera/Abu Dhabi OR-C0 is 0x02; Linux init_amd_bd()
            // applies its Piledriver workaround to models 0x02..0x1F; cpuid -f: 00600F20 "[Piledriver]").
            row(AMD, 21, 0x0, 0x1, "Bulldozer"),
            row(AMD, 21, 0x2, 0x1F, "Piledriver"),
            row(AMD, 21, 0x30, 0x3F, "Steamroller"),
            row(AMD, 21, 0x60, 0x7F, "Excavator"),
            row(AMD, 22, 0x0, 0xF, "Jaguar"),
            // The A9-9820 ("Cato", the Xbox One's die sold as an APU), eight Jaguar cores: google cpu_features
            // src/impl_x86.c (GetX86Microarchitecture, CPUID(0x16, 0x26) is AMD_JAGUAR), after linux-hardware.org
            // probe 1053adf355.
            row(AMD, 22, 0x26, 0x26, "Jaguar"),
            row(AMD, 22, 0x30, 0x3F, "Puma"),
            row(AMD, 23, 0x8, 0x8, "Zen+"),
            row(AMD, 23, 0x18, 0x18, "Zen+"),
            row(AMD, 23, 0x0, 0x2F, "Zen"),
            row(AMD, 23, 0x50, 0x5F, "Zen"),
            row(AMD, 23, 0x30, 0x4F, "Zen 2"),
            row(AMD, 23, 0x60, 0x7F, "Zen 2"),
            row(AMD, 23, 0x84, 0x84, "Zen 2"), // the 4800S desktop kit's console-derived SoC (cpuid -f: 00880F40 "[Zen 2]")
            row(AMD, 23, 0x90, 0x91, "Zen 2"),
            row(AMD, 23, 0xA0, 0xAF, "Zen 2"),
            row(AMD, 25, 0x40, 0x4F, "Zen 3+"),
            row(AMD, 25, 0x0, 0xF, "Zen 3"),
            row(AMD, 25, 0x20, 0x5F, "Zen 3"),
            row(AMD, 25, 0x10, 0x1F, "Zen 4"),
            row(AMD, 25, 0x60, 0xAF, "Zen 4"),
            row(AMD, 26, 0x0, 0x2F, "Zen 5"),
            row(AMD, 26, 0x40, 0x4F, "Zen 5"),
            row(AMD, 26, 0x60, 0x7F, "Zen 5"),
            row(AMD, 26, 0x50, 0x5F, "Zen 6"),
            row(AMD, 26, 0x80, 0xAF, "Zen 6"), // Linux 847ebc447671 "x86/CPU/AMD: Extend Zen6 model range"
            row(AMD, 26, 0xC0, 0xCF, "Zen 6"),
            row(HYGON, 24, 0x0, 0xFF, "Dhyana (Zen)"),
            // VIA, Centaur and Zhaoxin
            row(CENTAUR, 5, 0x4, 0x4, "WinChip C6"),
            row(CENTAUR, 5, 0x8, 0x8, "WinChip 2"),
            row(CENTAUR, 5, 0x9, 0x9, "WinChip 3"),
            row(CENTAUR, 6, 0x6, 0x9, "C3"),
            row(CENTAUR, 6, 0xA, 0xA, "C7 (Esther)"),
            row(CENTAUR, 6, 0xD, 0xD, "C7 (Esther)"),
            row(CENTAUR, 6, 0xF, 0xF, "Nano (Isaiah)"),
            row(CENTAUR, 6, 0x47, 0x47, "CNS"),
            row(CENTAUR, 7, 0x1B, 0x1B, "Zhaoxin ZhangJiang"),
            row(CENTAUR, 7, 0x3B, 0x3B, "Zhaoxin LuJiaZui"),
            row(CENTAUR, 7, 0x5B, 0x5B, "Zhaoxin YongFeng"),
            row(ZHAOXIN, 6, 0xF, 0xF, "Zhaoxin ZX-C"),
            row(ZHAOXIN, 6, 0x19, 0x19, "Zhaoxin ZX-C"),
            row(ZHAOXIN, 7, 0x1B, 0x1B, "Zhaoxin ZhangJiang"),
            row(ZHAOXIN, 7, 0x3B, 0x3B, "Zhaoxin LuJiaZui"),
            row(ZHAOXIN, 7, 0x5B, 0x5B, "Zhaoxin YongFeng"),
            // Others
            row(CYRIX, 4, 0x0, 0xF, "Cyrix 5x86/MediaGX"),
            row(CYRIX, 5, 0x0, 0xF, "Cyrix 6x86 (M1)"),
            row(CYRIX, 6, 0x0, 0xF, "Cyrix 6x86MX (M2)"),
            row(NSC, 5, 0x0, 0xF, "Geode"),
            row(RISE, 5, 0x0, 0xF, "Rise mP6"),
            row(TRANSMETA, 5, 0x0, 0xF, "Transmeta Crusoe"),
            row(TRANSMETA, 15, 0x0, 0xFF, "Transmeta Efficeon"),
            row(TRANSMETA_EARLY, 5, 0x0, 0xF, "Transmeta Crusoe"),
            row(VORTEX86, 5, 0x0, 0xFF, "Vortex86"),
            row(VORTEX86, 6, 0x0, 0xFF, "Vortex86"),
            row(MICROSOFT_EMULATION, 6, 0x0, 0xFF, "x86 emulation (Windows on Arm)"),
            row(MICROSOFT_EMULATION, 15, 0x0, 0xFF, "x86 emulation (Windows on Arm)"));

    private static final String LINUX_IFH = "Linux arch/x86/include/asm/intel-family.h, the core comment of the model";
    private static final String AIDA_ANNOTATION = "the AIDA64 annotation of CPUID.0x1A in the corpus dump ";

    /**
     * The cores of hybrid parts by core type (and native model id where one package has two
     * microarchitectures of a type). Linux names each model after its cores ("N.B. Not the platform name"),
     * "P-core / E-core" for hybrid parts.
     */
    private static final List<CoreMicroarchitecture> CORES = List.of(
            core(6, 0x8A, 0x8A, CoreType.PERFORMANCE, "Sunny Cove", LINUX_IFH + " (INTEL_LAKEFIELD: Sunny Cove / Tremont)"),
            core(6, 0x8A, 0x8A, CoreType.EFFICIENCY, "Tremont", LINUX_IFH + " (INTEL_LAKEFIELD: Sunny Cove / Tremont)"),
            core(6, 0x97, 0x97, CoreType.PERFORMANCE, "Golden Cove", LINUX_IFH + " (INTEL_ALDERLAKE: Golden Cove / Gracemont)"),
            core(6, 0x97, 0x97, CoreType.EFFICIENCY, "Gracemont", LINUX_IFH + " (INTEL_ALDERLAKE: Golden Cove / Gracemont)"),
            core(6, 0x9A, 0x9A, CoreType.PERFORMANCE, "Golden Cove", LINUX_IFH + " (INTEL_ALDERLAKE_L: Golden Cove / Gracemont)"),
            core(6, 0x9A, 0x9A, CoreType.EFFICIENCY, "Gracemont", LINUX_IFH + " (INTEL_ALDERLAKE_L: Golden Cove / Gracemont)"),
            core(6, 0xB7, 0xB7, CoreType.PERFORMANCE, "Raptor Cove", LINUX_IFH + " (INTEL_RAPTORLAKE: Raptor Cove / Enhanced Gracemont)"),
            core(6, 0xB7, 0xB7, CoreType.EFFICIENCY, "Gracemont", LINUX_IFH + " (INTEL_RAPTORLAKE: Raptor Cove / Enhanced Gracemont)"),
            core(6, 0xBA, 0xBA, CoreType.PERFORMANCE, "Raptor Cove", LINUX_IFH + " (INTEL_RAPTORLAKE_P)"),
            core(6, 0xBA, 0xBA, CoreType.EFFICIENCY, "Gracemont", LINUX_IFH + " (INTEL_RAPTORLAKE_P)"),
            core(6, 0xBF, 0xBF, CoreType.PERFORMANCE, "Raptor Cove", LINUX_IFH + " (INTEL_RAPTORLAKE_S)"),
            core(6, 0xBF, 0xBF, CoreType.EFFICIENCY, "Gracemont", LINUX_IFH + " (INTEL_RAPTORLAKE_S)"),
            core(6, 0xAA, 0xAC, CoreType.PERFORMANCE, "Redwood Cove", LINUX_IFH + " (INTEL_METEORLAKE_L: Redwood Cove /"
                    + " Crestmont); " + AIDA_ANNOTATION + "MeteorLake_09"),
            core(6, 0xAA, 0xAC, CoreType.EFFICIENCY, "Crestmont", LINUX_IFH + " (INTEL_METEORLAKE_L: Redwood Cove /"
                    + " Crestmont); " + AIDA_ANNOTATION + "MeteorLake_09"),
            // Arrow Lake-H has two kinds of efficiency core, told apart by the native model id (Linux commit
            // 9f4a39757c81 "perf/x86/intel: Support hybrid PMU with multiple atom uarchs"; enum intel_native_id:
            // 2 Crestmont, 3 Skymont).
            new CoreMicroarchitecture(INTEL, 6, 0xC5, 0xC5, CoreType.EFFICIENCY, 2, "Crestmont",
                    "Linux enum intel_native_id (INTEL_ATOM_CMT_NATIVE_ID = 0x2); " + AIDA_ANNOTATION + "ArrowLakeH_04"),
            core(6, 0xC5, 0xC6, CoreType.PERFORMANCE, "Lion Cove", LINUX_IFH + " (INTEL_ARROWLAKE_H, INTEL_ARROWLAKE: Lion Cove"
                    + " / Skymont)"),
            core(6, 0xC5, 0xC6, CoreType.EFFICIENCY, "Skymont", LINUX_IFH + " (INTEL_ARROWLAKE_H, INTEL_ARROWLAKE: Lion Cove"
                    + " / Skymont)"),
            core(6, 0xBD, 0xBD, CoreType.PERFORMANCE, "Lion Cove", LINUX_IFH + " (INTEL_LUNARLAKE_M: Lion Cove / Skymont)"),
            core(6, 0xBD, 0xBD, CoreType.EFFICIENCY, "Skymont", LINUX_IFH + " (INTEL_LUNARLAKE_M: Lion Cove / Skymont)"),
            core(6, 0xCC, 0xCC, CoreType.PERFORMANCE, "Cougar Cove", LINUX_IFH + " (INTEL_PANTHERLAKE_L: Cougar Cove /"
                    + " Darkmont, as corrected by \"x86/cpu: Fix core comments for {Panther,Nova} Lake\", 2025)"),
            core(6, 0xCC, 0xCC, CoreType.EFFICIENCY, "Darkmont", LINUX_IFH + " (INTEL_PANTHERLAKE_L: Cougar Cove / Darkmont)"),
            core(6, 0xD5, 0xD5, CoreType.PERFORMANCE, "Cougar Cove", AIDA_ANNOTATION + "WildcatLake_02 ([Core: Cougar Cove])"),
            core(6, 0xD5, 0xD5, CoreType.EFFICIENCY, "Darkmont", AIDA_ANNOTATION + "WildcatLake_02 ([Atom: Darkmont])"),
            core(18, 0x01, 0x03, CoreType.PERFORMANCE, "Coyote Cove", LINUX_IFH + " (INTEL_NOVALAKE: Coyote Cove / Arctic Wolf)"),
            core(18, 0x01, 0x03, CoreType.EFFICIENCY, "Arctic Wolf", LINUX_IFH + " (INTEL_NOVALAKE: Coyote Cove / Arctic Wolf)"));

    /**
     * Hybrid models no die of which has one core type alone, so that a core of a package without the hybrid flag is not
     * known to be a performance core: without CPUID.0x1A saying which core answered, the part is named, not a core.
     * Lakefield: every part (the i5-L16G7 and i3-L13G4, Intel ARK) is one Sunny Cove and four Tremont cores (Linux
     * intel-family.h INTEL_LAKEFIELD "Sunny Cove / Tremont"); a kernel before Linux 5.13 names no {@code hybrid_cpu}.
     */
    private static final List<Microarchitecture> NO_SINGLE_CORE_TYPE_DIE = List.of(
            row(INTEL, 6, 0x8A, 0x8A, "Lakefield"));

    private Microarchitectures() {
    }

    private static CoreMicroarchitecture core(int family, int modelFrom, int modelTo, CoreType type, String name,
            String citation) {
        return new CoreMicroarchitecture(INTEL, family, modelFrom, modelTo, type, CoreMicroarchitecture.ANY_NATIVE_MODEL,
                name, citation);
    }

    private static Microarchitecture row(X86Vendor vendor, int family, int modelFrom, int modelTo, String name) {
        return new Microarchitecture(vendor, family, modelFrom, modelTo, 0, ANY, name);
    }

    private static Microarchitecture row(X86Vendor vendor, int family, int modelFrom, int modelTo, int steppingFrom,
            int steppingTo, String name) {
        return new Microarchitecture(vendor, family, modelFrom, modelTo, steppingFrom, steppingTo, name);
    }

    /** {@return every row, in match order: the first that matches names the CPU; immutable} */
    public static List<Microarchitecture> table() {
        return TABLE;
    }

    /** {@return every row of the core table of hybrid parts, in match order; immutable} */
    public static List<CoreMicroarchitecture> cores() {
        return CORES;
    }

    /**
     * The name of the CPU's microarchitecture, if the table knows it; for a core of a hybrid part whose
     * CPUID.0x1A names its core type, the part's name and the core's ({@code Alder Lake (Golden Cove)}).
     *
     * @param id the CPU's identity; not null
     * @return the name; empty when no row matches
     */
    public static Optional<String> of(CpuIdentity id) {
        return of(id, false);
    }

    /**
     * As {@link #of(CpuIdentity)}; with {@code singleCoreType} (the package does not set the hybrid flag,
     * CPUID.(7,0):EDX[15], and no hypervisor stands between), a core of a hybrid model whose CPUID.0x1A
     * reads zero is named after the model's performance core: such dies carry only those (the Alder Lake
     * i5-12400 and i3-12100 of the corpus, 06-97-02 and 06-97-05, report leaf 0x1A as zero). A model no die of
     * which has one core type (Lakefield) is then named without a core.
     *
     * @param id             the CPU's identity; not null
     * @param singleCoreType whether the package is known to have one core type (no hybrid flag, no hypervisor)
     * @return the name, with the core's in parentheses when known; empty when no row matches
     */
    public static Optional<String> of(CpuIdentity id, boolean singleCoreType) {
        for (Microarchitecture m : TABLE) {
            if (m.matches(id.vendor(), id.family(), id.model(), id.stepping())) {
                return Optional.of(core(id, singleCoreType).map(c -> m.name() + " (" + c + ")").orElse(m.name()));
            }
        }
        return Optional.empty();
    }

    /**
     * The core's own microarchitecture, when the part is hybrid and the core table knows its type.
     *
     * @param id             the CPU's identity; not null
     * @param singleCoreType whether the package is known to have one core type: a zero CPUID.0x1A then reads as
     *                       a performance core, unless every die of the model has two core types
     * @return the core's name, e.g. {@code Gracemont}; empty when no core type is known or no row matches
     */
    public static Optional<String> core(CpuIdentity id, boolean singleCoreType) {
        Optional<CoreType> type = id.hybridCoreType();
        if (type.isEmpty() && id.coreType().isEmpty() && singleCoreType && !everyDieHybrid(id)) {
            type = Optional.of(CoreType.PERFORMANCE);
        }
        if (type.isEmpty()) {
            return Optional.empty();
        }
        int nativeModel = id.nativeModelId().orElse(CoreMicroarchitecture.ANY_NATIVE_MODEL);
        for (CoreMicroarchitecture c : CORES) {
            if (c.matches(id.vendor(), id.family(), id.model(), type.get(), nativeModel)) {
                return Optional.of(c.name());
            }
        }
        return Optional.empty();
    }

    /** Whether no die of the CPU's model has one core type alone ({@link #NO_SINGLE_CORE_TYPE_DIE}). */
    private static boolean everyDieHybrid(CpuIdentity id) {
        for (Microarchitecture m : NO_SINGLE_CORE_TYPE_DIE) {
            if (m.matches(id.vendor(), id.family(), id.model(), id.stepping())) {
                return true;
            }
        }
        return false;
    }
}
