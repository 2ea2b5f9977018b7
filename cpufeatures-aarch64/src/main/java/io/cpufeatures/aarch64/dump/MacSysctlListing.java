package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.SysctlListing;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What macOS says of an Apple-silicon CPU, read from a {@code sysctl hw} listing ({@code key: value} lines, as the
 * {@code sysctl} command prints them): the kernel's word, as HWCAP is on Linux. The {@code hw.optional.arm.FEAT_*}
 * keys (macOS 12 and later; Apple, "Determining instruction set characteristics") and the older
 * {@code hw.optional.*} names ({@code neon}, {@code armv8_crc32}, {@code armv8_1_atomics}, ...) are mapped onto
 * the AArch64 table's features ({@link #FEATURES}, {@link #LEGACY}); the chip is named from {@code hw.cpufamily}
 * ({@link AppleChips}). MRS of the ID registers is not allowed to user space on macOS, so a listing holds no
 * register: the snapshot's ID-register source is none, and its HWCAP words are those Linux would give for the
 * same features. Reading only: a listing is never written.
 */
public final class MacSysctlListing {

    /** The format's identifier in reports. */
    public static final String FORMAT = "macos-sysctl";

    /**
     * {@code hw.optional.arm.*} keys and the features each grants, from Apple's key names and the Arm ARM's
     * FEAT_ names, matched to Linux's HWCAP features (arch/arm64/kernel/cpufeature.c) for the same extension. The keys
     * are XNU's ({@code osfmk/arm/arm_features.inc}, xnu-11417.101.15) and, for the newest chips, those Apple's
     * "Determining instruction set characteristics" lists since (FEAT_SME2p1, FEAT_SME_B16B16, FEAT_SME_F16F16, as an
     * M4's {@code sysctl} prints them, 0, in pytorch/cpuinfo pull request 363; FEAT_MTE2, FEAT_MTE3,
     * FEAT_MTE_STORE_ONLY, the memory-tagging keys of the M5 and A19). Apple's keys that name no feature of the table
     * are not mapped: FEAT_MTE (instructions without tag checks, no HWCAP), FEAT_MTE4, FEAT_PAuth2, FEAT_FPAC,
     * FEAT_FPACCOMBINE, FEAT_PACIMP, FEAT_CSV2, FEAT_CSV3, FEAT_SPECRES, FEAT_SPECRES2, FP_SyncExceptions,
     * AdvSIMD_HPFPCvt.
     */
    static final Map<String, List<AArch64Feature>> FEATURES = Map.ofEntries(
            Map.entry("FEAT_AES", List.of(AArch64Feature.AES)),
            Map.entry("FEAT_PMULL", List.of(AArch64Feature.PMULL)),
            Map.entry("FEAT_SHA1", List.of(AArch64Feature.SHA1)),
            Map.entry("FEAT_SHA256", List.of(AArch64Feature.SHA2)),
            Map.entry("FEAT_SHA512", List.of(AArch64Feature.SHA512)),
            Map.entry("FEAT_SHA3", List.of(AArch64Feature.SHA3)),
            Map.entry("FEAT_CRC32", List.of(AArch64Feature.CRC32)),
            Map.entry("FEAT_LSE", List.of(AArch64Feature.ATOMICS)),
            Map.entry("FEAT_LSE2", List.of(AArch64Feature.USCAT)),
            Map.entry("FEAT_FP16", List.of(AArch64Feature.FPHP, AArch64Feature.ASIMDHP)),
            Map.entry("FEAT_FHM", List.of(AArch64Feature.ASIMDFHM)),
            Map.entry("FEAT_DotProd", List.of(AArch64Feature.ASIMDDP)),
            Map.entry("FEAT_RDM", List.of(AArch64Feature.ASIMDRDM)),
            Map.entry("FEAT_JSCVT", List.of(AArch64Feature.JSCVT)),
            Map.entry("FEAT_FCMA", List.of(AArch64Feature.FCMA)),
            Map.entry("FEAT_LRCPC", List.of(AArch64Feature.LRCPC)),
            Map.entry("FEAT_LRCPC2", List.of(AArch64Feature.ILRCPC)),
            Map.entry("FEAT_FRINTTS", List.of(AArch64Feature.FRINT)),
            Map.entry("FEAT_FlagM", List.of(AArch64Feature.FLAGM)),
            Map.entry("FEAT_FlagM2", List.of(AArch64Feature.FLAGM2)),
            Map.entry("FEAT_BF16", List.of(AArch64Feature.BF16)),
            Map.entry("FEAT_EBF16", List.of(AArch64Feature.EBF16)),
            Map.entry("FEAT_I8MM", List.of(AArch64Feature.I8MM)),
            Map.entry("FEAT_BTI", List.of(AArch64Feature.BTI)),
            Map.entry("FEAT_SB", List.of(AArch64Feature.SB)),
            Map.entry("FEAT_SSBS", List.of(AArch64Feature.SSBS)),
            Map.entry("FEAT_DIT", List.of(AArch64Feature.DIT)),
            Map.entry("FEAT_DPB", List.of(AArch64Feature.DCPOP)),
            Map.entry("FEAT_DPB2", List.of(AArch64Feature.DCPODP)),
            Map.entry("FEAT_PAuth", List.of(AArch64Feature.PACA, AArch64Feature.PACG)),
            Map.entry("FEAT_ECV", List.of(AArch64Feature.ECV)),
            Map.entry("FEAT_WFxT", List.of(AArch64Feature.WFXT)),
            Map.entry("FEAT_RPRES", List.of(AArch64Feature.RPRES)),
            Map.entry("FEAT_AFP", List.of(AArch64Feature.AFP)),
            Map.entry("FEAT_CSSC", List.of(AArch64Feature.CSSC)),
            Map.entry("FEAT_HBC", List.of(AArch64Feature.HBC)),
            Map.entry("FEAT_SME", List.of(AArch64Feature.SME)),
            Map.entry("FEAT_SME2", List.of(AArch64Feature.SME2)),
            Map.entry("FEAT_SME_F64F64", List.of(AArch64Feature.SME_F64F64)),
            Map.entry("FEAT_SME_I16I64", List.of(AArch64Feature.SME_I16I64)),
            Map.entry("SME_F32F32", List.of(AArch64Feature.SME_F32F32)),
            Map.entry("SME_BI32I32", List.of(AArch64Feature.SME_BI32I32)),
            Map.entry("SME_B16F32", List.of(AArch64Feature.SME_B16F32)),
            Map.entry("SME_F16F32", List.of(AArch64Feature.SME_F16F32)),
            Map.entry("SME_I8I32", List.of(AArch64Feature.SME_I8I32)),
            Map.entry("SME_I16I32", List.of(AArch64Feature.SME_I16I32)),
            Map.entry("FEAT_SME2p1", List.of(AArch64Feature.SME2P1)),
            Map.entry("FEAT_SME_B16B16", List.of(AArch64Feature.SME_B16B16)),
            Map.entry("FEAT_SME_F16F16", List.of(AArch64Feature.SME_F16F16)),
            Map.entry("FEAT_MTE2", List.of(AArch64Feature.MTE)),
            Map.entry("FEAT_MTE3", List.of(AArch64Feature.MTE3)),
            Map.entry("FEAT_MTE_STORE_ONLY", List.of(AArch64Feature.MTE_STORE_ONLY)));

