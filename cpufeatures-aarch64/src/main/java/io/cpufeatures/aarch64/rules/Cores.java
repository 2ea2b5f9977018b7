package io.cpufeatures.aarch64.rules;

import io.cpufeatures.aarch64.CoreModel;
import io.cpufeatures.aarch64.Midr;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which core a MIDR_EL1 names, as data: implementer and part number to the core's name, the
 * architecture version its compiler support targets, and the cloud products built on it. One row
 * per part, each with the sources that name it (the keys below). Variant and revision are the
 * {@code r}/{@code p} of its revision name, except for the few parts one part number holds several
 * cores of ({@link #variants()}).
 *
 * <p>Sources: ULX, util-linux {@code sys-utils/lscpu-arm.c}; LNX, Linux
 * {@code arch/arm64/include/asm/cputype.h}; GCC, {@code gcc/config/aarch64/aarch64-cores.def} (names
 * and the {@code ARCH_IDENT} of each core, written Armv8.x-A); LLVM,
 * {@code llvm/lib/TargetParser/Host.cpp}; PT, pytorch/cpuinfo {@code src/arm/uarch.c} (which Arm core each
 * Kryo part is built on, and Samsung's parts by variant); AWS, the aws-graviton-getting-started README (Graviton2 is
 * Neoverse N1, Graviton3 Neoverse V1, Graviton4 Neoverse V2, with their architecture versions); ALP,
 * Arm's migration learning path (N1 Armv8.2, V1 Armv8.4, N2/V2 Armv9.0); QEMU, qemu
 * {@code target/arm/cpu64.c} and Trusted Firmware-A {@code qemu_max.h} (the {@code max} CPU: implementer
 * 0, "reserved for software use", part 0x051, 'Q'). The first generation of Graviton is 16 Cortex-A72
 * cores (press reports); NVIDIA Grace reports Arm's Neoverse V2 part (GCC's {@code grace} entry). An
 * empty architecture means no source read states it (Apple's part 0x012 is an A12 for GCC and
 * "Lightning" for util-linux; the architecture is left open). Google Axion is Neoverse V2 based by
 * press reports, but no source read gives its MIDR, so it has no product entry.
 */
public final class Cores {

    private static final List<CoreModel> TABLE = List.of(
            // Arm
            core(0x41, 0xd02, "Cortex-A34", "Armv8.0-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd03, "Cortex-A53", "Armv8.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd04, "Cortex-A35", "Armv8.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd05, "Cortex-A55", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd06, "Cortex-A65", "Armv8.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd07, "Cortex-A57", "Armv8.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd08, "Cortex-A72", "Armv8.0-A", "AWS Graviton (A1 instances)", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd09, "Cortex-A73", "Armv8.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd0a, "Cortex-A75", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd0b, "Cortex-A76", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd0c, "Neoverse N1", "Armv8.2-A", "AWS Graviton2", "ULX,LNX,GCC,LLVM", "GCC,ALP,AWS"),
            core(0x41, 0xd0d, "Cortex-A77", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd0e, "Cortex-A76AE", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd14, "Cortex-R82AE", "Armv8-R", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd15, "Cortex-R82", "Armv8-R", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd40, "Neoverse V1", "Armv8.4-A", "AWS Graviton3", "ULX,LNX,GCC,LLVM", "GCC,ALP,AWS"),
            core(0x41, 0xd41, "Cortex-A78", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd42, "Cortex-A78AE", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd43, "Cortex-A65AE", "Armv8.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd44, "Cortex-X1", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd46, "Cortex-A510", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd47, "Cortex-A710", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd48, "Cortex-X2", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd49, "Neoverse N2", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC,ALP"),
            core(0x41, 0xd4a, "Neoverse E1", "Armv8.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd4b, "Cortex-A78C", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd4c, "Cortex-X1C", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd4d, "Cortex-A715", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd4e, "Cortex-X3", "Armv9.0-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd4f, "Neoverse V2", "Armv9.0-A", "AWS Graviton4, NVIDIA Grace", "ULX,LNX,GCC,LLVM", "GCC,ALP,AWS"),
            core(0x41, 0xd80, "Cortex-A520", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd81, "Cortex-A720", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd82, "Cortex-X4", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd83, "Neoverse V3AE", "Armv9.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd84, "Neoverse V3", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd85, "Cortex-X925", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd87, "Cortex-A725", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd88, "Cortex-A520AE", "Armv9.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd89, "Cortex-A720AE", "Armv9.2-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x41, 0xd8a, "C1-Nano", "", "", "ULX", ""),
            core(0x41, 0xd8b, "C1-Pro", "", "", "ULX", ""),
            core(0x41, 0xd8c, "C1-Ultra", "", "", "ULX", ""),
            core(0x41, 0xd8e, "Neoverse N3", "Armv9.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x41, 0xd8f, "Cortex-A320", "", "", "ULX,LLVM", ""),
            core(0x41, 0xd90, "C1-Premium", "", "", "ULX", ""),
            // Apple
            core(0x61, 0x012, "Apple Lightning", "", "", "ULX,GCC", ""),
            core(0x61, 0x013, "Apple Thunder", "", "", "ULX", ""),
            core(0x61, 0x020, "Apple Icestorm-A14 (E)", "Armv8.5-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x61, 0x021, "Apple Firestorm-A14 (P)", "Armv8.5-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x61, 0x022, "Apple Icestorm-M1 (E)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x023, "Apple Firestorm-M1 (P)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x024, "Apple Icestorm-M1-Pro (E)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x025, "Apple Firestorm-M1-Pro (P)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x026, "Apple Thunder-M10", "", "", "ULX", ""),
            core(0x61, 0x028, "Apple Icestorm-M1-Max (E)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x029, "Apple Firestorm-M1-Max (P)", "Armv8.5-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x030, "Apple Blizzard-A15 (E)", "Armv8.6-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x61, 0x031, "Apple Avalanche-A15 (P)", "Armv8.6-A", "", "ULX,GCC,LLVM", "GCC"),
            core(0x61, 0x032, "Apple Blizzard-M2 (E)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x033, "Apple Avalanche-M2 (P)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x034, "Apple Blizzard-M2-Pro (E)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x035, "Apple Avalanche-M2-Pro (P)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x036, "Apple Sawtooth-A16 (E)", "", "", "ULX", ""),
            core(0x61, 0x037, "Apple Everest-A16 (P)", "", "", "ULX", ""),
            core(0x61, 0x038, "Apple Blizzard-M2-Max (E)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x039, "Apple Avalanche-M2-Max (P)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x61, 0x042, "Apple M3 (E, per GCC pairing)", "Armv8.6-A", "", "GCC", "GCC"),
            core(0x61, 0x043, "Apple M3 (P)", "Armv8.6-A", "", "GCC", "GCC"),
            core(0x61, 0x044, "Apple M3 variant (E)", "Armv8.6-A", "", "GCC", "GCC"),
            core(0x61, 0x045, "Apple M3 variant (P)", "Armv8.6-A", "", "GCC", "GCC"),
            core(0x61, 0x048, "Apple M3 variant (E)", "Armv8.6-A", "", "GCC,LLVM", "GCC"),
            core(0x61, 0x049, "Apple M3 variant (P)", "Armv8.6-A", "", "GCC,LLVM", "GCC"),
            core(0x61, 0x052, "Apple M4 (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x053, "Apple M4 (P)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x054, "Apple M4 variant (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x055, "Apple M4 variant (P)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x058, "Apple M4 variant (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x059, "Apple M4 variant (P)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x062, "Apple M5 (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x063, "Apple M5 (P)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x064, "Apple M5 variant (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x065, "Apple M5 variant (P)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x068, "Apple M5 variant (E)", "Armv8.7-A", "", "GCC", "GCC"),
            core(0x61, 0x069, "Apple M5 variant (P)", "Armv8.7-A", "", "GCC", "GCC"),
            // Ampere
            core(0xc0, 0xac3, "Ampere-1 (AmpereOne)", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0xc0, 0xac4, "Ampere-1A", "Armv8.6-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0xc0, 0xac5, "Ampere-1B", "Armv8.7-A", "", "GCC,LLVM", "GCC"),
            // APM
            core(0x50, 0x000, "X-Gene / eMAG (variant 3)", "Armv8.0-A", "", "ULX,LNX,GCC", "GCC"),
            // Fujitsu
            core(0x46, 0x001, "A64FX", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x46, 0x003, "MONAKA", "Armv9.3-A", "", "ULX,GCC,LLVM", "GCC"),
            // HiSilicon
            core(0x48, 0xd01, "TaiShan v110 / TSV110 (Kunpeng 920)", "Armv8.2-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x48, 0xd02, "TaiShan v120 / HIP09", "", "", "ULX,LNX", ""),
            core(0x48, 0xd06, "HIP12", "Armv8.7-A", "", "LNX,GCC", "GCC"),
            core(0x48, 0xd40, "'Cortex-A76' (HiSilicon-implemented)", "", "", "ULX", ""),
            core(0x48, 0xd41, "'Cortex-A77' (HiSilicon-implemented)", "", "", "ULX", ""),
            // NVIDIA
            core(0x4e, 0x000, "Denver", "", "", "ULX", ""),
            core(0x4e, 0x003, "Denver 2", "", "", "ULX,LNX", ""),
            core(0x4e, 0x004, "Carmel", "", "", "ULX,LNX,LLVM", ""),
            core(0x4e, 0x010, "Olympus", "Armv9.2-A", "", "ULX,GCC,LLVM", "GCC"),
            // Qualcomm
            core(0x51, 0x001, "Oryon (X Elite / oryon-1)", "Armv8.6-A", "", "ULX,LNX,LLVM", "GCC"),
            core(0x51, 0x00f, "Scorpion", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x02d, "Scorpion", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x04d, "Krait", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x06f, "Krait", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x201, "Kryo", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x205, "Kryo", "", "", "ULX,LNX,LLVM", ""),
            core(0x51, 0x211, "Kryo", "", "", "ULX,LNX,LLVM", ""),
            // Kryo 2xx-5xx: Arm cores Qualcomm built and renumbered (PT's uarch.c, LLVM for the Gold ones, Linux's
            // erratum lists: Kryo2XX Silver among Cortex-A53's, Kryo4xx Gold/Silver with A76/A55 revisions)
            core(0x51, 0x800, "Kryo 2xx Gold (Cortex-A73 based) or Falkor V1", "", "", "ULX,LNX,LLVM,PT", ""),
            core(0x51, 0x801, "Kryo 2xx Silver (Cortex-A53 based)", "Armv8.0-A", "", "ULX,LNX,LLVM,PT", "GCC"),
            core(0x51, 0x802, "Kryo 3xx Gold (Cortex-A75 based)", "Armv8.2-A", "", "ULX,LNX,LLVM,PT", "GCC"),
            core(0x51, 0x803, "Kryo 3xx Silver (Cortex-A55 based)", "Armv8.2-A", "", "ULX,LNX,LLVM,PT", "GCC"),
            core(0x51, 0x804, "Kryo 4xx Gold (Cortex-A76 based)", "Armv8.2-A", "", "ULX,LNX,LLVM,PT", "GCC"),
            core(0x51, 0x805, "Kryo 4xx/5xx Silver (Cortex-A55 based)", "Armv8.2-A", "", "ULX,LNX,LLVM,PT", "GCC"),
            core(0x51, 0xc00, "Falkor (Centriq 2400)", "Armv8.0-A", "", "ULX,LNX,LLVM", "GCC"),
            core(0x51, 0xc01, "Saphira", "Armv8.4-A", "", "ULX,LNX,LLVM", "GCC"),
            // Cavium
            core(0x43, 0x0a0, "ThunderX / OcteonTX", "Armv8.0-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0a1, "ThunderX T88", "Armv8.0-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0a2, "ThunderX T81 / OcteonTX81", "Armv8.0-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0a3, "ThunderX T83 / OcteonTX83", "Armv8.0-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0af, "ThunderX2 (CN99xx)", "Armv8.1-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b0, "OcteonTX2", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b1, "OcteonTX2 T98", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b2, "OcteonTX2 T96/T93", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b3, "OcteonTX2 F95", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b4, "OcteonTX2 F95N", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b5, "OcteonTX2 F95MM", "Armv8.2-A", "", "ULX,LNX,GCC", "GCC"),
            core(0x43, 0x0b6, "OcteonTX2 F95O", "", "", "ULX,LNX,GCC", ""),
            core(0x43, 0x0b8, "ThunderX3 T110", "Armv8.3-A", "", "ULX,LNX,GCC", "GCC"),
            // Broadcom
            core(0x42, 0x516, "Vulcan (became ThunderX2)", "Armv8.1-A", "", "ULX,LNX,GCC,LLVM", "GCC"),
            core(0x42, 0x100, "Brahma-B53", "", "", "ULX,LNX", ""),
            // Samsung
            core(0x53, 0x001, "Exynos M1 or M2", "Armv8.0-A", "", "ULX,GCC,PT", "GCC"),
            core(0x53, 0x002, "Exynos M3", "", "", "ULX,GCC", ""),
            core(0x53, 0x003, "Exynos M4", "", "", "ULX,GCC", ""),
            core(0x53, 0x004, "Exynos M5", "", "", "ULX,GCC", ""),
            // Microsoft
            core(0x6d, 0xd49, "Cobalt 100", "Armv9.0-A", "Microsoft Azure Cobalt 100 (Neoverse N2 based)", "ULX,LNX,GCC,LLVM", "GCC"),
            // Phytium
            core(0x70, 0x303, "FTC310", "", "", "ULX", ""),
            core(0x70, 0x660, "FTC660", "", "", "ULX", ""),
            core(0x70, 0x661, "FTC661", "", "", "ULX", ""),
            core(0x70, 0x662, "FTC662", "", "", "ULX", ""),
            core(0x70, 0x663, "FTC663", "", "", "ULX", ""),
            core(0x70, 0x664, "FTC664", "", "", "ULX", ""),
            core(0x70, 0x862, "FTC862", "", "", "ULX", ""),
            // HXT
            core(0x68, 0x000, "Phecda", "Armv8.0-A", "", "GCC", "GCC"),
            // Software implementations
            core(0x00, 0x051, "QEMU max", "", "", "QEMU", ""));

    /**
     * A part whose variant (and, for one, revision) names a different core, consulted before the table.
     *
     * @param variant  MIDR_EL1.Variant
     * @param revision MIDR_EL1.Revision, or -1 for any
     * @param core     the core it is
     */
    public record VariantCore(int variant, int revision, CoreModel core) {
    }

    /**
     * Parts one MIDR part number holds several cores of, told apart by variant: Samsung's Exynos M1 (variant
     * 1, Exynos 8890) and M2 (variant 4, Exynos 8895) share part 0x001 (PT {@code src/arm/uarch.c}; LLVM's
     * Host.cpp before 2023 too); Qualcomm's part 0x800 is Falkor V1 at r0p0, the only revision Linux's Falkor
     * errata match ({@code ERRATA_MIDR_REV(MIDR_QCOM_FALKOR_V1, 0, 0)}, {@code cpu_errata.c}), and Kryo 280
     * Gold, a Cortex-A73, at variant 0xA (Snapdragon 835; recorded devices), as 0x801 variant 0xA is Kryo 280
     * Silver, a Cortex-A53 (Linux lists "Kryo2XX Silver rAp4" with the A53 r0p4 erratum 845719).
     */
    private static final List<VariantCore> VARIANTS = List.of(
            new VariantCore(0x1, -1, core(0x53, 0x001, "Exynos M1", "Armv8.0-A", "", "PT", "GCC")),
            new VariantCore(0x4, -1, core(0x53, 0x001, "Exynos M2", "Armv8.0-A", "", "PT", "GCC")),
            new VariantCore(0x0, 0, core(0x51, 0x800, "Falkor V1", "Armv8.0-A", "", "LNX", "GCC")),
            new VariantCore(0xA, -1, core(0x51, 0x800, "Kryo 280 Gold (Cortex-A73 based)", "Armv8.0-A", "", "PT,LNX", "GCC")),
            new VariantCore(0xA, -1, core(0x51, 0x801, "Kryo 280 Silver (Cortex-A53 based)", "Armv8.0-A", "", "PT,LNX",
                    "GCC")));

    private static final Map<Integer, CoreModel> BY_ID = index();

    private Cores() {
    }

    private static CoreModel core(int implementer, int part, String name, String architecture, String products,
            String nameSources, String architectureSources) {
        return new CoreModel(implementer, part, name, architecture, products, nameSources, architectureSources);
    }

    private static Map<Integer, CoreModel> index() {
        Map<Integer, CoreModel> m = new HashMap<>();
        for (CoreModel c : TABLE) {
            if (m.put(c.implementer() << 12 | c.part(), c) != null) {
                throw new IllegalStateException("two rows for implementer 0x" + Integer.toHexString(c.implementer())
                        + " part 0x" + Integer.toHexString(c.part()));
            }
        }
        return Collections.unmodifiableMap(m);
    }

    /** {@return every row, in table order; immutable} */
    public static List<CoreModel> table() {
        return TABLE;
    }

    /** {@return the parts whose variant names the core, in table order; immutable} */
    public static List<VariantCore> variants() {
        return VARIANTS;
    }

    /**
     * The core {@code midr} names, if the table knows its implementer and part.
     *
     * @param midr MIDR_EL1's fields; not null
     * @return the row of its implementer, part number and variant where the variant names the core ({@link
     *         #variants()}), else of its implementer and part number; empty for a part the table does not know
     */
    public static Optional<CoreModel> of(Midr midr) {
        for (VariantCore v : VARIANTS) {
            if (v.core().implementer() == midr.implementer() && v.core().part() == midr.part()
                    && v.variant() == midr.variant() && (v.revision() < 0 || v.revision() == midr.revision())) {
                return Optional.of(v.core());
            }
        }
        return Optional.ofNullable(BY_ID.get(midr.implementer() << 12 | midr.part()));
    }
}
