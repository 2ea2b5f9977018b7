package io.cpufeatures.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The machine's topology as Linux's sysfs gives it ({@code /sys/devices/system/cpu}): each online CPU's
 * {@code topology/physical_package_id}, {@code die_id} and {@code core_id}.
 */
public final class SysfsTopology {

    private static final int MAX_CPUS = 1 << 16;

    private SysfsTopology() {
    }

    /**
     * Reads the topology under {@code root}.
     *
     * @param root the {@code cpu} directory ({@code /sys/devices/system/cpu}); not null
     * @return the packages, cores and threads counted; null when nothing could be read (no sysfs, a malformed
     *         list), never an exception
     */
    public static int[] read(Path root) {
        Objects.requireNonNull(root, "root");
        try {
            List<Integer> online = online(root);
            Set<String> packages = new HashSet<>();
            Set<String> cores = new HashSet<>();
            int threads = 0;
            for (int n : online) {
                Path t = root.resolve("cpu" + n).resolve("topology");
                if (!Files.isReadable(t.resolve("physical_package_id")) || !Files.isReadable(t.resolve("core_id"))) {
                    continue;
                }
                String pkg = text(t.resolve("physical_package_id"));
                String die = Files.isReadable(t.resolve("die_id")) ? text(t.resolve("die_id")) : "0";
                packages.add(pkg);
                cores.add(pkg + "/" + die + "/" + text(t.resolve("core_id")));
                threads++;
            }
            return threads == 0 ? null : new int[] {packages.size(), cores.size(), threads};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    private static List<Integer> online(Path root) throws IOException {
        List<Integer> cpus = new ArrayList<>();
        if (!Files.isReadable(root.resolve("online"))) {
            try (var s = Files.newDirectoryStream(root, "cpu[0-9]*")) {
                for (Path p : s) {
                    String n = p.getFileName().toString().substring(3);
                    if (!n.isEmpty() && n.length() <= 5 && n.chars().allMatch(Character::isDigit)) {
                        cpus.add(Integer.parseInt(n));
                    }
                }
            }
            cpus.sort(null);
            return cpus;
        }
        java.util.BitSet list = CpuList.parse(text(root.resolve("online")));
        for (int c = list.nextSetBit(0); c >= 0 && cpus.size() < MAX_CPUS; c = list.nextSetBit(c + 1)) {
            cpus.add(c);
        }
        return cpus;
    }

    private static String text(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.US_ASCII).trim();
    }
}
