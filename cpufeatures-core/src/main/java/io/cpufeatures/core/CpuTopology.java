package io.cpufeatures.core;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.os.SysfsTopology;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * How this machine's logical CPUs are laid out, as Linux says in sysfs
 * ({@code /sys/devices/system/cpu/cpuN/topology}): packages (sockets), cores and threads (logical CPUs),
 * counting the online CPUs. A thread layout (one worker per core, per package) is chosen from these;
 * {@code lscpu} shows the same. Read on Linux only, whatever the architecture; elsewhere unknown.
 *
 * @param packages the physical packages ({@code physical_package_id}s) of the online CPUs
 * @param cores    the cores ({@code (physical_package_id, die_id, core_id)}s) of the online CPUs
 * @param threads  the online logical CPUs
 * @param source   where it was read
 */
public record CpuTopology(int packages, int cores, int threads, String source) {

    private static final Path SYSFS = Path.of("/sys/devices/system/cpu");
    private static final Once<Optional<CpuTopology>> CURRENT = new Once<>(new OfThisMachine());

    /**
     * Validates the parts.
     *
     * @param packages at least 1
     * @param cores    at least {@code packages}
     * @param threads  at least {@code cores}
     * @param source   not null
     * @throws IllegalArgumentException if the counts do not nest
     */
    public CpuTopology {
        Objects.requireNonNull(source, "source");
        if (packages < 1 || cores < packages || threads < cores) {
            throw new IllegalArgumentException("a topology nests: " + packages + " packages, " + cores + " cores, "
                    + threads + " threads");
        }
    }

    /** Reads this machine's. A class, not a lambda: this class may initialise on a short stack. */
    private static final class OfThisMachine implements Supplier<Optional<CpuTopology>> {
        @Override
        public Optional<CpuTopology> get() {
            return OperatingSystem.current() == OperatingSystem.LINUX ? ofSysfs(SYSFS) : Optional.empty();
        }
    }

    /**
     * This machine's, read once.
     *
     * @return the topology; empty off Linux, or when sysfs does not say (a container without {@code /sys})
     */
    public static Optional<CpuTopology> current() {
        return CURRENT.get();
    }

    /**
     * The topology a sysfs CPU directory describes.
     *
     * @param root the directory, {@code /sys/devices/system/cpu} on a live machine; not null
     * @return the topology of its online CPUs; empty when it lists none with a {@code topology} directory
     */
    public static Optional<CpuTopology> ofSysfs(Path root) {
        Objects.requireNonNull(root, "root");
        int[] counts = SysfsTopology.read(root);
        return counts == null ? Optional.empty()
                : Optional.of(new CpuTopology(counts[0], counts[1], counts[2], "sysfs " + root));
    }

    /** {@return the counts in words: {@code 1 package, 8 cores, 16 threads}} */
    public String summary() {
        return packages + (packages == 1 ? " package, " : " packages, ") + cores + (cores == 1 ? " core, " : " cores, ")
                + threads + (threads == 1 ? " thread" : " threads");
    }
}
