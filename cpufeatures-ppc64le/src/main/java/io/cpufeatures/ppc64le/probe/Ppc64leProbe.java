package io.cpufeatures.ppc64le.probe;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.os.ElfMachine;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.ProcCpuinfo;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where the running ppc64le CPU's snapshot comes from, never crashing the JVM, in plain Java (no JNA): the
 * HWCAP words from {@code /proc/self/auxv} with the platform strings its entries point at, read from
 * {@code /proc/self/mem} ({@code native}), else the words alone ({@code proc-cpuinfo}). Either way the
 * PVR comes from {@code /proc/cpuinfo} when that is a POWER kernel's; under qemu-user it is the host's, and is
 * not read as a POWER one. Nothing here runs a POWER instruction: the PVR is privileged, and every answer is
 * the kernel's.
 */
public final class Ppc64leProbe {

    /** {@code revision : 2.2 (pvr 004e 1202)}: the PVR's two halves, as {@code show_cpuinfo()} prints them. */
    private static final String PVR = "(pvr ";

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

    /** {@return the probe of this machine: /proc/self/auxv, with or without the platform strings; Linux only} */
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
        return ProbeSequence.run(mode, new Native(), new Kernel(), ProbeSequence.snapshotDetail());
    }

    /** The native source: the words with the platform strings. A class, not a lambda: a first answer spins none. */
    private final class Native implements ProbeSequence.Source<Ppc64leSnapshot> {
        @Override
        public Ppc64leSnapshot read(String why) throws NativeProbeException {
            return auxvSnapshot(SourceKind.NATIVE, null);
        }
    }

    /** The fallback: the words alone. */
    private final class Kernel implements ProbeSequence.Source<Ppc64leSnapshot> {
        @Override
        public Ppc64leSnapshot read(String why) throws NativeProbeException {
            return auxvSnapshot(SourceKind.PROC_CPUINFO, why);
        }
    }

    /** {@code raw} if it is a platform name; otherwise nothing, and why in {@code how}. */
    static Optional<String> platformWord(Optional<String> raw, String name, List<String> how) {
        if (raw.isPresent() && !Ppc64leSnapshot.isPlatformWord(raw.get())) {
            StringBuilder shown = new StringBuilder();
            for (int i = 0; i < raw.get().length(); i++) {
                char c = raw.get().charAt(i);
                shown.append(c >= 0x20 && c <= 0x7e ? c : '?');
            }
            how.add(name + " '" + shown + "' is not a platform name; left out");
            return Optional.empty();
        }
        return raw;
    }

    /** The string a platform entry points at, from this process's memory; empty, and why in {@code how}, if unread. */
    private static Optional<String> platform(Long address, String name, List<String> how) {
        if (address == null || address == 0) {
            return Optional.empty();
        }
        try {
            return platformWord(Optional.of(AuxvFile.string(address)), name, how);
        } catch (IOException | RuntimeException e) {
            how.add(name + " not read from /proc/self/mem: " + e.getMessage());
            return Optional.empty();
        }
    }

    /**
     * The words of the vector {@code auxv} holds, read in plain Java; the platform strings too for the native source
     * ({@code why} null), from the process's memory, and not for the fallback.
     */
    private Ppc64leSnapshot auxvSnapshot(SourceKind kind, String why) throws NativeProbeException {
        requireLinux();
        ElfMachine.require(exe, ElfMachine.PPC64, "ppc64le");
        Long[] v = AuxvFile.read(auxv, AuxvFile.AT_HWCAP, AuxvFile.AT_HWCAP2, AuxvFile.AT_PLATFORM,
                AuxvFile.AT_BASE_PLATFORM);
        if (v[0] == null) {
            throw new NativeProbeException(auxv + " has no AT_HWCAP entry: the kernel gave the process no hwcaps");
        }
        List<String> how = new ArrayList<>();
        how.add(auxv.toString());
        Optional<String> platform = Optional.empty();
        Optional<String> basePlatform = Optional.empty();
        if (why == null) {
            platform = platform(v[2], "AT_PLATFORM", how);
            basePlatform = platform(v[3], "AT_BASE_PLATFORM", how);
        } else {
            how.set(0, auxv + " (AT_PLATFORM not read: " + why + ")");
        }
        return snapshot(v[0], v[1] == null ? 0 : v[1], platform, basePlatform, kind, String.join("; ", how));
    }

    /**
     * The PVR of a {@code revision} value, {@code 2.2 (pvr 004e 1202)}: two groups of four lower-case hex digits after
     * {@code (pvr }, then {@code )}; empty for anything else (parsed by hand: this runs on a first answer).
     */
    static OptionalInt pvr(String revision) {
        int at = revision == null ? -1 : revision.indexOf(PVR);
        if (at < 0 || revision.length() < at + PVR.length() + 10) {
            return OptionalInt.empty();
        }
        int from = at + PVR.length();
        String hi = revision.substring(from, from + 4);
        String lo = revision.substring(from + 5, from + 9);
        if (revision.charAt(from + 4) != ' ' || revision.charAt(from + 9) != ')' || !hex4(hi) || !hex4(lo)) {
            return OptionalInt.empty();
        }
        return OptionalInt.of(Integer.parseUnsignedInt(hi + lo, 16));
    }

    private static boolean hex4(String s) {
        for (int i = 0; i < 4; i++) {
            char c = s.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    private Ppc64leSnapshot snapshot(long hwcap, long hwcap2, Optional<String> platform, Optional<String> basePlatform,
            SourceKind kind, String how) {
        OptionalInt pvr = OptionalInt.empty();
        String pvrHow = "no PVR: " + procCpuinfo + " is not a POWER kernel's";
        try {
            Optional<Map<String, String>> cpu = ProcCpuinfo.firstWith(procCpuinfo.toString(),
                    ProcCpuinfo.read(procCpuinfo, linux), "revision");
            pvr = pvr(cpu.isPresent() ? cpu.get().get("revision") : null);
            if (pvr.isPresent()) {
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
