package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidRegisters;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads libcpuid's raw format ({@code cpuid_tool --save}, {@code cpuid_serialize_raw_data}):
 * {@code basic_cpuid[i]=eeeeeeee bbbbbbbb cccccccc dddddddd} for leaf i, {@code ext_cpuid[i]} for
 * leaf 0x80000000+i, and the subleaf arrays {@code intel_fn4}, {@code intel_fn11},
 * {@code intel_fn12h}, {@code intel_fn14h}, {@code amd_fn8000001dh}, {@code amd_fn80000026h}.
 * libcpuid writes every slot, also above the highest leaf; the snapshot drops those. The subleaf
 * arrays are authoritative over slot 0 of {@code basic_cpuid}/{@code ext_cpuid} they repeat.
 */
final class LibcpuidRawSyntax {

    /** Array name to the leaf its index is a subleaf of; -1 for the two leaf-indexed arrays. */
    private static final Map<String, Integer> SUBLEAF_ARRAYS = Map.of(
            "intel_fn4", 0x4,
            "intel_fn11", 0xB,
            "intel_fn12h", 0x12,
            "intel_fn14h", 0x14,
            "amd_fn8000001dh", 0x8000_001D,
            "amd_fn80000026h", 0x8000_0026);

    // An array's name and index are bounded (libcpuid's longest name is 15 characters): a line's groups are cut out of
    // it, and a line may be megabytes; the values after '=' are matched in place.
    private static final Pattern ANY_ARRAY = Pattern.compile("^\\s*([A-Za-z_0-9]{1,40})\\[(\\d{1,20})]\\s*=(.*)$");
    private static final Pattern VALUES = Pattern.compile(
            "^\\s*([0-9a-fA-F]{8})\\s+([0-9a-fA-F]{8})\\s+([0-9a-fA-F]{8})\\s+([0-9a-fA-F]{8})\\s*$");
    private static final Pattern VERSION = Pattern.compile("^\\s*version\\s*=.*$");

    private static final String ACCEPTED_ARRAYS = "basic_cpuid, ext_cpuid, intel_fn4, intel_fn11, intel_fn12h, "
            + "intel_fn14h, amd_fn8000001dh, amd_fn80000026h";

    private LibcpuidRawSyntax() {
    }

    static boolean isRegisterLine(String line) {
        Matcher m = ANY_ARRAY.matcher(line);
        return m.matches() && (m.group(1).equals("basic_cpuid") || m.group(1).equals("ext_cpuid"));
    }

    static List<LogicalCpuRecords> parse(String file, Iterable<String> lines) throws CpuidFormatException {
        DumpCpus cpus = new DumpCpus();
        int i = -1;
        for (String line : lines) {
            i++;
            int lineNo = i + 1;
            if (line.isBlank() || VERSION.matcher(line).matches()) {
                continue;
            }
            if (LogicalCpuHeader.isAidaOrLibcpuid(line)) {
                cpus.header(lineNo);
                continue;
            }
            Matcher m = ANY_ARRAY.matcher(line);
            if (!m.matches()) {
                throw new CpuidFormatException(file, lineNo, "unrecognised line '" + CpuidRSyntax.abbreviate(line)
                        + "'; expected 'name[i]=eeeeeeee bbbbbbbb cccccccc dddddddd' (libcpuid raw format) with name one of "
                        + ACCEPTED_ARRAYS);
            }
            String name = m.group(1);
            int index;
            try {
                index = Integer.parseInt(m.group(2));
            } catch (NumberFormatException e) {
                throw new CpuidFormatException(file, lineNo, "index '" + m.group(2) + "' of " + name + " is too large");
            }
            int leaf;
            int subleaf;
            boolean replaces;
            if (name.equals("basic_cpuid")) {
                leaf = index;
                subleaf = 0;
                replaces = false;
            } else if (name.equals("ext_cpuid")) {
                leaf = 0x8000_0000 + index;
                subleaf = 0;
                replaces = false;
            } else if (SUBLEAF_ARRAYS.containsKey(name)) {
                leaf = SUBLEAF_ARRAYS.get(name);
                subleaf = index;
                replaces = true;
            } else if (name.startsWith("arm_")) {
                throw new CpuidFormatException(file, lineNo, "'" + name + "' is an ARM register; only x86 dumps are read");
            } else {
                throw new CpuidFormatException(file, lineNo, "unknown libcpuid array '" + name + "'; accepted: "
                        + ACCEPTED_ARRAYS);
            }
            Matcher v = VALUES.matcher(line).region(m.start(3), m.end(3));
            if (!v.matches()) {
                String values = line.substring(m.start(3), Math.min(m.end(3), m.start(3) + 81));
                throw new CpuidFormatException(file, lineNo, "malformed values '" + CpuidRSyntax.abbreviate(values)
                        + "' for " + name + "[" + index + "]; expected four 8-digit hex numbers separated by spaces");
            }
            // leaf 0 is basic_cpuid[0] alone: no other array's leaf is 0
            cpus.addOrStart(file, new RawRecord(leaf, subleaf, new CpuidRegisters(CpuidRSyntax.hex(v.group(1)),
                    CpuidRSyntax.hex(v.group(2)), CpuidRSyntax.hex(v.group(3)), CpuidRSyntax.hex(v.group(4))),
                    lineNo, replaces));
        }
        return cpus.cpus();
    }
}
