package io.cpufeatures.aarch64.probe;

import io.cpufeatures.os.WindowsRegistry;

import io.cpufeatures.os.OperatingSystem;
import io.cpufeatures.aarch64.table.AArch64Feature;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.aarch64.HwcapWord;
import io.cpufeatures.aarch64.IdRegister;
import io.cpufeatures.aarch64.IdRegisterSource;
import io.cpufeatures.aarch64.dump.MacSysctlListing;
import io.cpufeatures.aarch64.dump.WindowsProcessorRegistry;
import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.MissingJna;
import io.cpufeatures.os.CpuList;
import io.cpufeatures.core.kit.ProbeSequence;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.os.DarwinSysctl;
import io.cpufeatures.os.ElfMachine;
import io.cpufeatures.os.FreeBsdAuxInfo;
import io.cpufeatures.os.NativeProbeException;
import io.cpufeatures.os.WindowsProcessorFeatures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Where the running AArch64 CPU's snapshot comes from, best source first, never crashing the JVM:
 * <ol>
 *   <li>{@code native}: on Linux, AT_HWCAP, AT_HWCAP2 and AT_HWCAP3 from {@code /proc/self/auxv} in plain
 *       Java, which answer {@code has()}; the rest only when first asked ({@link #rest}), once: the ID
 *       registers with MRS through JNA, only when the kernel sets HWCAP_CPUID (it then emulates the reads;
 *       without it they would raise SIGILL), else MIDR_EL1 from sysfs when the kernel publishes it; the SVE
 *       and SME vector lengths with {@code prctl}, only when their HWCAP is set. A part that fails is left
 *       out with its reason in the source's detail: the HWCAPs alone are still the kernel's true answer.
 *       macOS, FreeBSD and Windows through their own calls;</li>
 *   <li>{@code proc-cpuinfo}: the kernel's {@code Features} and MIDR fields, when JNA cannot load or
 *       the process is not an AArch64 one, refusing a file that is not arm64's;</li>
 *   <li>nothing, when every source failed.</li>
 * </ol>
 * The {@link ProbeMode} forces one source; each failed source is recorded with its reason.
 */
public final class AArch64Probe {

    private static final Log LOG = Log.of(AArch64Probe.class);

    private final Path procCpuinfo;
    private final Path sysfsCpu0;
    /** The sysfs CPU directory, {@code /sys/devices/system/cpu}: each CPU's MIDR, capacity and caches. */
    private final Path sysfsCpus;
    /** {@code /proc/self/status}: the CPUs the process may run on. */
    private final Path status;
    private final Path exe;
    private final boolean linux;
    private final boolean macos;
    private final boolean freebsd;
    private final boolean windows;
    /** What the rest of a Linux snapshot reads through JNA; tests give their own. */
    NativeRest nativeRest = new NativeRest();

    AArch64Probe(Path procCpuinfo, Path sysfsCpu0, Path exe, boolean linux) {
        this(procCpuinfo, sysfsCpu0, exe, linux, false, false, false);
    }

    AArch64Probe(Path procCpuinfo, Path sysfsCpu0, Path exe, boolean linux, boolean macos, boolean freebsd,
            boolean windows) {
        this(procCpuinfo, sysfsCpu0, exe, linux, macos, freebsd, windows, sysfsCpu0.resolve("../../..").normalize(),
                Path.of("/proc/self/status"));
    }

    AArch64Probe(Path procCpuinfo, Path sysfsCpu0, Path exe, boolean linux, boolean macos, boolean freebsd,
            boolean windows, Path sysfsCpus, Path status) {
        this.sysfsCpus = sysfsCpus;
        this.status = status;
        this.procCpuinfo = procCpuinfo;
        this.sysfsCpu0 = sysfsCpu0;
        this.exe = exe;
        this.linux = linux;
        this.macos = macos;
        this.freebsd = freebsd;
        this.windows = windows;
    }

    /**
     * {@return the probe of this machine: {@code /proc/self/auxv} (MRS and {@code prctl} through JNA when first
     * asked), then {@code /proc/cpuinfo}}
     */
    public static AArch64Probe system() {
        OperatingSystem os = OperatingSystem.current();
        return new AArch64Probe(Path.of("/proc/cpuinfo"), Path.of("/sys/devices/system/cpu/cpu0/regs/identification"),
                Path.of("/proc/self/exe"), os == OperatingSystem.LINUX, os == OperatingSystem.MACOS,
                os == OperatingSystem.FREEBSD, os == OperatingSystem.WINDOWS);
    }

    /**
     * Probes with the sources {@code mode} allows: {@code native}, {@code proc-cpuinfo}, or both in
     * that order for {@code auto}.
     *
     * @param mode the sources allowed; not {@link ProbeMode#NONE}
     * @return the snapshot of the first source that worked, with the failures before it; or no snapshot and every
     *         failure, never an exception for a source that fails (the kit's {@link ProbeSequence})
     * @throws IllegalArgumentException for {@link ProbeMode#NONE}, which asks for no probe at all
     */
    public ProbeSequence.Result<AArch64Snapshot> probe(ProbeMode mode) {
        return ProbeSequence.run(mode, new Native(), new Kernel(), ProbeSequence.snapshotDetail());
    }

    /** The native source ({@link #nativeSnapshot}). A class, not a lambda: the first answer spins none. */
    private final class Native implements ProbeSequence.Source<AArch64Snapshot> {
        @Override
        public AArch64Snapshot read(String why) throws NativeProbeException {
            return nativeSnapshot();
        }
    }

    /** The kernel's text ({@link #procSnapshot}). */
    private final class Kernel implements ProbeSequence.Source<AArch64Snapshot> {
        @Override
        public AArch64Snapshot read(String why) throws IOException {
            return procSnapshot(why);
        }
    }

    private AArch64Snapshot nativeSnapshot() throws NativeProbeException {
        if (macos) {
            return macSnapshot(new DarwinSysctl());
        }
        if (freebsd) {
            return freeBsdSnapshot(FreeBsdAuxInfo.open());
        }
        if (windows) {
            return windowsSnapshot(windowsRegistry(), WindowsProcessorFeatures::new);
        }
        if (!linux) {
            throw new NativeProbeException("the native probe reads Linux's auxiliary vector; this is "
                    + OperatingSystem.osName());
        }
        ElfMachine.require(exe, ElfMachine.AARCH64, "AArch64");
        Long[] w = AuxvFile.read(AuxvFile.SELF, HwcapWord.HWCAP.auxvType(), HwcapWord.HWCAP2.auxvType(),
                HwcapWord.HWCAP3.auxvType());
        if (w[0] == null) {
            throw new NativeProbeException(AuxvFile.SELF + " has no AT_HWCAP entry: the kernel gave the process no hwcaps");
        }
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(SourceKind.NATIVE, AuxvFile.SELF
                + "; ID registers and vector lengths read when first asked")).hwcap(HwcapWord.HWCAP, w[0])
                .hwcap(HwcapWord.HWCAP2, w[1] == null ? 0 : w[1]);
        if (w[2] != null) {
            b.hwcap(HwcapWord.HWCAP3, w[2]);
        }
        AArch64Snapshot words = b.build();
        return words.readingRest(new Rest(this, words, null, null));
    }

    /**
     * The rest of a snapshot of this machine, read when first asked: {@link #rest}, or for one kind of core of
     * several, {@link #withMidr} of the probed snapshot's rest.
     */
    private static final class Rest implements Supplier<AArch64Snapshot> {
        private final AArch64Probe probe;
        private final AArch64Snapshot words;
        private final SysfsCpus.Kind kind;
        private final String label;

        Rest(AArch64Probe probe, AArch64Snapshot words, SysfsCpus.Kind kind, String label) {
            this.probe = probe;
            this.words = words;
            this.kind = kind;
            this.label = label;
        }

        @Override
        public AArch64Snapshot get() {
            return kind == null ? probe.rest(words) : withMidr(words.complete(), kind, label);
        }
    }

    /**
     * {@code words} with the rest of the native snapshot: the ID registers with MRS through JNA when HWCAP_CPUID is
     * set (else, or when that fails, MIDR_EL1 from sysfs), the SVE and SME lengths with {@code prctl} through JNA when
     * their HWCAP is set; what was read, or why not, in the source.
     */
    AArch64Snapshot rest(AArch64Snapshot words) {
        long hwcap = words.hwcap();
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(words.source()).hwcap(HwcapWord.HWCAP, hwcap)
                .hwcap(HwcapWord.HWCAP2, words.hwcap2());
        words.hwcap3().ifPresent(v -> b.hwcap(HwcapWord.HWCAP3, v));
        List<String> how = new ArrayList<>();
        how.add(AuxvFile.SELF.toString());
        if ((hwcap & AArch64Snapshot.HWCAP_CPUID) != 0) {
            try {
                Map<IdRegister, Long> regs = nativeRest.idRegisters();
                b.idSource(IdRegisterSource.MRS);
                regs.forEach(b::register);
                how.add("ID registers with MRS from a W^X page (caches synchronised with __clear_cache)");
            } catch (NativeProbeException | LinkageError | RuntimeException e) {
                LOG.debug("cpufeatures: ID registers not read: {}", e.getMessage(), e);
                how.add("ID registers not read: " + e.getMessage());
                sysfsMidr(b, how);
            }
        } else {
            how.add("ID registers not read: HWCAP_CPUID is clear (the kernel does not emulate MRS for EL0)");
            sysfsMidr(b, how);
        }
        if ((hwcap & AArch64Snapshot.HWCAP_SVE) != 0) {
            OptionalInt sve = nativeRest.vectorLength(NativeRest.PR_SVE_GET_VL);
            sve.ifPresent(b::sveVectorBytes);
            how.add(sve.isPresent() ? "SVE length with prctl(PR_SVE_GET_VL)" : "prctl(PR_SVE_GET_VL) failed");
        }
        if ((words.hwcap2() & AArch64Snapshot.HWCAP2_SME) != 0) {
            OptionalInt sme = nativeRest.vectorLength(NativeRest.PR_SME_GET_VL);
            sme.ifPresent(b::smeVectorBytes);
            how.add(sme.isPresent() ? "SME length with prctl(PR_SME_GET_VL)" : "prctl(PR_SME_GET_VL) failed");
        }
        if ((hwcap & (AArch64Snapshot.HWCAP_CPUID | AArch64Snapshot.HWCAP_SVE)) != 0
                || (words.hwcap2() & AArch64Snapshot.HWCAP2_SME) != 0) {
            // JNA is optional: where it is absent, the one WARN of the process names it (never a failure)
            MissingJna.warnOnce(LOG, "arm64's ID registers (MRS) and SVE/SME vector lengths (prctl)",
                    "has() answers from the kernel's HWCAP words, MIDR_EL1 from sysfs where published");
        }
        return b.build().withSource(new SnapshotSource(SourceKind.NATIVE, String.join("; ", how)));
    }

    /**
     * macOS: the feature keys through {@code sysctlbyname}, read as a {@code sysctl hw} listing is
     * ({@link MacSysctlListing#snapshot}).
     */
    static AArch64Snapshot macSnapshot(DarwinSysctl sysctl) throws NativeProbeException {
        Map<String, String> values = new LinkedHashMap<>();
        for (String key : MacSysctlListing.keys()) {
            OptionalLong v = sysctl.read(key);
            if (v.isPresent()) {
                values.put(key, Long.toString(v.getAsLong()));
            }
        }
        try {
            return MacSysctlListing.snapshot(values, new SnapshotSource(SourceKind.NATIVE, "sysctlbyname through JNA: "
                    + values.size() + " keys of " + MacSysctlListing.keys().size() + " asked, "
                    + MacSysctlListing.chip(Optional.ofNullable(values.get("hw.cpufamily")))));
        } catch (IllegalArgumentException e) {
            throw new NativeProbeException("macOS sysctl: " + e.getMessage());
        }
    }

    /**
     * FreeBSD: the HWCAP words from {@code elf_aux_info} (their bits are Linux's on arm64); the ID registers are not
     * read (no sysfs, and the MRS stub's page is mapped with Linux's flags).
     */
    static AArch64Snapshot freeBsdSnapshot(FreeBsdAuxInfo aux) throws NativeProbeException {
        long hwcap = aux.read(FreeBsdAuxInfo.AT_HWCAP).orElseThrow(() -> new NativeProbeException(
                "elf_aux_info(AT_HWCAP) found no entry: the kernel gave the process no hwcaps"));
        long hwcap2 = aux.read(FreeBsdAuxInfo.AT_HWCAP2).orElse(0);
        return AArch64Snapshot.builder(new SnapshotSource(SourceKind.NATIVE, "elf_aux_info through JNA "
                + FreeBsdAuxInfo.jnaVersion() + " (FreeBSD); ID registers not read"))
                .hwcap(HwcapWord.HWCAP, hwcap).hwcap(HwcapWord.HWCAP2, hwcap2).build();
    }

    private static WindowsRegistry windowsRegistry() throws NativeProbeException {
        try {
            return new WindowsRegistry();
        } catch (LinkageError | RuntimeException e) {
            throw new NativeProbeException("JNA could not load or advapi32 has no RegGetValueW: " + e, e);
        }
    }

    /**
     * Windows on Arm: the first processor's ID registers from the registry's CP values, read as a listing of them is
     * ({@link WindowsProcessorRegistry#snapshot}), with what {@code IsProcessorFeaturePresent} grants
     * ({@link WindowsArmFeatures}): Windows' 1 for SVE or SME is its word that it saves their state, which the
     * registry cannot show. Where the registry has no MIDR (a Windows that does not publish the CP values), the
     * answers alone are the snapshot's HWCAP words, without ID registers; where neither works, the probe fails.
     */
    static AArch64Snapshot windowsSnapshot(WindowsRegistry registry, Supplier<WindowsProcessorFeatures> windows)
            throws NativeProbeException {
        Map<IdRegister, Long> registers = new EnumMap<>(IdRegister.class);
        for (IdRegister r : IdRegister.values()) {
            OptionalLong v = registry.qword(0, WindowsProcessorRegistry.valueName(r));
            if (v.isPresent()) {
                registers.put(r, v.getAsLong());
            }
        }
        SortedMap<Integer, Boolean> answers = new TreeMap<>();
        String asked;
        try {
            answers = windows.get().ask(WindowsArmFeatures.CONSTANTS.keySet());
            asked = "IsProcessorFeaturePresent: " + answers.values().stream().filter(b -> b).count() + " of "
                    + answers.size() + " PF_ARM constants 1";
        } catch (NativeProbeException | LinkageError | RuntimeException e) {
            LOG.debug("cpufeatures: IsProcessorFeaturePresent not asked: {}", e.getMessage(), e);
            asked = "IsProcessorFeaturePresent not asked: " + e.getMessage();
        }
        Map<HwcapWord, Long> granted = WindowsArmFeatures.words(answers);
        if (!registers.containsKey(IdRegister.MIDR_EL1)) {
            if (answers.isEmpty()) {
                throw new NativeProbeException("the registry has no CentralProcessor\\0 'CP 4000' (MIDR_EL1) and "
                        + asked);
            }
            AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(SourceKind.NATIVE, "JNA: " + asked
                    + "; ID registers not read (the registry has no CentralProcessor\\0 'CP 4000')"));
            granted.forEach(b::hwcap);
            return b.build();
        }
        Map<HwcapWord, Long> shown = WindowsProcessorRegistry.words(registers);
        List<AArch64Feature> beyond = WindowsArmFeatures.grantedBeyond(shown, answers);
        String grants = !beyond.isEmpty() ? "; granted beyond the registers' view: " + beyond.stream()
                .map(AArch64Feature::canonicalName).collect(Collectors.joining(", "))
                : answers.isEmpty() ? " (SVE and SME not granted: nothing shows Windows saves their state)" : "";
        Map<HwcapWord, Long> words = new EnumMap<>(shown);
        granted.forEach((w, bits) -> words.merge(w, bits, (a, b) -> a | b));
        return WindowsProcessorRegistry.snapshot(registers, words, new SnapshotSource(SourceKind.NATIVE,
                "RegGetValueW through JNA: " + registers.size() + " ID registers of CentralProcessor\\0; " + asked + grants));
    }

    /** MIDR_EL1 and REVIDR_EL1 from sysfs, when the kernel publishes them. */
    void sysfsMidr(AArch64Snapshot.Builder b, List<String> how) {
        Path midr = sysfsCpu0.resolve("midr_el1");
        if (!Files.isReadable(midr)) {
            return;
        }
        long midrValue;
        try {
            midrValue = hexFile(midr);
        } catch (IOException | RuntimeException e) {
            how.add("MIDR_EL1 not read from " + midr + ": " + e.getMessage());
            return;
        }
        b.idSource(IdRegisterSource.SYSFS).register(IdRegister.MIDR_EL1, midrValue);
        how.add("MIDR_EL1 from " + midr);
        // REVIDR_EL1 is read on its own: a failure there keeps MIDR_EL1 (and the HWCAPs the snapshot already holds).
        Path revidr = sysfsCpu0.resolve("revidr_el1");
        if (Files.isReadable(revidr)) {
            try {
                b.register(IdRegister.REVIDR_EL1, hexFile(revidr));
            } catch (IOException | RuntimeException e) {
                how.add("REVIDR_EL1 not read from " + revidr + ": " + e.getMessage());
            }
        }
    }

    private static long hexFile(Path p) throws IOException {
        String t = Files.readString(p, StandardCharsets.US_ASCII).trim();
        if (!t.startsWith("0x")) {
            throw new IOException(p + " holds '" + t + "', not 0x and hex digits");
        }
        return Long.parseUnsignedLong(t.substring(2), 16);
    }

    /**
     * One kind of core of this machine.
     *
     * @param snapshot    its snapshot: the probed one, with the kind's MIDR_EL1 on a machine of several kinds
     * @param logicalCpus how many of the process's CPUs are of this kind
     * @param firstCpu    the first of them
     * @param coreKind    the kind's name on a machine of several kinds ({@code Cortex-A76}); empty otherwise
     * @param caches      the caches of its CPUs, from sysfs; empty when not read
     */
    public record Kind(AArch64Snapshot snapshot, int logicalCpus, int firstCpu, Optional<String> coreKind,
            List<CpuCache> caches) {
    }

    /**
     * The core kinds of this machine, from Linux's sysfs ({@link SysfsCpus}), for the snapshot the probe read:
     * one kind with the sysfs caches when its CPUs share one MIDR_EL1, one per MIDR_EL1 otherwise (the HWCAPs and
     * ID registers are the kernel's system-wide values, so only the MIDR differs); the probed snapshot alone, and
     * no caches, off Linux or when sysfs names no CPU's MIDR (under qemu-user it is the host's).
     *
     * @param probed the snapshot the probe read; not null
     * @param logical how many logical CPUs the JVM sees, for the single kind when sysfs says nothing
     * @return the kinds, the one the probe ran on among them
     */
    public List<Kind> kinds(AArch64Snapshot probed, int logical) {
        List<SysfsCpus.Kind> found = List.of();
        if (linux) {
            try {
                found = SysfsCpus.kinds(sysfsCpus, allowed(), procCpuinfo);
            } catch (IOException | RuntimeException e) {
                LOG.debug("cpufeatures: core kinds not read from {}: {}", sysfsCpus, e.toString());
            }
        }
        if (found.isEmpty()) {
            return List.of(new Kind(probed, logical, 0, Optional.empty(), List.of()));
        }
        if (found.size() == 1) {
            SysfsCpus.Kind k = found.get(0);
            return List.of(new Kind(probed, k.cpus().size(), k.cpus().get(0), Optional.empty(), k.caches()));
        }
        List<String> names = found.stream().map(k -> io.cpufeatures.aarch64.rules.Cores.of(k.midr()).map(c -> c.name())
                .orElse(String.format("MIDR 0x%08x", k.midr().value()))).toList();
        List<Kind> kinds = new ArrayList<>();
        for (int i = 0; i < found.size(); i++) {
            SysfsCpus.Kind k = found.get(i);
            String name = names.get(i);
            // two kinds of one core (two revisions) are told apart by revision
            String label = java.util.Collections.frequency(names, name) > 1
                    ? name + " r" + k.midr().variant() + "p" + k.midr().revision() : name;
            kinds.add(new Kind(withMidr(probed, k, label), k.cpus().size(), k.cpus().get(0), Optional.of(label), k.caches()));
        }
        return List.copyOf(kinds);
    }

    /** The CPUs this process may run on ({@code Cpus_allowed_list}); empty when it cannot be read. */
    private Optional<BitSet> allowed() {
        try {
            for (String line : Files.readAllLines(status, StandardCharsets.US_ASCII)) {
                if (line.startsWith("Cpus_allowed_list:")) {
                    return Optional.of(CpuList.parse(line.substring(line.indexOf(':') + 1)));
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("cpufeatures: the process's CPUs not read from {}: {}", status, e.toString());
        }
        return Optional.empty();
    }

    /**
     * {@code probed} with the kind's MIDR_EL1 (and no REVIDR_EL1: it was the probing CPU's), its source saying so;
     * for a snapshot that reads its rest when first asked, its HWCAP words, with this read when first asked.
     */
    private static AArch64Snapshot withMidr(AArch64Snapshot probed, SysfsCpus.Kind k, String label) {
        if (probed.readsRest()) {
            return probed.readingRest(new Rest(null, probed, k, label));
        }
        AArch64Snapshot.Builder b = AArch64Snapshot.builder(new SnapshotSource(probed.source().kind(),
                probed.source().detail() + "; " + label + ": logical CPUs " + k.cpus() + ", MIDR_EL1 from sysfs"
                        + k.capacity().stream().mapToObj(c -> ", capacity " + c).findFirst().orElse("")));
        b.hwcap(HwcapWord.HWCAP, probed.hwcap()).hwcap(HwcapWord.HWCAP2, probed.hwcap2());
        probed.hwcap3().ifPresent(w -> b.hwcap(HwcapWord.HWCAP3, w));
        b.idSource(probed.idSource() == IdRegisterSource.NONE ? IdRegisterSource.SYSFS : probed.idSource());
        probed.registers().forEach((r, v) -> {
            if (r != IdRegister.MIDR_EL1 && r != IdRegister.REVIDR_EL1) {
                b.register(r, v);
            }
        });
        b.register(IdRegister.MIDR_EL1, k.midr().value());
        probed.sveVectorBytes().ifPresent(b::sveVectorBytes);
        probed.smeVectorBytes().ifPresent(b::smeVectorBytes);
        return b.build();
    }

    private AArch64Snapshot procSnapshot(String why) throws IOException {
        String text = io.cpufeatures.os.ProcCpuinfo.read(procCpuinfo, linux);
        return ProcCpuinfo.parse(procCpuinfo.toString(), text, new SnapshotSource(SourceKind.PROC_CPUINFO,
                procCpuinfo + ", the kernel's Features; ID registers and vector lengths unknown (" + why + ")"));
    }
}
