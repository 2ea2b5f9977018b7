package io.cpufeatures.examples.raid;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import io.cpufeatures.core.CpuFeatures;
import io.cpufeatures.core.CpuFeaturesConfigurationException;
import io.cpufeatures.dispatch.Calibratable;
import io.cpufeatures.dispatch.Calibrator;
import io.cpufeatures.dispatch.Candidate;
import io.cpufeatures.dispatch.DispatchException;
import io.cpufeatures.dispatch.Requirements;
import io.cpufeatures.dispatch.Selection;
import io.cpufeatures.dispatch.SelfTest;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.slf4j.LoggerFactory;

/**
 * {@code java -jar raid-xor.jar}: which xor kernel this process selects and why, then every
 * kernel this machine can run timed as Linux {@code do_xor_speed} does (a 4 KiB page,
 * {@code dest ^= src}), so the choice can be checked against the speeds.
 */
public final class XorSelectionCommand {

    private static final Duration WARMUP = Duration.ofMillis(100);
    private static final Duration MEASURE = Duration.ofMillis(200);

    private XorSelectionCommand() {
    }

    /**
     * Prints the selection and the calibration table; exits 1 with one line on stderr if no kernel can
     * be selected, 2 if a {@code cpufeatures.*} property is invalid.
     */
    public static void main(String[] args) {
        ((Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME)).setLevel(Level.INFO);
        System.exit(run(System.out, System.err));
    }

    /** Prints the selection and the calibration table to {@code out}; returns the exit code. */
    static int run(PrintStream out, PrintStream err) {
        CpuFeatures cpu;
        Selection<XorKernel> selection;
        try {
            cpu = CpuFeatures.current();
            selection = XorGen.POINT.selection();
        } catch (CpuFeaturesConfigurationException e) {
            err.println("raid-xor: " + firstLine(e.getMessage()));
            return 2;
        } catch (DispatchException e) {
            err.println("raid-xor: " + firstLine(e.getMessage()));
            return rootCause(e) instanceof CpuFeaturesConfigurationException ? 2 : 1;
        }
        out.println("CPU: " + cpu.identity().getOrDefault("brand", cpu.identity().getOrDefault("microarchitecture",
                "unknown CPU")) + " (" + cpu.source() + ")");
        out.println("Java: " + Runtime.version() + ", vector API: " + (cpu.has("jvm.vector_api") ? "readable" : "not readable"));
        out.println();
        out.print(selection.explain().format());
        out.println();
        out.println("calibration: " + CalibrationBuffers.SIZE + " bytes, dest ^= src, MB/s over "
                + MEASURE.toMillis() + " ms after " + WARMUP.toMillis() + " ms of warm-up");
        for (Candidate<XorKernel> c : XorGen.POINT.candidates()) {
            out.println(String.format(Locale.ROOT, "  %-16s %s%s", c.name(), speed(c, cpu),
                    c.name().equals(selection.name()) ? "  <- selected" : ""));
        }
        return 0;
    }

    private static Throwable rootCause(Throwable t) {
        Throwable c = t;
        while (c.getCause() != null && c.getCause() != c) {
            c = c.getCause();
        }
        return c;
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }

    private static String speed(Candidate<XorKernel> c, CpuFeatures cpu) {
        List<Requirements.Unmet> unmet = c.requirements().check(cpu);
        if (!unmet.isEmpty()) {
            return "cannot run: " + unmet.get(0);
        }
        XorKernel kernel = c.create();
        if (kernel instanceof SelfTest test) {
            try {
                test.selfTest();
            } catch (Exception | AssertionError e) {
                return "self-test failed: " + e.getMessage();
            }
        }
        if (!(kernel instanceof Calibratable bench)) {
            return "offers no benchmark";
        }
        return String.format(Locale.ROOT, "%8d MB/s", Math.round(Calibrator.measure(bench, WARMUP, MEASURE)));
    }
}
