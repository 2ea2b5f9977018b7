package io.cpufeatures.examples.demo;

import io.cpufeatures.aarch64.AArch64CpuInfo;
import io.cpufeatures.aarch64.AArch64Snapshot;
import io.cpufeatures.cli.Main;
import io.cpufeatures.core.CpuDumps;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.spi.ProbeMode;
import io.cpufeatures.core.spi.ProbeSettings;
import io.cpufeatures.examples.raid.XorAgreement;
import io.cpufeatures.examples.raid.XorGen;
import io.cpufeatures.x86.emulation.ReferenceCpus;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

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
        AArch64Snapshot s = (AArch64Snapshot) cpu.snapshot().orElseThrow(() -> new AssertionError("no snapshot: " + cpu.source()));
        AArch64CpuInfo info = cpu.unwrap(AArch64CpuInfo.class).orElseThrow();
        print("architecture", cpu.architecture());
        print("source.kind", cpu.source().kind().id());
        print("source", cpu.source().toString());
        print("hwcap", Long.toHexString(s.hwcap()));
        print("hwcap2", Long.toHexString(s.hwcap2()));
        print("hwcap3", s.hwcap3().isPresent() ? Long.toHexString(s.hwcap3().getAsLong()) : "absent");
        print("idRegisters", s.idSource().id());
        print("midr", info.midr().map(Object::toString).orElse("none"));
        print("core", cpu.identity().getOrDefault("microarchitecture", "none"));
        print("present", String.join(",", cpu.present()));
        print("usable", String.join(",", cpu.usable()));
        print("sveBits", info.sveVectorBits().isPresent() ? Integer.toString(info.sveVectorBits().getAsInt()) : "none");
        print("smeBits", info.smeVectorBits().isPresent() ? Integer.toString(info.smeVectorBits().getAsInt()) : "none");
        print("UseSVE", cpu.jvm().flag("UseSVE").orElse("absent"));
        print("MaxVectorSize", cpu.jvm().flag("MaxVectorSize").orElse("absent"));
        print("jvm.sve", Boolean.toString(cpu.has("jvm.sve")));
        print("probe.ms", Long.toString((System.nanoTime() - start) / 1_000_000));
        // The forced fallback: under qemu-user 7.2 /proc/cpuinfo is the x86 host's, and must be refused.
        CpuFeatures fallback = CpuFeatures.probe(new ProbeSettings(List.of(), Optional.empty(), OptionalLong.empty(),
                ProbeMode.PROC_CPUINFO));
        print("fallback.source", fallback.source().kind().id());
        print("fallback.failure", fallback.source().failures().isEmpty() ? "none" : fallback.source().failures().get(0).reason());
        // The user's mask, remove-only through the dependencies.
        CpuFeatures noAsimd = CpuFeatures.probe(new ProbeSettings(List.of("neon"), Optional.empty(), OptionalLong.empty(),
                ProbeMode.AUTO));
        print("disabled.usable", String.join(",", noAsimd.usable()));
        String chosen = XorGen.POINT.selection().name();
        print("raid.xor", chosen);
        List<String> parts = List.of(args).subList(1, args.length);
        if (parts.contains("agreement")) {
            long t = System.nanoTime();
            try {
                XorAgreement.check(XorGen.kernel());
                print("xor.agrees", "yes");
            } catch (AssertionError e) {
                print("xor.agrees", "no: " + e.getMessage().replace('\n', ' '));
            }
            print("xor.ms", Long.toString((System.nanoTime() - t) / 1_000_000));
        }
        if (parts.contains("commands")) {
            commands(Path.of(args[0]), cpu);
        }
        print("total.ms", Long.toString((System.nanoTime() - start) / 1_000_000));
    }

    /** Every command, and a fleet of this machine's --raw dump and an x86 one. */
    private static void commands(Path dir, CpuFeatures cpu) throws Exception {
        long t = System.nanoTime();
        String raw = command("report", "--raw");
        Path arm = Files.writeString(dir.resolve("arm64.txt"), raw);
        Files.writeString(dir.resolve("zen4.txt"), CpuDumps.write(List.of(ReferenceCpus.zen4().decode())));
        print("raw.rereads", Boolean.toString(CpuDumps.read(arm, OptionalLong.empty()).kinds().get(0).cpu().snapshot()
                .equals(cpu.snapshot())));
        command("report");
        command("report", "--json");
        command("explain", "sve");
        command("explain", "neon");
        command("dispatch");
        command("report", "--cpuid-file", arm.toString());
        command("fleet", dir.toString());
        print("commands.ms", Long.toString((System.nanoTime() - t) / 1_000_000));
    }

    private static void print(String key, String value) {
        System.out.println(key + "=" + value);
    }

    /** Runs the command in this JVM, prints its output between markers, and returns its standard output. */
    private static String command(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
        System.out.println("=== command " + String.join(" ", args) + " exit=" + exit);
        System.out.print(out);
        System.out.print(err);
        System.out.println("=== end");
        return out.toString();
    }
}
