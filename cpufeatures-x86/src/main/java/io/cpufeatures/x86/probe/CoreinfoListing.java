package io.cpufeatures.x86.probe;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.TextLines;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What Sysinternals Coreinfo ({@code coreinfo}, {@code coreinfo64 -f}) prints on Windows x64: the brand line, the
 * {@code Intel64 Family 6 Model 158 Stepping 13, GenuineIntel} line and one line per feature, {@code NAME * text} where
 * the CPU has it and {@code NAME - text} where not; the logical-processor maps after them give the count. The names are
 * Coreinfo's own (v3.x and v4.0, as Microsoft's Coreinfo page shows them), each mapped below onto the x86 table's.
 * Coreinfo reads CPUID, not what Windows enabled: XCR0 is unknown, so a feature that needs register state (AVX and up)
 * is present but not usable until XCR0 is given ({@code --xcr0}). Names Coreinfo prints for what is not a CPUID bit
 * (EPT, the CET policy lines) are skipped; a name this table does not know is named in the source, never dropped
 * silently: the first eight such names, and how many lines of others follow (a listing of a million unknown
 * names is read in time linear in its size, and its source stays one short line). Reading only.
 */
public final class CoreinfoListing {

    /** The format's identifier in reports. */
    public static final String FORMAT = "coreinfo";

