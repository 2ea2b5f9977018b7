package io.cpufeatures.dispatch;

import com.sun.jna.Function;
import io.cpufeatures.buildsupport.TwoUsers;
import io.cpufeatures.core.CpuFeatures;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * A fresh JVM for {@link EmulatedProcessTest}: two points whose best candidate needs {@code FEATURE}, one with a Java
 * candidate, one with a native variant (its manifest and library below {@code DIR/res}, if given), each with a
 * portable one. Prints {@code source=} (the process's report), {@code java=} and {@code native=} (each point's choice)
 * and {@code mapped=} (each file of {@code DIR/res}'s library this process maps).
 */
public final class EmulatedProcessMain {

    private EmulatedProcessMain() {
    }

    public static void main(String[] args) throws Exception {
        String feature = args[0];
        System.out.println("source=" + CpuFeatures.current().source().kind().id());
        DispatchPoint<IntSupplier> java = DispatchPoint.builder("test.emulated.java", IntSupplier.class)
                .candidate(Candidate.of("needs-" + feature, "Java code for " + feature, 10,
                        Requirements.of(List.of(feature), List.of(), "test"), () -> () -> 1))
                .candidate(Candidate.of("portable", "Java code", 0, Requirements.NONE, () -> () -> 0)).build();
        System.out.println("java=" + java.selection().name());
        if (args.length > 1) {
            Path res = Path.of(args[1]).resolve("res");
            NativeVariants variants = NativeVariants.read("res/level.variants", name -> open(res.resolve(name)));
            DispatchPoint.Builder<IntSupplier> b = DispatchPoint.builder("test.emulated.native", IntSupplier.class)
                    .candidate(Candidate.of("portable", "Java code", 0, Requirements.NONE, () -> () -> 0));
            variants.<IntSupplier>candidates("", 10, EmulatedProcessMain::load).forEach(b::candidate);
            System.out.println("native=" + b.build().selection().name());
            for (String m : TwoUsers.mapped("liblevel.so")) {
                System.out.println("mapped=" + m);
            }
        }
    }

    private static InputStream open(Path p) {
        try {
            return Files.isRegularFile(p) ? Files.newInputStream(p) : null;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static IntSupplier load(NativeVariant variant, Path library) {
        NativeVariants.requireJna();
        Function level = com.sun.jna.NativeLibrary.getInstance(library.toString()).getFunction("level");
        return () -> level.invokeInt(new Object[0]);
    }
}
