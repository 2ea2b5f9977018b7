package io.cpufeatures.dispatch;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import com.sun.jna.NativeLibrary;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.os.NativeCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.IntSupplier;
import org.slf4j.LoggerFactory;

/**
 * Child JVM of {@link NativeCacheRefusalsTest}: selects a point of Java code and the variants of the manifest
 * {@code RES/level.variants} with the cache at {@code CACHE}, in a JVM that denies native access, and prints
 * {@code chosen=}, each variant's reason, each WARN line, and which entries the cache holds.
 */
public final class DeniedNativeAccessMain {

    private DeniedNativeAccessMain() {
    }

    public static void main(String[] args) throws Exception {
        Path res = Path.of(args[0]);
        System.setProperty(NativeCache.DIRECTORY_PROPERTY, args[1]);
        ListAppender<ILoggingEvent> events = new ListAppender<>();
        events.start();
        ((Logger) LoggerFactory.getLogger(Instantiation.class)).addAppender(events);
        NativeVariants variants = NativeVariants.read("res/level.variants", name -> {
            Path p = res.resolve(name);
            try {
                return Files.isRegularFile(p) ? Files.newInputStream(p) : null;
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
        DispatchPoint.Builder<IntSupplier> b = DispatchPoint.builder("test.denied", IntSupplier.class)
                .candidate(Candidate.of("java", "Java code", 0, Requirements.NONE, () -> () -> 0));
        variants.<IntSupplier>candidates("", 10, (variant, library) -> {
            com.sun.jna.Function level = NativeLibrary.getInstance(library.toString()).getFunction("level");
            return () -> level.invokeInt(new Object[0]);
        }).forEach(b::candidate);
        Selection<IntSupplier> s = b.build().selectForTest(CpuFeatures.current(), DispatchOverrides.none());
        System.out.println("chosen=" + s.name());
        for (CandidateReport c : s.explain().candidates()) {
            System.out.println("why." + c.name() + "=" + String.join("; ", c.reasons()));
        }
        for (ILoggingEvent e : events.list) {
            if (e.getLevel() == Level.WARN) {
                System.out.println("warn=" + e.getFormattedMessage());
            }
        }
        if (!Files.isDirectory(Path.of(args[1]))) {
            System.out.println("entries=0");
            return;
        }
        try (var entries = Files.list(Path.of(args[1]))) {
            // the x86 first answer's probe library shares the cache; only the variants' entries are counted
            System.out.println("entries=" + entries.filter(p -> !p.getFileName().toString().startsWith(".load-"))
                    .filter(p -> !Files.exists(p.resolve("libcpufeatures-probe.so"))).count());
        }
    }
}
