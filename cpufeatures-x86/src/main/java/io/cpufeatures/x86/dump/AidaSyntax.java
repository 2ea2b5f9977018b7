package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidRegisters;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads AIDA64 / InstLatx64 text. Register lines are {@code CPUID LLLLLLLL: EAX-EBX-ECX-EDX}, in
 * every variant of the corpus: a colon or none, dashes or spaces between registers, a tab after
 * the leaf, then an optional {@code [SL xx]} subleaf tag (hexadecimal: {@code SL 0B} is subleaf
 * 11) and annotation text. A logical CPU starts at a header line or, in files without headers, at a
 * repeated leaf-0 line. Lines that are not register lines are report text and are skipped, but a
 * line that starts like a register line and does not parse is an error.
 */
final class AidaSyntax {

    private static final Pattern START = Pattern.compile("^\\s*CPUID\\s+[0-9A-Fa-f]{8}(?![0-9A-Za-z]).*$");
    private static final Pattern LINE = Pattern.compile(
            "^\\s*CPUID\\s+([0-9A-Fa-f]{8})(?:\\s*:\\s*|\\s+)([0-9A-Fa-f]{8})[-\\s]+([0-9A-Fa-f]{8})[-\\s]+"
                    + "([0-9A-Fa-f]{8})[-\\s]+([0-9A-Fa-f]{8})(?![0-9A-Za-z])\\s*(?:\\[SL\\s+([0-9A-Fa-f]{1,8})])?.*$");

    private static final String EXPECTED =
            "expected 'CPUID LLLLLLLL: EEEEEEEE-BBBBBBBB-CCCCCCCC-DDDDDDDD [SL xx]' (AIDA64/InstLatx64 format)";

    private AidaSyntax() {
    }

    static boolean isRegisterLine(String line) {
        return START.matcher(line).matches();
    }

    static List<LogicalCpuRecords> parse(String file, Iterable<String> lines) throws CpuidFormatException {
        DumpCpus cpus = new DumpCpus();
        int i = -1;
        for (String line : lines) {
            i++;
            int lineNo = i + 1;
            if (LogicalCpuHeader.isAidaOrLibcpuid(line)) {
                cpus.header(lineNo);
                continue;
            }
            if (LibcpuidRawSyntax.isRegisterLine(line) || CpuidRSyntax.LEAF_LINE.matcher(line).matches()) {
                throw new CpuidFormatException(file, lineNo, "a register line of another dump format ('"
                        + CpuidRSyntax.abbreviate(line) + "') in an AIDA64 dump; one file holds one format");
            }
            if (!START.matcher(line).matches()) {
                continue;
            }
            Matcher m = LINE.matcher(line);
            if (!m.matches()) {
                throw new CpuidFormatException(file, lineNo,
                        "malformed CPUID line '" + CpuidRSyntax.abbreviate(line) + "'; " + EXPECTED);
            }
            int leaf = CpuidRSyntax.hex(m.group(1));
            int subleaf = m.group(6) == null ? RawRecord.UNTAGGED : CpuidRSyntax.hex(m.group(6));
            cpus.addOrStart(file, new RawRecord(leaf, subleaf, new CpuidRegisters(CpuidRSyntax.hex(m.group(2)),
                    CpuidRSyntax.hex(m.group(3)), CpuidRSyntax.hex(m.group(4)), CpuidRSyntax.hex(m.group(5))),
                    lineNo, false));
        }
        return cpus.cpus();
    }
}
