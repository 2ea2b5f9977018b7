package io.cpufeatures.aarch64.dump;

import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.DumpFormatException;
import io.cpufeatures.core.kit.SnapshotDump;
import io.cpufeatures.core.kit.SnapshotFormat;
import java.util.List;
import java.util.Optional;

/**
 * Every AArch64 dump this module reads: its own ({@link AArch64DumpText}, which {@code report --raw} writes), an arm64
 * Linux kernel's {@code /proc/cpuinfo} ({@link ProcCpuinfoDump}), a macOS {@code sysctl hw} listing of an
 * Apple-silicon Mac ({@link MacSysctlListing}) and a listing of Windows on Arm's processor registry keys
 * ({@link WindowsProcessorRegistry}), the last three read only.
 */
public final class AArch64DumpFormats implements SnapshotFormat<AArch64Snapshot> {

    /** The formats. */
    public static final AArch64DumpFormats ALL = new AArch64DumpFormats();

    private AArch64DumpFormats() {
    }

    @Override
    public Optional<SnapshotDump<AArch64Snapshot>> parse(String file, String text) throws DumpFormatException {
        // first: recognised by its first lines alone, which none of the others' files has
        if (ProcCpuinfoDump.recognises(text)) {
            return Optional.of(ProcCpuinfoDump.read(file, text));
        }
        if (MacSysctlListing.recognises(text)) {
            return Optional.of(MacSysctlListing.read(file, text));
        }
        if (WindowsProcessorRegistry.recognises(text)) {
            return Optional.of(WindowsProcessorRegistry.read(file, text));
        }
        return AArch64DumpText.FORMAT.parse(file, text);
    }

    @Override
    public String write(List<AArch64Snapshot> snapshots) {
        return AArch64DumpText.FORMAT.write(snapshots);
    }

    @Override
    public String unrecognised() {
        return AArch64DumpText.FORMAT.unrecognised() + ", or an arm64 Linux kernel's /proc/cpuinfo ('Features : fp asimd"
                + " ...', 'CPU implementer : 0x41'), or a macOS 'sysctl hw' listing of an Apple-silicon Mac"
                + " ('hw.optional.arm.FEAT_AES: 1' ...), or Windows on Arm's CentralProcessor registry keys ('CP 4000 : ...')";
    }
}
