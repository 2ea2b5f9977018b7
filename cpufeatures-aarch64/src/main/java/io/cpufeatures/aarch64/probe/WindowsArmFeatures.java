package io.cpufeatures.aarch64.probe;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.HwcapWord;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Windows on Arm's {@code IsProcessorFeaturePresent(PF_ARM_...)} constants, each with the AArch64 features it answers
 * for. Numbers from winnt.h: 19-45 in mingw-w64's {@code include/winnt.h} and Microsoft's page for the function; 46-86
 * (Windows SDK 10.0.26100) as LLVM's compiler-rt defines them where the SDK is older
 * ({@code lib/builtins/cpu_model/aarch64/fmv/windows.inc}), which maps them onto the same features. Windows answers 1
 * only for what it lets a process run, register state included (it answers SVE only where it saves SVE state), so
 * a 1 is the OS's grant, as an HWCAP bit is Linux's; a 0 from a Windows older than the constant means nothing.
 */
final class WindowsArmFeatures {

    /** Constants by number: winnt.h's name and the features. */
    static final SortedMap<Integer, Constant> CONSTANTS = new TreeMap<>(Map.ofEntries(
            Map.entry(19, new Constant("PF_ARM_NEON_INSTRUCTIONS_AVAILABLE", AArch64Feature.FP, AArch64Feature.ASIMD)),
            Map.entry(30, new Constant("PF_ARM_V8_CRYPTO_INSTRUCTIONS_AVAILABLE", AArch64Feature.AES, AArch64Feature.PMULL,
                    AArch64Feature.SHA1, AArch64Feature.SHA2)),
            Map.entry(31, new Constant("PF_ARM_V8_CRC32_INSTRUCTIONS_AVAILABLE", AArch64Feature.CRC32)),
            Map.entry(34, new Constant("PF_ARM_V81_ATOMIC_INSTRUCTIONS_AVAILABLE", AArch64Feature.ATOMICS)),
            Map.entry(43, new Constant("PF_ARM_V82_DP_INSTRUCTIONS_AVAILABLE", AArch64Feature.ASIMDDP)),
            Map.entry(44, new Constant("PF_ARM_V83_JSCVT_INSTRUCTIONS_AVAILABLE", AArch64Feature.JSCVT)),
            Map.entry(45, new Constant("PF_ARM_V83_LRCPC_INSTRUCTIONS_AVAILABLE", AArch64Feature.LRCPC)),
            Map.entry(46, new Constant("PF_ARM_SVE_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVE)),
            Map.entry(47, new Constant("PF_ARM_SVE2_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVE2)),
            Map.entry(48, new Constant("PF_ARM_SVE2_1_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVE2P1)),
            Map.entry(50, new Constant("PF_ARM_SVE_PMULL128_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVEPMULL)),
            Map.entry(51, new Constant("PF_ARM_SVE_BITPERM_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVEBITPERM)),
            Map.entry(55, new Constant("PF_ARM_SVE_SHA3_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVESHA3)),
            Map.entry(56, new Constant("PF_ARM_SVE_SM4_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVESM4)),
            Map.entry(58, new Constant("PF_ARM_SVE_F32MM_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVEF32MM)),
            Map.entry(59, new Constant("PF_ARM_SVE_F64MM_INSTRUCTIONS_AVAILABLE", AArch64Feature.SVEF64MM)),
            Map.entry(66, new Constant("PF_ARM_V82_I8MM_INSTRUCTIONS_AVAILABLE", AArch64Feature.I8MM)),
            Map.entry(67, new Constant("PF_ARM_V82_FP16_INSTRUCTIONS_AVAILABLE", AArch64Feature.FPHP,
                    AArch64Feature.ASIMDHP)),
            Map.entry(68, new Constant("PF_ARM_V86_BF16_INSTRUCTIONS_AVAILABLE", AArch64Feature.BF16)),
            Map.entry(70, new Constant("PF_ARM_SME_INSTRUCTIONS_AVAILABLE", AArch64Feature.SME)),
            Map.entry(71, new Constant("PF_ARM_SME2_INSTRUCTIONS_AVAILABLE", AArch64Feature.SME2)),
            Map.entry(85, new Constant("PF_ARM_SME_F64F64_INSTRUCTIONS_AVAILABLE", AArch64Feature.SME_F64F64)),
            Map.entry(86, new Constant("PF_ARM_SME_I16I64_INSTRUCTIONS_AVAILABLE", AArch64Feature.SME_I16I64))));

    /**
     * One constant.
     *
     * @param name     winnt.h's name
     * @param features the features a 1 grants
     */
    record Constant(String name, List<AArch64Feature> features) {

        Constant(String name, AArch64Feature... features) {
            this(name, List.of(features));
        }
    }

    private WindowsArmFeatures() {
    }

    /**
     * The HWCAP words Windows' answers amount to.
     *
     * @param answers each constant's answer
     * @return HWCAP and HWCAP2 with the bit of every feature a constant answered 1 for
     */
    static Map<HwcapWord, Long> words(Map<Integer, Boolean> answers) {
        Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
        words.put(HwcapWord.HWCAP, 0L);
        words.put(HwcapWord.HWCAP2, 0L);
        answers.forEach((pf, on) -> {
            if (on) {
                for (AArch64Feature f : CONSTANTS.get(pf).features()) {
                    words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
                }
            }
        });
        return words;
    }

    /**
     * The features Windows granted that {@code shown} lacks.
     *
     * @param shown   the HWCAP words the registers amount to
     * @param answers each constant's answer
     * @return those features, in table order
     */
    static List<AArch64Feature> grantedBeyond(Map<HwcapWord, Long> shown, Map<Integer, Boolean> answers) {
        return answers.entrySet().stream().filter(Map.Entry::getValue)
                .flatMap(e -> CONSTANTS.get(e.getKey()).features().stream())
                .filter(f -> (shown.getOrDefault(f.word(), 0L) & 1L << f.bit()) == 0).distinct().sorted().toList();
    }
}
