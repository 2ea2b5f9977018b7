package com.example.nojna;

import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.dispatch.DispatchPoint;
import java.lang.invoke.MethodHandles;
import java.util.TreeSet;

/**
 * Prints what a consumer relies on, in one line: the report's source, its usable features, and the choice of a
 * dispatch point. Argument: how it was started ({@code class-path} or {@code module-path}).
 */
public final class Main {

    static final DispatchPoint<Checksum> POINT = DispatchPoint.builder("example.checksum", Checksum.class)
            .candidate(PlainChecksum.class)
            .candidate(Avx2Checksum.class)
            .candidate(Avx512Checksum.class)
            .lookup(MethodHandles.lookup())
            .build();

    private Main() {
    }

    public static void main(String[] args) {
        CpuFeatures cpu = CpuFeatures.current();
        boolean jna = Main.class.getModule().isNamed() ? ModuleLayer.boot().findModule("com.sun.jna").isPresent()
                : Main.class.getClassLoader().getResource("com/sun/jna/Native.class") != null;
        String chose = POINT.selection().name();
        if (POINT.dispatched().get().of(new int[] {1, 2, 3}) != (1 * 31 + 2) * 31 + 3) {
            System.err.println("consumer check failed: wrong checksum");
            System.exit(1);
        }
        System.out.println("answer path=" + args[0] + " jna=" + jna + " named=" + Main.class.getModule().isNamed()
                + " | source=" + cpu.source().kind().id() + " arch=" + cpu.architecture() + " chose=" + chose
                + " usable=" + new TreeSet<>(cpu.usable()));
    }
}
