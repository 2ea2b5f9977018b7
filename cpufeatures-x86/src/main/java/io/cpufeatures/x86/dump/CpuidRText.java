package io.cpufeatures.x86.dump;

import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.List;
import java.util.Map;

/**
 * Writes snapshots in the text format of {@code cpuid -r} (the Debian package {@code cpuid}), which
 * {@code cpuid -f FILE} decodes and {@link io.cpufeatures.x86.dump.CpuidDumps} reads back:
 *
 * <pre>
 * CPU 0:
 *    0x00000007 0x00: eax=0x00000000 ebx=0x029c6fbf ecx=0x00000000 edx=0x9c002400
 * </pre>
 *
 * <p>XCR0 is not part of the format ({@code cpuid -f} rejects any other line), so a snapshot read
 * back has its XCR0 inferred again from leaf 0xD.
 */
public final class CpuidRText {

    private CpuidRText() {
    }

    /**
     * The text of one snapshot, as logical CPU 0.
     *
     * @param snapshot the snapshot; not null
     * @return the {@code cpuid -r} text, its lines ending in {@code \n}
     */
    public static String write(CpuidSnapshot snapshot) {
        return write(List.of(snapshot));
    }

    /**
     * The text of several snapshots, numbered {@code CPU 0:}, {@code CPU 1:}... in list order.
     *
     * @param snapshots the snapshots, one per logical CPU; not null
     * @return the {@code cpuid -r} text, its lines ending in {@code \n}
     */
    public static String write(List<CpuidSnapshot> snapshots) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < snapshots.size(); i++) {
            sb.append("CPU ").append(i).append(":\n");
            for (Map.Entry<CpuidLeaf, CpuidRegisters> e : snapshots.get(i).leaves().entrySet()) {
                CpuidRegisters r = e.getValue();
                int subleaf = e.getKey().subleaf();
                sb.append("   0x").append(Hex.of(e.getKey().leaf(), 8)).append(" 0x")
                        .append(Integer.compareUnsigned(subleaf, 0xff) <= 0 ? Hex.of(subleaf, 2) : Integer.toHexString(subleaf))
                        .append(": eax=0x").append(Hex.of(r.eax(), 8)).append(" ebx=0x").append(Hex.of(r.ebx(), 8))
                        .append(" ecx=0x").append(Hex.of(r.ecx(), 8)).append(" edx=0x").append(Hex.of(r.edx(), 8)).append('\n');
            }
        }
        return sb.toString();
    }
}
