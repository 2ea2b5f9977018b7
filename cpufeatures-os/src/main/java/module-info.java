/**
 * What the architecture modules' probes ask the operating system, written once for all of them: the
 * auxiliary vector ({@code getauxval} through JNA, or {@code /proc/self/auxv}), the process's command line, the blocks of
 * {@code /proc/cpuinfo}, the process's own ELF machine, and W^X executable memory. Not an API: exported
 * to the architecture modules and the dispatch module (which reads native libraries' ELF notes) only (a module
 * not present when this one is compiled is named anyway).
 */
@SuppressWarnings("module")
module io.cpufeatures.os {
    // JNA is optional: the Linux first answer loads none of it, and every use goes through Jna.require(), which
    // turns an absent JNA (not on the class path, or not resolved on the module path) into a refusal and one WARN.
    requires static com.sun.jna;

    exports io.cpufeatures.os to io.cpufeatures.core, io.cpufeatures.x86, io.cpufeatures.aarch64, io.cpufeatures.ppc64le, io.cpufeatures.dispatch;
}
