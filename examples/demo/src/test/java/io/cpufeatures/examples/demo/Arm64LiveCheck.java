package io.cpufeatures.examples.demo;

import io.cpufeatures.aarch64.rules.AArch64DecodedCpu;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.examples.raid.XorAgreement;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * What {@link Arm64LiveTest} runs in an arm64 JVM under {@code qemu-aarch64}: one JVM start does every
 * check of a model, because a JVM under qemu runs 20 to 50 times slower than on the host. It prints
 * {@code key=value} lines (the probe's answer, the JIT's flags, the raid.xor choice and, with
 * {@code agreement}, the agreement of the chosen kernel with the scalar one) and then, with
 * {@code commands}, each command's output between {@code === command ... exit=N} and
 * {@code === end}; the test on the host asserts on them.
 */
public final class Arm64LiveCheck {

    private Arm64LiveCheck() {
    }

    /**
     * Entry point: {@code args[0]} is a directory to write the fleet's dumps in; then {@code agreement}
     * and {@code commands} ask for those parts.
     */
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        CpuFeatures cpu = CpuFeatures.current();
        // The first answer, asked before anything else: each feature as has() gives it from the kernel's words alone.
        java.util.Map<String, Boolean> first = new java.util.LinkedHashMap<>();
        for (String name : new io.cpufeatures.aarch64.rules.AArch64Architecture().vocabulary().features().keySet()) {
            first.put(name, cpu.has(name));
        }
        AArch64Snapshot s = (AArch64Snapshot) cpu.snapshot().orElseThrow(() -> new AssertionError("no snapshot: " + cpu.source()));
        AArch64DecodedCpu info = cpu.unwrap(AArch64DecodedCpu.class).orElseThrow();
        QemuGuest.print("architecture", cpu.architecture());
        QemuGuest.print("source.kind", cpu.source().kind().id());
        QemuGuest.print("source", cpu.source().toString());
        QemuGuest.print("hwcap", Long.toHexString(s.hwcap()));
        QemuGuest.print("hwcap2", Long.toHexString(s.hwcap2()));
        QemuGuest.print("hwcap3", s.hwcap3().isPresent() ? Long.toHexString(s.hwcap3().getAsLong()) : "absent");
        QemuGuest.print("idRegisters", s.idSource().id());
        QemuGuest.print("midr", info.midr().map(Object::toString).orElse("none"));
        QemuGuest.print("core", cpu.identity().getOrDefault("microarchitecture", "none"));
        QemuGuest.print("present", String.join(",", cpu.present()));
        QemuGuest.print("usable", String.join(",", cpu.usable()));
        java.util.List<String> disagree = new java.util.ArrayList<>();
        first.forEach((name, has) -> {
            if (has != cpu.usable().contains(name)) {
                disagree.add(name);
            }
        });
        QemuGuest.print("firstAnswer.disagrees", String.join(",", disagree));
        QemuGuest.print("firstAnswer.usable", Long.toString(first.values().stream().filter(b -> b).count()));
        QemuGuest.print("sveBits", info.sveVectorBits().isPresent() ? Integer.toString(info.sveVectorBits().getAsInt()) : "none");
        QemuGuest.print("smeBits", info.smeVectorBits().isPresent() ? Integer.toString(info.smeVectorBits().getAsInt()) : "none");
        QemuGuest.print("UseSVE", cpu.jvm().flag("UseSVE").orElse("absent"));
        QemuGuest.print("MaxVectorSize", cpu.jvm().flag("MaxVectorSize").orElse("absent"));
        QemuGuest.print("jvm.sve", Boolean.toString(cpu.has("jvm.sve")));
        // The guest reads the Vector API (--add-modules): the species derived from the flags beside the real one.
        QemuGuest.print("vector.preferred", cpu.jvm().preferredVectorBits().toString());
        QemuGuest.print("vector.derived", cpu.jvm().derivedVectorBits().toString());
        QemuGuest.print("probe.ms", Long.toString((System.nanoTime() - start) / 1_000_000));
        // The forced fallback: under qemu-user 7.2 /proc/cpuinfo is the x86 host's, and must be refused.
        CpuFeatures fallback = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.empty(), Map.of(),
                ProbeMode.PROC_CPUINFO));
        QemuGuest.print("fallback.source", fallback.source().kind().id());
        QemuGuest.print("fallback.failure", fallback.source().failures().isEmpty() ? "none" : fallback.source().failures().get(0).reason());
        // ... and the floor under it: what this arm64 HotSpot's own flags show.
        QemuGuest.print("fallback.usable", String.join(",", fallback.usable()));
        QemuGuest.print("UseLSE", cpu.jvm().flag("UseLSE").orElse("absent"));
        // The user's mask, remove-only through the dependencies.
        CpuFeatures noAsimd = CpuFeatures.probe(new ProbeSettings(List.of("neon"), Optional.empty(), Map.of(),
                ProbeMode.AUTO));
        QemuGuest.print("disabled.usable", String.join(",", noAsimd.usable()));
        String chosen = XorGen.POINT.selection().name();
        QemuGuest.print("raid.xor", chosen);
        List<String> parts = List.of(args).subList(1, args.length);
        if (parts.contains("agreement")) {
            long t = System.nanoTime();
            try {
                XorAgreement.check(XorGen.kernel());
                QemuGuest.print("xor.agrees", "yes");
            } catch (AssertionError e) {
                QemuGuest.print("xor.agrees", "no: " + e.getMessage().replace('\n', ' '));
            }
            QemuGuest.print("xor.ms", Long.toString((System.nanoTime() - t) / 1_000_000));
        }
        if (parts.contains("commands")) {
            commands(Path.of(args[0]), cpu);
        }
        QemuGuest.print("total.ms", Long.toString((System.nanoTime() - start) / 1_000_000));
    }

    /** Every command, and a fleet of this machine's --raw dump and an x86 one. */
    private static void commands(Path dir, CpuFeatures cpu) throws Exception {
        long t = System.nanoTime();
        String raw = QemuGuest.command("report", "--raw");
        Path arm = Files.writeString(dir.resolve("arm64.txt"), raw);
        Files.writeString(dir.resolve("zen4.txt"), CpuDumps.write(List.of(ReferenceCpus.zen4().decode())));
        QemuGuest.print("raw.rereads", Boolean.toString(CpuDumps.read(arm, Map.of()).kinds().get(0).cpu().snapshot()
                .equals(cpu.snapshot())));
        QemuGuest.command("report");
        QemuGuest.command("report", "--json");
        QemuGuest.command("explain", "sve");
        QemuGuest.command("explain", "neon");
        QemuGuest.command("dispatch");
        QemuGuest.command("report", "--cpuid-file", arm.toString());
        QemuGuest.command("fleet", dir.toString());
        QemuGuest.print("commands.ms", Long.toString((System.nanoTime() - t) / 1_000_000));
    }
}
