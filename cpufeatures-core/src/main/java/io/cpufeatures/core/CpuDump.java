package io.cpufeatures.core;

import java.util.List;
import java.util.Objects;

/**
 * A dump file, read and decoded (each kind by its architecture's module, as a probe's snapshot is): its format, how many logical CPUs it lists, and each distinct kind
 * of CPU among them (a hybrid part has two or more), in file order.
 *
 * @param file        the file's name as given
 * @param format      the format's identifier ({@code cpuid_r}, {@code aida64}, {@code libcpuid_raw})
 * @param logicalCpus the number of logical CPUs in the file
 * @param kinds       the distinct kinds of CPU, in order of first appearance
 */
public record CpuDump(String file, String format, int logicalCpus, List<CpuKind<CpuFeatures>> kinds) {

    /**
     * Validates and copies the parts.
     *
     * @param file        the file's name as given; not null
     * @param format      the format's identifier, e.g. {@code cpuid_r}; not null
     * @param logicalCpus the number of logical CPUs in the file
     * @param kinds       the distinct kinds of CPU, in order of first appearance; not null
     * @throws IllegalArgumentException if {@code kinds} is empty
     */
    public CpuDump {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(format, "format");
        kinds = List.copyOf(kinds);
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("a dump has at least one kind of CPU");
        }
    }

    /**
     * {@return whether the kinds are the core kinds of one hybrid part, rather than different CPUs: two or
     * more kinds, each naming its own core, as its architecture's module identifies it (a core type, or
     * a known core of its own identity register: a big.LITTLE part's dump lists every logical CPU with its own)}
     */
    public boolean hybrid() {
        if (kinds.size() < 2) {
            return false;
        }
        for (CpuKind<CpuFeatures> k : kinds) {
            if (!k.cpu().namesItsCore()) {
                return false;
            }
        }
        return true;
    }

    /**
     * The machine the dump describes, answered as a process on it would be: for a hybrid part, what every
     * core type can run ({@link CpuFeatures#coreKinds()}); otherwise its first kind.
     *
     * @return the report a process on that machine would get
     */
    public CpuFeatures machine() {
        return hybrid() ? DumpProbe.ofCoreKinds(kinds, source()) : kinds.get(0).cpu();
    }

    /** {@return the source a report on the whole file states: {@code file (cpuid_r, 4 logical CPUs, 1 distinct)}} */
    public ProbeSource source() {
        return ProbeSource.of(SourceKind.FILE, file + " (" + format + ", " + logicalCpus + " logical CPUs, "
                + kinds.size() + " distinct)");
    }
}
