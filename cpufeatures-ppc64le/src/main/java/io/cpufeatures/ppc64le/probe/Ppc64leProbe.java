package io.cpufeatures.ppc64le.probe;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.os.AuxiliaryVector;
import io.cpufeatures.os.ElfMachine;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.ProcCpuinfo;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where the running ppc64le CPU's snapshot comes from, best source first, never crashing the JVM: the
 * auxiliary vector with {@code getauxval} through JNA ({@code native}), else the same entries read from the
 * bytes of {@code /proc/self/auxv} ({@code proc-cpuinfo}: the kernel's files, no native code). Either way the
 * PVR comes from {@code /proc/cpuinfo} when that is a POWER kernel's; under qemu-user it is the host's, and is
 * not read as a POWER one. Nothing here runs a POWER instruction: the PVR is privileged, and every answer is
 * the kernel's.
 */
public final class Ppc64leProbe {

    /** {@code revision : 2.2 (pvr 004e 1202)}: the PVR's two halves, as {@code show_cpuinfo()} prints them. */
    private static final Pattern PVR = Pattern.compile("\\(pvr ([0-9a-f]{4}) ([0-9a-f]{4})\\)");

    private final Path procCpuinfo;
    private final Path auxv;
    private final Path exe;
    private final boolean linux;

    Ppc64leProbe(Path procCpuinfo, Path auxv, Path exe, boolean linux) {
        this.procCpuinfo = procCpuinfo;
        this.auxv = auxv;
        this.exe = exe;
        this.linux = linux;
    }

    /** {@return the probe of this machine: getauxval through JNA, then /proc/self/auxv; Linux only} */
    public static Ppc64leProbe system() {
        return new Ppc64leProbe(Path.of("/proc/cpuinfo"), Path.of("/proc/self/auxv"), Path.of("/proc/self/exe"),
                OperatingSystem.current() == OperatingSystem.LINUX);
    }

    /**
     * Probes with the sources {@code mode} allows.
     *
     * @param mode the sources allowed; not {@link ProbeMode#NONE}
     * @return the snapshot of the first source that worked, with the failures before it (the kit's
     *         {@link ProbeSequence})
     */
    public ProbeSequence.Result<Ppc64leSnapshot> probe(ProbeMode mode) {
        return ProbeSequence.run(mode, why -> nativeSnapshot(), this::fileSnapshot, s -> s.source().detail());
    }

    private Ppc64leSnapshot nativeSnapshot() throws NativeProbeException {
        requireLinux();
        ElfMachine.require(exe, ElfMachine.PPC64, "ppc64le");
        AuxiliaryVector v = AuxiliaryVector.open();
        long hwcap = v.read(AuxiliaryVector.AT_HWCAP).orElseThrow(() -> new NativeProbeException(
                "getauxval(AT_HWCAP) found no entry: the kernel gave the process no hwcaps"));
        List<String> how = new ArrayList<>(List.of("getauxval through JNA " + AuxiliaryVector.jnaVersion()));
        Optional<String> platform = platformWord(v.readString(AuxiliaryVector.AT_PLATFORM), "AT_PLATFORM", how);
        Optional<String> basePlatform = platformWord(v.readString(AuxiliaryVector.AT_BASE_PLATFORM), "AT_BASE_PLATFORM", how);
        return snapshot(hwcap, v.read(AuxiliaryVector.AT_HWCAP2).orElse(0), platform, basePlatform, SourceKind.NATIVE,
                String.join("; ", how));
    }

    /** {@code raw} if it is a platform name; otherwise nothing, and why in {@code how}. */
    static Optional<String> platformWord(Optional<String> raw, String name, List<String> how) {
        if (raw.isPresent() && !Ppc64leSnapshot.PLATFORM_WORD.matcher(raw.get()).matches()) {
            how.add(name + " '" + raw.get().replaceAll("[^\\x20-\\x7e]", "?") + "' is not a platform name; left out");
            return Optional.empty();
        }
        return raw;
    }

    private Ppc64leSnapshot fileSnapshot(String why) throws IOException, NativeProbeException {
        requireLinux();
        ElfMachine.require(exe, ElfMachine.PPC64, "ppc64le");
        Map<Long, Long> entries = AuxiliaryVector.parse(Files.readAllBytes(auxv), ByteOrder.nativeOrder());
        Long hwcap = entries.get((long) AuxiliaryVector.AT_HWCAP);
        if (hwcap == null) {
            throw new IOException(auxv + " has no AT_HWCAP entry: the kernel gave the process no hwcaps");
        }
        return snapshot(hwcap, entries.getOrDefault((long) AuxiliaryVector.AT_HWCAP2, 0L), Optional.empty(), Optional.empty(),
                SourceKind.PROC_CPUINFO, auxv + " (AT_PLATFORM points into the process, so it is not read from the file; "
                        + why + ")");
    }

    private Ppc64leSnapshot snapshot(long hwcap, long hwcap2, Optional<String> platform, Optional<String> basePlatform,
            SourceKind kind, String how) {
        OptionalInt pvr = OptionalInt.empty();
        String pvrHow = "no PVR: " + procCpuinfo + " is not a POWER kernel's";
        try {
            Optional<Map<String, String>> cpu = ProcCpuinfo.firstWith(procCpuinfo.toString(),
                    ProcCpuinfo.read(procCpuinfo, linux), "revision");
            Matcher m = PVR.matcher(cpu.map(c -> c.get("revision")).orElse(""));
            if (m.find()) {
                pvr = OptionalInt.of(Integer.parseUnsignedInt(m.group(1) + m.group(2), 16));
                pvrHow = "the PVR from " + procCpuinfo;
            }
        } catch (IOException e) {
            pvrHow = "no PVR: " + e.getMessage();
        } catch (IllegalArgumentException e) {
            // a text no kernel writes (ProcCpuinfo.blocks): that source fails, with the line, and the HWCAPs stand
            pvrHow = "no PVR: " + e.getMessage();
        }
        return new Ppc64leSnapshot(hwcap, hwcap2, platform, basePlatform, pvr, new SnapshotSource(kind, how + "; " + pvrHow));
    }

    private void requireLinux() throws NativeProbeException {
        if (!linux) {
            throw new NativeProbeException("the ppc64le probe reads Linux's auxiliary vector; this is "
                    + OperatingSystem.osName());
        }
    }
}
