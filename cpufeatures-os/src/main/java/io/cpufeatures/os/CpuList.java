package io.cpufeatures.os;

import java.util.BitSet;

/**
 * A CPU list as Linux writes it in sysfs ({@code online}, {@code shared_cpu_list}) and {@code /proc/self/status}
 * ({@code Cpus_allowed_list}): {@code 0-3,6,8-11}. One parser for the probes and the topology.
 */
public final class CpuList {

    /** Linux's NR_CPUS at most (4096 on arm64 defconfigs is far more than any part has): a bound on hostile text. */
    public static final int MAX_CPU = 1 << 16;

    private CpuList() {
    }

    /**
     * The CPUs {@code text} lists.
     *
     * @param text the list, surrounding blanks ignored; empty lists no CPU; not null
     * @return the CPUs
     * @throws IllegalArgumentException for text that is not such a list (saying what is accepted), or a CPU past
     *                                  {@link #MAX_CPU}
     */
    public static BitSet parse(String text) {
        BitSet b = new BitSet();
        String t = text.trim();
        if (t.isEmpty()) {
            return b;
        }
        for (String part : t.split(",")) {
            String[] range = part.trim().split("-", -1);
            if (range.length > 2 || !range[0].matches("[0-9]{1,6}") || (range.length == 2 && !range[1].matches("[0-9]{1,6}"))) {
                throw new IllegalArgumentException("'" + text + "' is not a CPU list such as 0-3,6");
            }
            int from = Integer.parseInt(range[0]);
            int to = range.length == 2 ? Integer.parseInt(range[1]) : from;
            if (to < from || to > MAX_CPU) {
                throw new IllegalArgumentException("'" + text + "': CPUs " + from + " to " + to + " (at most " + MAX_CPU + ")");
            }
            b.set(from, to + 1);
        }
        return b;
    }
}
