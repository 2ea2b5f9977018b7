package io.cpufeatures.cli;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** Options that point a command at another machine's dump instead of this one. */
final class TargetOptions {

    @Option(names = "--cpuid-file", paramLabel = "FILE",
            description = "Report the CPU of this dump (cpuid -r, AIDA64/InstLatx64, libcpuid) instead of this machine;"
                    + " - reads it from standard input.")
    Path cpuidFile;

    @Option(names = "--xcr0", paramLabel = "HEX", description = "With --cpuid-file: the XCR0 to assume, e.g. 0x7 or 0xe7.")
    String xcr0;

    /** This machine, or the dump given ({@code -}: read from {@code stdin}). */
    Machine load(java.io.InputStream stdin) {
        return Machine.load(cpuidFile, xcr0, stdin);
    }
}
