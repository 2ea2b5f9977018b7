package io.cpufeatures.examples.benchmarks.report;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The output of the native anchor {@code xor_bench.c}: one median GB/s per (length, sources,
 * implementation); lines where ISA-L refused (one source) are absent.
 */
public final class AnchorResults {

    private static final Pattern LINE =
            Pattern.compile("len=(\\d+)\\s+nsrc=(\\d+)\\s+(.+?)\\s+median_GBps=\\s*([0-9.]+).*");

    private final Map<String, Double> medians;
    private final String machine;

    private AnchorResults(Map<String, Double> medians, String machine) {
        this.medians = medians;
        this.machine = machine;
    }

    /** Parses the anchor's output; the first line may be a {@code # machine} comment. */
    public static AnchorResults parse(String text) {
        Map<String, Double> m = new LinkedHashMap<>();
        String machine = "";
        for (String line : text.split("\n")) {
            if (line.startsWith("# ") && machine.isEmpty()) {
                machine = line.substring(2).trim();
            }
            Matcher x = LINE.matcher(line.trim());
            if (x.matches()) {
                m.put(key(Integer.parseInt(x.group(1)), Integer.parseInt(x.group(2)), x.group(3)),
                        Double.parseDouble(x.group(4)));
            }
        }
        if (m.isEmpty()) {
            throw new IllegalArgumentException("no 'len=... nsrc=... median_GBps=...' line in the anchor output");
        }
        return new AnchorResults(Map.copyOf(m), machine);
    }

    /** The median GB/s of {@code impl} (as the anchor names it), or NaN if it did not run that cell. */
    public double gbps(int size, int sources, String impl) {
        return medians.getOrDefault(key(size, sources, impl), Double.NaN);
    }

    /** The machine line the run script wrote, or empty. */
    public String machine() {
        return machine;
    }

    private static String key(int size, int sources, String impl) {
        return size + "/" + sources + "/" + impl;
    }
}