    /** The older {@code hw.optional.*} names (before macOS 12; still listed), by feature. */
    static final Map<String, List<AArch64Feature>> LEGACY = Map.of(
            "floatingpoint", List.of(AArch64Feature.FP),
            "neon", List.of(AArch64Feature.ASIMD),
            "AdvSIMD", List.of(AArch64Feature.ASIMD),
            "neon_fp16", List.of(AArch64Feature.FPHP, AArch64Feature.ASIMDHP),
            "armv8_crc32", List.of(AArch64Feature.CRC32),
            "armv8_1_atomics", List.of(AArch64Feature.ATOMICS),
            "armv8_2_fhm", List.of(AArch64Feature.ASIMDFHM),
            "armv8_2_sha512", List.of(AArch64Feature.SHA512),
            "armv8_2_sha3", List.of(AArch64Feature.SHA3),
            "armv8_3_compnum", List.of(AArch64Feature.FCMA));

    private static final String OPTIONAL = "hw.optional.";
    private static final String ARM = "hw.optional.arm.";

    private MacSysctlListing() {
    }

    /**
     * Whether {@code text} is a {@code sysctl} listing of an Apple-silicon Mac: {@code key: value} lines naming
     * {@code hw.} keys, one of them an Arm feature key.
     *
     * @param text a file's text
     * @return whether it is one (an Intel Mac's listing is not)
     */
    static boolean recognises(String text) {
        return text.contains("\n" + ARM) || text.startsWith(ARM) || text.contains("hw.optional.arm64: 1")
                || text.contains("\n" + OPTIONAL + "neon:");
    }