    /** Coreinfo's names of CPUID bits, by the x86 table's names. */
    static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("HTT", "ht"), Map.entry("HYPERVISOR", "hypervisor"), Map.entry("VMX", "vmx"), Map.entry("SVM", "svm"),
            Map.entry("X64", "lm"), Map.entry("SMX", "smx"), Map.entry("SKINIT", "skinit"), Map.entry("SGX", "sgx"),
            Map.entry("NX", "nx"), Map.entry("SMEP", "smep"), Map.entry("SMAP", "smap"), Map.entry("PAGE1GB", "pdpe1gb"),
            Map.entry("PAE", "pae"), Map.entry("PAT", "pat"), Map.entry("PSE", "pse"), Map.entry("PSE36", "pse36"),
            Map.entry("PGE", "pge"), Map.entry("SS", "ss"), Map.entry("VME", "vme"), Map.entry("RDWRFSGSBASE", "fsgsbase"),
            Map.entry("FPU", "fpu"), Map.entry("MMX", "mmx"), Map.entry("MMXEXT", "mmxext"), Map.entry("3DNOW", "3dnow"),
            Map.entry("3DNOWEXT", "3dnowext"), Map.entry("SSE", "sse"), Map.entry("SSE2", "sse2"), Map.entry("SSE3", "pni"),
            Map.entry("SSSE3", "ssse3"), Map.entry("SSE4a", "sse4a"), Map.entry("SSE4.1", "sse4_1"),
            Map.entry("SSE4.2", "sse4_2"), Map.entry("AES", "aes"), Map.entry("AVX", "avx"), Map.entry("AVX2", "avx2"),
            Map.entry("AVX-512-F", "avx512f"), Map.entry("AVX-512-DQ", "avx512dq"),
            // v3.6 and v4.0 print "IFAMA"; both spellings are the IFMA bit.
            Map.entry("AVX-512-IFAMA", "avx512ifma"), Map.entry("AVX-512-IFMA", "avx512ifma"),
            Map.entry("AVX-512-PF", "avx512pf"), Map.entry("AVX-512-ER", "avx512er"), Map.entry("AVX-512-CD", "avx512cd"),
            Map.entry("AVX-512-BW", "avx512bw"), Map.entry("AVX-512-VL", "avx512vl"), Map.entry("FMA", "fma"),
            Map.entry("MSR", "msr"), Map.entry("MTRR", "mtrr"), Map.entry("XSAVE", "xsave"), Map.entry("OSXSAVE", "osxsave"),
            Map.entry("RDRAND", "rdrand"), Map.entry("RDSEED", "rdseed"), Map.entry("CMOV", "cmov"),
            Map.entry("CLFSH", "clflush"), Map.entry("CX8", "cx8"), Map.entry("CX16", "cx16"), Map.entry("BMI1", "bmi1"),
            Map.entry("BMI2", "bmi2"), Map.entry("ADX", "adx"), Map.entry("DCA", "dca"), Map.entry("F16C", "f16c"),
            Map.entry("FXSR", "fxsr"), Map.entry("FFXSR", "fxsr_opt"), Map.entry("MONITOR", "monitor"),
            Map.entry("MOVBE", "movbe"), Map.entry("ERMSB", "erms"), Map.entry("PCLMULDQ", "pclmulqdq"),
            Map.entry("POPCNT", "popcnt"), Map.entry("LZCNT", "abm"), Map.entry("SEP", "sep"),
            Map.entry("LAHF-SAHF", "lahf_lm"), Map.entry("HLE", "hle"), Map.entry("RTM", "rtm"), Map.entry("DE", "de"),
            Map.entry("DTES64", "dtes64"), Map.entry("DS", "dts"), Map.entry("DS-CPL", "ds_cpl"), Map.entry("PCID", "pcid"),
            Map.entry("INVPCID", "invpcid"), Map.entry("PDCM", "pdcm"), Map.entry("RDTSCP", "rdtscp"), Map.entry("TSC", "tsc"),
            Map.entry("TSC-DEADLINE", "tsc_deadline_timer"), Map.entry("xTPR", "xtpr"), Map.entry("EIST", "est"),
            Map.entry("ACPI", "acpi"), Map.entry("TM", "tm"), Map.entry("TM2", "tm2"), Map.entry("APIC", "apic"),
            Map.entry("x2APIC", "x2apic"), Map.entry("CNXT-ID", "cid"), Map.entry("MCE", "mce"), Map.entry("MCA", "mca"),
            Map.entry("PBE", "pbe"), Map.entry("PSN", "pn"), Map.entry("PREFETCHW", "3dnowprefetch"),
            // v4.02's additions.
            Map.entry("AVX-512-VBMI", "avx512vbmi"), Map.entry("AVX-512-VBMI2", "avx512_vbmi2"),
            Map.entry("AVX-512-VNNI", "avx512_vnni"), Map.entry("AVX-512-BITALG", "avx512_bitalg"),
            Map.entry("AVX-512-VPCNTDQ", "avx512_vpopcntdq"), Map.entry("AVX-512-VPISECT", "avx512_vp2intersect"),
            Map.entry("AVX-512-4VNNIW", "avx512_4vnniw"), Map.entry("AVX-512-4FMAPS", "avx512_4fmaps"),
            Map.entry("AVX-512-FP16", "avx512_fp16"), Map.entry("AVX-512-BF16", "avx512_bf16"), Map.entry("SHA", "sha_ni"),
            Map.entry("GFNI", "gfni"), Map.entry("VAES", "vaes"), Map.entry("VPCLMULQDQ", "vpclmulqdq"),
            Map.entry("CLWB", "clwb"), Map.entry("UMIP", "umip"), Map.entry("RDPID", "rdpid"), Map.entry("MOVDIRI", "movdiri"),
            Map.entry("MOVDIR64B", "movdir64b"), Map.entry("WAITPKG", "waitpkg"), Map.entry("AVX-VNNI", "avx_vnni"),
            Map.entry("SERIALIZE", "serialize"), Map.entry("CLDEMOTE", "cldemote"), Map.entry("HYBRID", "hybrid_cpu"),
            Map.entry("TSXLDTRK", "tsxldtrk"), Map.entry("PCONFIG", "pconfig"), Map.entry("AMX-BF16", "amx_bf16"),
            Map.entry("AMX-TILE", "amx_tile"), Map.entry("AMX-INT8", "amx_int8"), Map.entry("AMX-FP16", "amx_fp16"),
            Map.entry("ENQCMD", "enqcmd"), Map.entry("AVX-IFMA", "avx_ifma"), Map.entry("CMPCCXADD", "cmpccxadd"),
            Map.entry("PREFETCHI", "prefetchiti"));

    /**
     * Coreinfo's lines that are not one CPUID bit of the x86 table: Windows' CET policy, VMX capabilities read from MSRs
     * (EPT, URG), CET itself (two bits, shadow stack and IBT), the invariant TSC (a leaf this table does not hold) and
     * v4.02's psABI level summaries (computed from CPUID bits alone, which the decoder does with XCR0 as well).
     */
    static final Set<String> NOT_BITS = Set.of("CET", "Kernel CET", "User CET", "K-CET", "U-CET", "EPT", "URG",
            "TSC-INVARIANT", "x86-64-v1", "x86-64-v2", "x86-64-v3", "x86-64-v4");

    private static final Pattern SIGNATURE = Pattern.compile(
            "(?:Intel64|AMD64|EM64T|x86|x64) Family (\\d{1,3}) Model (\\d{1,3}) Stepping (\\d{1,3}), (\\S{1,12})");
    private static final Pattern FEATURE = Pattern.compile("(\\S(?:[^\\t*]{0,30}?\\S)?)[ \\t]+([*-])(?:[ \\t]+(.*))?");
    private static final Pattern SSE2_LINE = Pattern.compile("(?m)^SSE2[ \\t]+[*-]");
    private static final Pattern MASK = Pattern.compile("[*-]{1,4096}(?=\\s|$)");

    /** How many of the names this table does not know the source names; the lines of the others are counted. */
    static final int NAMED = 8;

    private CoreinfoListing() {
    }

    /**
     * Whether {@code text} is a Coreinfo listing of an x86 CPU.
     *
     * @param text a file's text
     * @return whether it has Coreinfo's x86 signature line and a feature line of its ({@code SSE2 *} or {@code SSE2 -})
     */
    public static boolean recognises(String text) {
        return SIGNATURE.matcher(text).find() && SSE2_LINE.matcher(text).find();
    }

    /**
     * Reads a listing.
     *
     * @param file the file's name, for errors and the source
     * @param text the listing
     * @return the dump: one kind of CPU, as many logical CPUs as the group map marks (Coreinfo prints one mask row
     *         per group past 64), else as the first map has columns, else 1
     * @throws DumpFormatException naming the line, for a family, model or stepping out of range or a line longer than
     *                             {@link TextLines#MAX_LINE}; or a listing without the signature line or without any
     *                             feature line
     */
    public static SnapshotDump<CpuidSnapshot> read(String file, String text) throws DumpFormatException {
        Matcher signature = null;
        int signatureLine = 0;
        String brand = "";
        Set<String> flags = new TreeSet<>();
        // the first few unknown names, and how many lines of other unknown names follow: never one per line
        List<String> unknown = new ArrayList<>(NAMED);
        int moreUnknown = 0;
        int features = 0;
        boolean maps = false;
        boolean groupMap = false;
        int firstMapWidth = 0;
        int grouped = 0;
        String previous = "";
        int n = 0;
        for (String raw : TextLines.of(text)) {
            n++;
            String line = TextLines.stripped(file, n, raw);
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SIGNATURE.matcher(line);
            if (signature == null && m.matches()) {
                signature = m;
                signatureLine = n;
                brand = previous;
                continue;
            }
            previous = line;
            if (signature == null) {
                continue;
            }
            if (line.endsWith("Map:")) {
                maps = true;
                groupMap = line.equals("Logical Processor to Group Map:");
                continue;
            }
            Matcher mask = MASK.matcher(line);
            if (maps && mask.lookingAt()) {
                String columns = mask.group();
                firstMapWidth = firstMapWidth == 0 ? columns.length() : firstMapWidth;
                if (groupMap) {
                    for (int c = 0; c < columns.length(); c++) {
                        grouped += columns.charAt(c) == '*' ? 1 : 0;
                    }
                }
                continue;
            }
            Matcher f = FEATURE.matcher(line);
            if (maps || !f.matches()) {
                continue;
            }
            features++;
            String name = f.group(1);
            String ours = NAMES.get(name);
            if (ours != null) {
                if (f.group(2).equals("*")) {
                    flags.add(ours);
                }
            } else if (!NOT_BITS.contains(name) && !unknown.contains(name)) {
                // unknown holds at most NAMED names: the look-up is of a few, whatever the listing's length
                if (unknown.size() < NAMED) {
                    unknown.add(name);
                } else {
                    moreUnknown++;
                }
            }
        }
        if (signature == null) {
            throw new DumpFormatException(file, 0, "no 'Intel64 Family 6 Model 158 Stepping 13, GenuineIntel' line: not"
                    + " an x86 Coreinfo listing");
        }
        if (features == 0) {
            throw new DumpFormatException(file, signatureLine, "no feature line ('SSE2   *   Supports ...') after the"
                    + " signature; accepted: coreinfo's full output or coreinfo -f");
        }
        int family = Integer.parseInt(signature.group(1));
        int model = Integer.parseInt(signature.group(2));
        int stepping = Integer.parseInt(signature.group(3));
        if (family > 0xff + 0xf || model > 0xff || stepping > 0xf) {
            throw new DumpFormatException(file, signatureLine, "Family " + family + " Model " + model + " Stepping "
                    + stepping + " is out of range; accepted: family up to 270, model up to 255, stepping up to 15");
        }
        String detail = file + " (Coreinfo listing: CPUID's bits; XCR0 not in it"
                + (unknown.isEmpty() ? "" : "; names not read: " + String.join(", ", unknown))
                + (moreUnknown == 0 ? "" : " and " + moreUnknown + " more lines of names not in the table") + ")";
        CpuidSnapshot snapshot = KernelFlagSnapshot.cpuidOnly(signature.group(4), family, model, stepping, brand, flags,
                new SnapshotSource(SourceKind.FILE, detail, KernelFlagSnapshot.UNSTATED));
        int cpus = grouped > 0 ? grouped : Math.max(1, firstMapWidth);
        return new SnapshotDump<>(file, FORMAT, cpus, List.of(new CpuKind<>(snapshot, cpus, 0)));
    }
}
