/**
 * What the architecture modules' probes ask the operating system, written once for all of them: the
 * auxiliary vector ({@code getauxval} through JNA, or {@code /proc/self/auxv}), the process's command line, the blocks of
 * {@code /proc/cpuinfo}, the process's own ELF machine, and W^X executable memory. Not an API: exported
 * to the architecture modules and the dispatch module (which reads native libraries' ELF notes) only (a module
 * not present when this one is compiled is named anyway).
 */
@SuppressWarnings("module")
module io.cpufeatures.os {
    requires com.sun.jna;

    exports io.cpufeatures.os to io.cpufeatures.core, io.cpufeatures.x86, io.cpufeatures.aarch64, io.cpufeatures.ppc64le, io.cpufeatures.dispatch;
}
