package io.cpufeatures.x86.dump;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The lines that open a logical CPU's block in the dump formats we read:
 * {@code ------[ Logical CPU #0 ]------}, {@code ------[ CPUID Registers / Logical CPU #1 ]------},
 * {@code CPU#000 AffMask: ...}, {@code CPUID Registers (CPU #1):} (also {@code (CPU #1 Virtual)}),
 * {@code _____ Logical CPU #0 _____} (libcpuid) and {@code CPU 0:} / {@code CPU:} ({@code cpuid -r}).
 */
final class LogicalCpuHeader {

    private static final List<Pattern> AIDA_AND_LIBCPUID = List.of(
            Pattern.compile("^\\s*-+\\[\\s*(?:CPUID Registers\\s*/\\s*)?Logical CPU #\\d+\\s*]-+\\s*$"),
            Pattern.compile("^\\s*CPU#\\d+\\s+AffMask:.*$"),
            Pattern.compile("^\\s*CPUID Registers \\(CPU #\\d+(?:\\s+Virtual)?\\):\\s*$"),
            Pattern.compile("^\\s*_+\\s*Logical CPU #\\d+\\s*_+\\s*$"));

    private static final Pattern CPUID_R = Pattern.compile("^CPU(?:\\s+\\d+)?:\\s*$");

    private LogicalCpuHeader() {
    }

    /** Whether {@code line} opens a logical CPU in an AIDA64 or libcpuid dump. */
    static boolean isAidaOrLibcpuid(String line) {
        for (Pattern p : AIDA_AND_LIBCPUID) {
            if (p.matcher(line).matches()) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code line} opens a logical CPU in a {@code cpuid -r} dump. */
    static boolean isCpuidR(String line) {
        return CPUID_R.matcher(line).matches();
    }
}
