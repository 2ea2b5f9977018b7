package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidRegisters;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the {@code cpuid -r} format strictly: headers, leaf lines and blank lines, nothing else. */
final class CpuidRSyntax {

    static final Pattern LEAF_LINE = Pattern.compile(
            "^\\s+0x([0-9a-fA-F]{8})\\s+0x([0-9a-fA-F]{1,8}):\\s+eax=0x([0-9a-fA-F]{8})\\s+ebx=0x([0-9a-fA-F]{8})"
                    + "\\s+ecx=0x([0-9a-fA-F]{8})\\s+edx=0x([0-9a-fA-F]{8})\\s*$");

    private static final String EXPECTED = "expected 'CPU n:' or '   0xLLLLLLLL 0xSS: eax=0x........ ebx=0x........"
            + " ecx=0x........ edx=0x........' (the cpuid -r format)";

    private CpuidRSyntax() {
    }

    static List<LogicalCpuRecords> parse(String file, Iterable<String> lines) throws CpuidFormatException {
        DumpCpus cpus = new DumpCpus();
        int i = -1;
        for (String line : lines) {
            i++;
            int lineNo = i + 1;
            if (line.isBlank()) {
                continue;
            }
            if (LogicalCpuHeader.isCpuidR(line)) {
                cpus.header(lineNo);
                continue;
            }
            Matcher m = LEAF_LINE.matcher(line);
            if (!m.matches()) {
                throw new CpuidFormatException(file, lineNo, "unrecognised line '" + abbreviate(line) + "'; " + EXPECTED);
            }
            if (!cpus.started()) {
                throw new CpuidFormatException(file, lineNo, "leaf line before any 'CPU n:' header; " + EXPECTED);
            }
            cpus.add(file, new RawRecord(hex(m.group(1)), hex(m.group(2)),
                    new CpuidRegisters(hex(m.group(3)), hex(m.group(4)), hex(m.group(5)), hex(m.group(6))),
                    lineNo, false));
        }
        return cpus.cpus();
    }

    static int hex(String digits) {
        return Integer.parseUnsignedInt(digits, 16);
    }

    /** {@code line} stripped, at most 80 characters, cut from the line in place (a line may be megabytes). */
    static String abbreviate(String line) {
        int start = 0;
        int end = line.length();
        while (start < end && Character.isWhitespace(line.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(line.charAt(end - 1))) {
            end--;
        }
        return end - start <= 80 ? line.substring(start, end) : line.substring(start, start + 77) + "...";
    }
}
