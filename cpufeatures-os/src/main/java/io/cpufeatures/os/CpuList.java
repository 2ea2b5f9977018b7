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
        // trailing commas end the list, as String.split read it before: "0-3," is 0-3
        int last = t.length();
        while (last > 0 && t.charAt(last - 1) == ',') {
            last--;
        }
        t = t.substring(0, last);
        int at = 0;
        while (at < t.length()) {
            int comma = t.indexOf(',', at);
            int end = comma < 0 ? t.length() : comma;
            String part = t.substring(at, end).trim();
            int dash = part.indexOf('-');
            int from = number(part, 0, dash < 0 ? part.length() : dash, text);
            int to = dash < 0 ? from : number(part, dash + 1, part.length(), text);
            if (to < from || to > MAX_CPU) {
                throw new IllegalArgumentException("'" + text + "': CPUs " + from + " to " + to + " (at most " + MAX_CPU + ")");
            }
            b.set(from, to + 1);
            at = end + 1;
        }
        return b;
    }

    /** The decimal number of one to six digits {@code part} holds from {@code from} to {@code to} (no regex: a first use). */
    private static int number(String part, int from, int to, String text) {
        if (to - from < 1 || to - from > 6) {
            throw new IllegalArgumentException("'" + text + "' is not a CPU list such as 0-3,6");
        }
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = part.charAt(i);
            if (c < '0' || c > '9') {
                throw new IllegalArgumentException("'" + text + "' is not a CPU list such as 0-3,6");
            }
            n = n * 10 + (c - '0');
        }
        return n;
    }
}
