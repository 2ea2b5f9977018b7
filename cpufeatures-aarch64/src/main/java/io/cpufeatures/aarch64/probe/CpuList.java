package io.cpufeatures.aarch64.probe;

import java.util.BitSet;

/** A CPU list as Linux writes it in sysfs and {@code /proc/self/status}: {@code 0-3,6,8-11}. */
final class CpuList {

    /** Linux's NR_CPUS at most (4096 on arm64 defconfigs is far more than any part has): a bound on hostile text. */
    static final int MAX_CPU = 1 << 16;

    private CpuList() {
    }

    /**
     * The CPUs {@code text} lists.
     *
     * @throws IllegalArgumentException for text that is not such a list, or a CPU past {@link #MAX_CPU}
     */
    static BitSet parse(String text) {
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