    /**
     * Reads a listing.
     *
     * @param file the file's name, for errors and the source
     * @param text the listing: {@code key: value} lines, {@code #} comments and blank lines
     * @return the dump: one kind of CPU, as many logical CPUs as {@code hw.logicalcpu} says (1 if absent)
     * @throws DumpFormatException naming the line for a line that is no {@code key: value}, a feature key whose
     *                             value is not 0 or 1, a {@code hw.logicalcpu} that is not a positive count, or a
     *                             listing without any Arm feature key
     */
    public static SnapshotDump<AArch64Snapshot> read(String file, String text) throws DumpFormatException {
        // the keys of keys(), what a live probe asks for: the others are checked as lines, not kept
        SysctlListing listing = SysctlListing.parse(file, text, "'hw.optional.arm.FEAT_AES: 1'", Set.copyOf(keys()));
        String chip = AppleChips.name(listing.values().get("hw.cpufamily"));
        AArch64Snapshot snapshot;
        try {
            // macOS lets user space read no ID register: the keys are its word on the features
            snapshot = snapshot(listing.values(), new SnapshotSource(SourceKind.FILE, file + " (macOS sysctl of " + chip + ")",
                    List.of("ID registers")));
        } catch (IllegalArgumentException e) {
            String key = e.getMessage().substring(0, Math.max(0, e.getMessage().indexOf(' ')));
            throw new DumpFormatException(file, listing.lineOf(key), e.getMessage());
        }
        int logical = listing.count("hw.logicalcpu", 1);
        return new SnapshotDump<>(file, FORMAT, logical, List.of(new CpuKind<>(snapshot, logical, 0)));
    }

    /**
     * The keys a live probe asks {@code sysctlbyname} for: every feature key mapped here, the chip's family, the
     * logical CPUs and SME's longest streaming vector.
     *
     * @return the names
     */
    public static List<String> keys() {
        List<String> keys = new ArrayList<>();
        FEATURES.keySet().stream().sorted().forEach(k -> keys.add(ARM + k));
        LEGACY.keySet().stream().sorted().forEach(k -> keys.add(OPTIONAL + k));
        keys.addAll(List.of("hw.cpufamily", "hw.logicalcpu", ARM + "sme_max_svl_b"));
        return keys;
    }

