package io.cpufeatures.x86.probe;

import io.cpufeatures.core.internal.Log;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.WindowsProcessorFeatures;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.rules.X86DecodedCpu;
import io.cpufeatures.x86.table.X86Feature;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Windows x64's cross-check of the native probe: what {@code IsProcessorFeaturePresent} says of the features it has a
 * constant for, held against what CPUID and XGETBV decoded to. The decoding stays the answer; the check is recorded in
 * the source's detail and logged:
 * <ul>
 *   <li>Windows says present and the decoding refuses it: a contradiction (Windows enables the state of what it
 *       reports, so one of the two is wrong); logged at WARN, named in the detail;</li>
 *   <li>the decoding says usable and Windows answers 0: "not confirmed", since a Windows older than the constant
 *       answers 0 for it ({@code PF_AVX2_INSTRUCTIONS_AVAILABLE} and later are not known to every Windows 10);
 *       named in the detail only.</li>
 * </ul>
 * The constants are winnt.h's (mingw-w64's {@code include/winnt.h}; Microsoft's page for
 * {@code IsProcessorFeaturePresent}).
 */
final class WindowsFeatureCheck {

    private static final Log LOG = Log.of(WindowsFeatureCheck.class);

    /** {@code PF_} constants with an x86 feature, by number: winnt.h's name and the x86 table's feature. */
    static final SortedMap<Integer, Constant> CONSTANTS = new TreeMap<>(Map.ofEntries(
            Map.entry(3, new Constant("PF_MMX_INSTRUCTIONS_AVAILABLE", X86Feature.MMX)),
            Map.entry(6, new Constant("PF_XMMI_INSTRUCTIONS_AVAILABLE", X86Feature.SSE)),
            Map.entry(10, new Constant("PF_XMMI64_INSTRUCTIONS_AVAILABLE", X86Feature.SSE2)),
            Map.entry(13, new Constant("PF_SSE3_INSTRUCTIONS_AVAILABLE", X86Feature.PNI)),
            Map.entry(14, new Constant("PF_COMPARE_EXCHANGE128", X86Feature.CX16)),
            Map.entry(17, new Constant("PF_XSAVE_ENABLED", X86Feature.OSXSAVE)),
            Map.entry(28, new Constant("PF_RDRAND_INSTRUCTION_AVAILABLE", X86Feature.RDRAND)),
            Map.entry(32, new Constant("PF_RDTSCP_INSTRUCTION_AVAILABLE", X86Feature.RDTSCP)),
            Map.entry(33, new Constant("PF_RDPID_INSTRUCTION_AVAILABLE", X86Feature.RDPID)),
            Map.entry(36, new Constant("PF_SSSE3_INSTRUCTIONS_AVAILABLE", X86Feature.SSSE3)),
            Map.entry(37, new Constant("PF_SSE4_1_INSTRUCTIONS_AVAILABLE", X86Feature.SSE4_1)),
            Map.entry(38, new Constant("PF_SSE4_2_INSTRUCTIONS_AVAILABLE", X86Feature.SSE4_2)),
            Map.entry(39, new Constant("PF_AVX_INSTRUCTIONS_AVAILABLE", X86Feature.AVX)),
            Map.entry(40, new Constant("PF_AVX2_INSTRUCTIONS_AVAILABLE", X86Feature.AVX2)),
            Map.entry(41, new Constant("PF_AVX512F_INSTRUCTIONS_AVAILABLE", X86Feature.AVX512F)),
            Map.entry(42, new Constant("PF_ERMS_AVAILABLE", X86Feature.ERMS))));

    /**
     * One constant.
     *
     * @param name    winnt.h's name
     * @param feature the x86 table's feature it answers for
     */
    record Constant(String name, X86Feature feature) {
    }

    private WindowsFeatureCheck() {
    }

    /**
     * Asks Windows and compares.
     *
     * @param snapshot the native probe's snapshot
     * @param windows  the function; a JNA that cannot load kernel32 or find the function is a check not made (named
     *                 in the note), never a failed probe
     * @return the note for the source's detail, e.g. {@code IsProcessorFeaturePresent agrees on 16 of 16}
     */
    static String check(CpuidSnapshot snapshot, Supplier<WindowsProcessorFeatures> windows) {
        SortedMap<Integer, Boolean> answers;
        try {
            answers = windows.get().ask(CONSTANTS.keySet());
        } catch (NativeProbeException | LinkageError | RuntimeException e) {
            LOG.debug("cpufeatures: Windows' cross-check not made: {}", e.getMessage(), e);
            return "IsProcessorFeaturePresent not asked: " + e.getMessage();
        }
        var decoded = X86DecodedCpu.of(snapshot);
        List<String> contradicted = new ArrayList<>();
        List<String> unconfirmed = new ArrayList<>();
        answers.forEach((pf, present) -> {
            Constant c = CONSTANTS.get(pf);
            boolean usable = decoded.isUsable(c.feature());
            if (present && !usable) {
                contradicted.add(c.feature().canonicalName() + " (" + c.name() + " is 1; refused: "
                        + decoded.reasons(c.feature()).get(0).detail() + ")");
            } else if (!present && usable) {
                unconfirmed.add(c.feature().canonicalName());
            }
        });
        int agree = answers.size() - contradicted.size() - unconfirmed.size();
        StringBuilder note = new StringBuilder("IsProcessorFeaturePresent agrees on " + agree + " of " + answers.size());
        if (!contradicted.isEmpty()) {
            LOG.warn("cpufeatures: Windows reports features the CPUID decoding refuses: {}", String.join("; ", contradicted));
            note.append("; Windows contradicts: ").append(String.join("; ", contradicted));
        }
        if (!unconfirmed.isEmpty()) {
            note.append("; not confirmed (0, as a Windows older than the constant answers): ")
                    .append(String.join(", ", unconfirmed));
        }
        return note.toString();
    }
}
