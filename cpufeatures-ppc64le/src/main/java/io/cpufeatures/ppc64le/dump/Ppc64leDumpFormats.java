package io.cpufeatures.ppc64le.dump;

import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.SnapshotFormat;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.util.List;
import java.util.Optional;

/**
 * Every ppc64le dump this module reads: its own ({@link Ppc64leDumpText}, which {@code report --raw} writes) and a
 * powerpc Linux kernel's {@code /proc/cpuinfo} ({@link ProcCpuinfoDump}), read only.
 */
public final class Ppc64leDumpFormats implements SnapshotFormat<Ppc64leSnapshot> {

    /** The formats. */
    public static final Ppc64leDumpFormats ALL = new Ppc64leDumpFormats();

    private Ppc64leDumpFormats() {
    }

    @Override
    public Optional<SnapshotDump<Ppc64leSnapshot>> parse(String file, String text) throws DumpFormatException {
        if (ProcCpuinfoDump.recognises(text)) {
            return Optional.of(ProcCpuinfoDump.read(file, text));
        }
        return Ppc64leDumpText.FORMAT.parse(file, text);
    }

    @Override
    public String write(List<Ppc64leSnapshot> snapshots) {
        return Ppc64leDumpText.FORMAT.write(snapshots);
    }

    @Override
    public String unrecognised() {
        return Ppc64leDumpText.FORMAT.unrecognised() + ", or a powerpc Linux kernel's /proc/cpuinfo ('cpu : POWER9 (raw),"
                + " altivec supported', 'revision : 2.2 (pvr 004e 1202)')";
    }
}