    /**
     * The snapshot of the values macOS gave (from a listing or from {@code sysctlbyname}).
     *
     * @param values the keys' values as {@code sysctl} prints them; keys not mapped here are ignored
     * @param source where they came from
     * @return the HWCAP words Linux would give for the features granted, no ID register (source
     *         {@link IdRegisterSource#SYSCTL}), the chip's {@code hw.cpufamily} and SME's length if given
     * @throws IllegalArgumentException starting with the key, for a feature key whose value is not 0 or 1, a
     *                                  {@code hw.cpufamily} that is no number, or when no Arm feature key is there at
     *                                  all
     */
    public static AArch64Snapshot snapshot(Map<String, String> values, SnapshotSource source) {
        Objects.requireNonNull(values, "values");
        Objects.requireNonNull(source, "source");
        Set<AArch64Feature> granted = EnumSet.noneOf(AArch64Feature.class);
        // the features some key of the listing speaks of, 0 or 1: a key the OS does not have leaves its feature unknown
        Set<AArch64Feature> stated = EnumSet.noneOf(AArch64Feature.class);
        boolean armKeys = false;
        for (Map.Entry<String, String> e : values.entrySet()) {
            String key = e.getKey();
            List<AArch64Feature> features = key.startsWith(ARM) ? FEATURES.get(key.substring(ARM.length()))
                    : key.startsWith(OPTIONAL) ? LEGACY.get(key.substring(OPTIONAL.length())) : null;
            if (features == null) {
                continue;
            }
            armKeys = true;
            stated.addAll(features);
            String v = e.getValue();
            if (!v.equals("0") && !v.equals("1")) {
                throw new IllegalArgumentException(key + " is '" + abbreviate(v) + "'; accepted: 0 or 1");
            }
            if (v.equals("1")) {
                granted.addAll(features);
            }
        }
        if (!armKeys) {
            throw new IllegalArgumentException("sysctl: no Arm feature key (hw.optional.arm.FEAT_*, hw.optional.neon, ...):"
                    + " not an Apple-silicon Mac's");
        }
        Map<HwcapWord, Long> words = new EnumMap<>(HwcapWord.class);
        words.put(HwcapWord.HWCAP, 0L);
        words.put(HwcapWord.HWCAP2, 0L);
        if (granted.stream().anyMatch(f -> f.word() == HwcapWord.HWCAP3)) {
            words.put(HwcapWord.HWCAP3, 0L);
        }
        for (AArch64Feature f : granted) {
            words.merge(f.word(), 1L << f.bit(), (a, b) -> a | b);
        }
        Map<HwcapWord, Long> unstatedBits = new EnumMap<>(HwcapWord.class);
        List<String> unknown = new ArrayList<>();
        for (AArch64Feature f : AArch64Feature.values()) {
            if (!stated.contains(f) && !keysOf(f).isEmpty()) {
                unstatedBits.merge(f.word(), 1L << f.bit(), (a, c) -> a | c);
                unknown.add(f.canonicalName());
            }
        }
        List<String> notStated = new ArrayList<>(source.unstated());
        if (!unknown.isEmpty()) {
            notStated.add("sysctl keys of " + (unknown.size() <= 12 ? String.join(", ", unknown)
                    : String.join(", ", unknown.subList(0, 12)) + " and " + (unknown.size() - 12) + " more"));
        }
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(source.kind(), source.detail(), notStated))
                .idSource(IdRegisterSource.SYSCTL);
        words.forEach(b::hwcap);
        unstatedBits.forEach(b::unstated);
        String family = values.get("hw.cpufamily");
        if (family != null) {
            b.appleCpuFamily(AppleChips.parse(family).orElseThrow(() -> new IllegalArgumentException("hw.cpufamily is '"
                    + abbreviate(family) + "'; accepted: a 32-bit number, signed decimal as sysctl prints it or 0x and hex")));
        }
        Optional<Integer> svl = number(values.get(ARM + "sme_max_svl_b"));
        if (granted.contains(AArch64Feature.SME) && svl.isPresent()) {
            b.smeVectorBytes(svl.get());
        }
        return b.build();
    }

    /**
     * The keys that stand for {@code feature}, as a report names them.
     *
     * @param feature a feature of the table; not null
     * @return the full key names ({@code hw.optional.arm.FEAT_AES}), the newer first; empty when macOS has no key for it
     */
    public static List<String> keysOf(AArch64Feature feature) {
        Objects.requireNonNull(feature, "feature");
        List<String> keys = new ArrayList<>();
        FEATURES.entrySet().stream().filter(e -> e.getValue().contains(feature)).map(Map.Entry::getKey).sorted()
                .forEach(k -> keys.add(ARM + k));
        LEGACY.entrySet().stream().filter(e -> e.getValue().contains(feature)).map(Map.Entry::getKey).sorted()
                .forEach(k -> keys.add(OPTIONAL + k));
        return List.copyOf(keys);
    }

    /**
     * The chip a {@code hw.cpufamily} value names.
     *
     * @param cpufamily the value as {@code sysctl} prints it, if the kernel gave one; not null
     * @return the chip's name, or the value's number for a chip not in the table
     */
    public static String chip(Optional<String> cpufamily) {
        return AppleChips.name(Objects.requireNonNull(cpufamily, "cpufamily").orElse(null));
    }

    private static Optional<Integer> number(String v) {
        return v != null && v.matches("[0-9]{1,5}") ? Optional.of(Integer.parseInt(v)) : Optional.empty();
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
