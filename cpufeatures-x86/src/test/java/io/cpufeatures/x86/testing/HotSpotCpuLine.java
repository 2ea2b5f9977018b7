package io.cpufeatures.x86.testing;

import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Xcr0Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * HotSpot's {@code -Xlog:os+cpu} "CPU:" line as the tests read it, and the snapshot words a test JVM prints for them.
 */
public final class HotSpotCpuLine {

    private HotSpotCpuLine() {
    }

    /**
     * The feature names of the "CPU:" line in {@code output}: what follows the prefix (total, cores per cpu, threads
     * per core, family, model, stepping, microcode), split at ", ".
     *
     * @throws AssertionError if there is no such line
     */
    public static List<String> names(String output) {
        for (String line : output.split("\n")) {
            int at = line.indexOf("CPU: total ");
            if (at < 0) {
                continue;
            }
            int microcode = line.indexOf(" microcode ", at);
            int first = line.indexOf(", ", microcode);
            if (microcode < 0) {
                break;
            }
            return first < 0 ? List.of() : Arrays.asList(line.substring(first + 2).strip().split(", "));
        }
        throw new AssertionError("no -Xlog:os+cpu \"CPU: total\" line in:\n" + output);
    }

    /** The {@code -XX} options of {@code args} as {@link io.cpufeatures.core.kit.HotSpotStart} takes them. */
    public static Map<String, String> options(List<String> args) {
        Map<String, String> o = new LinkedHashMap<>();
        for (String a : args) {
            if (a.startsWith("-XX:+") || a.startsWith("-XX:-")) {
                o.put(a.substring(5), Boolean.toString(a.charAt(4) == '+'));
            } else if (a.startsWith("-XX:") && a.contains("=")) {
                o.put(a.substring(4, a.indexOf('=')), a.substring(a.indexOf('=') + 1));
            }
        }
        return o;
    }

    /** The java launcher of JDK {@code jdk} on this machine, if installed. */
    public static Optional<Path> java(int jdk) {
        Path own = Path.of(System.getProperty("java.home"), "bin", "java");
        if (Runtime.version().feature() == jdk) {
            return Optional.of(own);
        }
        for (String dir : List.of("java-" + jdk + "-openjdk-amd64", "temurin-" + jdk + "-jdk-amd64")) {
            Path p = Path.of("/usr/lib/jvm", dir, "bin", "java");
            if (Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** A line of {@code HotSpotWordsMain}: a leaf's words. */
    public static String leafLine(String kind, CpuidLeaf leaf, CpuidRegisters r) {
        return kind + "=" + Integer.toHexString(leaf.leaf()) + " " + Integer.toHexString(leaf.subleaf()) + " "
                + Integer.toHexString(r.eax()) + " " + Integer.toHexString(r.ebx()) + " " + Integer.toHexString(r.ecx())
                + " " + Integer.toHexString(r.edx());
    }

    /**
     * The snapshot {@code HotSpotWordsMain} printed: its {@code leaf=} lines (the native probe's), with its
     * {@code topology=} lines too when {@code withTopology}, and XCR0 read by XGETBV.
     */
    public static CpuidSnapshot snapshot(String output, boolean withTopology) {
        CpuidSnapshot.Builder b = CpuidSnapshot.builder(new SnapshotSource(SourceKind.NATIVE, "printed words"));
        List<String> kinds = new ArrayList<>(List.of("leaf="));
        if (withTopology) {
            kinds.add("topology=");
        }
        for (String line : output.split("\n")) {
            for (String kind : kinds) {
                if (line.startsWith(kind)) {
                    String[] w = line.substring(kind.length()).strip().split(" ");
                    b.put(hex(w[0]), hex(w[1]), hex(w[2]), hex(w[3]), hex(w[4]), hex(w[5]));
                }
            }
            if (line.startsWith("xcr0=")) {
                b.xcr0(Long.parseUnsignedLong(line.substring(5).strip(), 16), Xcr0Source.XGETBV);
            }
        }
        return b.build();
    }

    private static int hex(String s) {
        return Integer.parseUnsignedInt(s, 16);
    }
}
