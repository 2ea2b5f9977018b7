package io.cpufeatures.examples.demo;

import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.ProbeSettings;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.examples.zstd.CopyKernels;
import io.cpufeatures.ppc64le.rules.Ppc64leDecodedCpu;
import io.cpufeatures.ppc64le.Ppc64leSnapshot;
import io.cpufeatures.ppc64le.Processor;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.List;
import java.util.Optional;

/**
 * What {@link Ppc64leLiveTest} runs in a ppc64le JVM under {@code qemu-ppc64le}: one JVM start does every check
 * of a model. It prints {@code key=value} lines (the probe's answer, the forced fallback's, the JIT's flags, the
 * dispatch choices) and, with {@code commands}, each command's output between {@code === command ... exit=N}
 * and {@code === end}; the test on the host asserts on them.
 */
public final class Ppc64leLiveCheck {

    private Ppc64leLiveCheck() {
    }

    /** Entry point: {@code args[0]} is a directory to write the fleet's dumps in; then {@code commands}. */
    public static void main(String[] args) throws Exception {
        long start = System.nanoTime();
        CpuFeatures cpu = CpuFeatures.current();
        // The first answer, asked before anything else: each feature as has() gives it from the kernel's words alone.
        java.util.Map<String, Boolean> first = new java.util.LinkedHashMap<>();
        for (String name : new io.cpufeatures.ppc64le.rules.Ppc64leArchitecture().vocabulary().features().keySet()) {
            first.put(name, cpu.has(name));
        }
        Ppc64leSnapshot s = (Ppc64leSnapshot) cpu.snapshot().orElseThrow(() -> new AssertionError("no snapshot: "
                + cpu.source()));
        Optional<Processor> p = cpu.unwrap(Ppc64leDecodedCpu.class).orElseThrow().processor();
        QemuGuest.print("architecture", cpu.architecture());
        QemuGuest.print("source.kind", cpu.source().kind().id());
        QemuGuest.print("source", cpu.source().toString());
        QemuGuest.print("hwcap", Long.toHexString(s.hwcap()));
        QemuGuest.print("hwcap2", Long.toHexString(s.hwcap2()));
        QemuGuest.print("processor", p.map(Processor::name).orElse("none"));
        QemuGuest.print("basis", p.map(Processor::basis).orElse("none"));
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
        // The forced fallback: the same words from /proc/self/auxv, with no native code.
        CpuFeatures fallback = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.empty(), Map.of(),
                ProbeMode.PROC_CPUINFO));
        QemuGuest.print("fallback.source", fallback.source().kind().id());
        QemuGuest.print("fallback.hwcap", fallback.snapshot().map(x -> Long.toHexString(((Ppc64leSnapshot) x).hwcap())).orElse("none"));
        QemuGuest.print("fallback.hwcap2", fallback.snapshot().map(x -> Long.toHexString(((Ppc64leSnapshot) x).hwcap2())).orElse("none"));
        QemuGuest.print("SuperwordUseVSX", cpu.jvm().flag("SuperwordUseVSX").orElse("absent"));
        QemuGuest.print("jvm.vsx", Boolean.toString(cpu.has("jvm.vsx")));
        QemuGuest.print("jvm.vector128", Boolean.toString(cpu.has("jvm.vector128")));
        QemuGuest.print("raid.xor", XorGen.POINT.selection().name());
        QemuGuest.print("zstd.copy", CopyKernels.POINT.selection().name());
        if (List.of(args).contains("commands")) {
            commands(Path.of(args[0]), cpu);
        }
        QemuGuest.print("total.ms", Long.toString((System.nanoTime() - start) / 1_000_000));
    }

    /** Every command, and a fleet of this machine's --raw dump and an x86 one. */
    private static void commands(Path dir, CpuFeatures cpu) throws Exception {
        String raw = QemuGuest.command("report", "--raw");
        Path ppc = Files.writeString(dir.resolve("ppc64le.txt"), raw);
        Files.writeString(dir.resolve("zen4.txt"), CpuDumps.write(List.of(ReferenceCpus.zen4().decode())));
        QemuGuest.print("raw.rereads", Boolean.toString(CpuDumps.read(ppc, Map.of()).kinds().get(0).cpu().snapshot()
                .equals(cpu.snapshot())));
        QemuGuest.command("report");
        QemuGuest.command("report", "--json");
        QemuGuest.command("explain", "mma");
        QemuGuest.command("dispatch");
        QemuGuest.command("fleet", dir.toString());
    }
}
