package io.cpufeatures.core;

import io.cpufeatures.core.internal.ArchitectureModule.ProbeResult;
import io.cpufeatures.core.internal.Architectures;
import io.cpufeatures.core.internal.CurrentReport;
import io.cpufeatures.core.internal.JfrGate;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.kit.NoCpuInformation;
import io.cpufeatures.os.JvmArch;
import io.cpufeatures.os.NativeRefusals;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The process-wide report ({@link CpuFeatures#current()}), made once on a platform thread of its own
 * ({@link Once#onThreadOfItsOwn}), out of the reach of a caller's short stack: the probe and the decode are the
 * library's own code, and what they log is logged by the caller after its wait. No deterministic failure escapes it:
 * a bad override is kept to be thrown again on every call, and any other failure (an {@link Error} too: a module
 * that cannot link) becomes a report with nothing known of the CPU and that failure as its reason. A
 * {@link VirtualMachineError} (a stack or memory run out) is the failure of that call, and the next call probes
 * again. A class, not a lambda: no lambda is spun on a first use.
 */
final class ProcessProbe implements Supplier<ProcessProbe.Outcome> {

    /**
     * The log, in a class of its own: this class's initialiser loads nothing, so a first use on a short stack cannot
     * leave a class failed for the JVM's life. SLF4J is asked for a logger only when a line is logged.
     */
    private static final class Logged {
        static final Log LOG = Log.of(CpuFeatures.class);
    }

    /** The outcome of the process-wide probe: the report, or the configuration error to rethrow. */
    record Outcome(CpuFeatures features, RuntimeException failure) {
    }

    /** The process-wide probe, once made. */
    private static volatile Once<Outcome> current;

    /**
     * {@link #current}'s holder, made on the first call in a method, not in a class initialiser: what it links (the
     * probe, {@link Once}) is linked in that call's frame, where running out of stack fails that call alone, never an
     * initialiser (which would leave its class failed for the JVM's life).
     */
    private static synchronized Once<Outcome> currentOnce() {
        Once<Outcome> once = current;
        if (once == null) {
            current = once = Once.onThreadOfItsOwn(new ProcessProbe(), "cpufeatures-probe");
        }
        return once;
    }

    /** {@return the outcome of the process-wide probe, probed on the first call} */
    static Outcome outcome() {
        Once<Outcome> once = current;
        return (once != null ? once : currentOnce()).get();
    }

    @Override
    public Outcome get() {
        try {
            ProbeSettings settings = ProbeSettings.fromSystem();
            CpuFeatures features = CpuFeatures.probe(settings);
            Optional<String> warning = ProbeWarnings.of(features, settings, JvmArch.osArch(), Architectures.ofRunning());
            if (warning.isPresent()) {
                Logged.LOG.warn(warning.get());
                // the causes it names that refuse native code to the process are not said again by dispatch
                NativeRefusals.said(warning.get());
            }
            if (Logged.LOG.isDebugEnabled()) {
                Logged.LOG.debug("cpufeatures: {} CPU from {} in {} us", features.architecture(),
                        features.source().kind(), features.source().elapsed().toNanos() / 1000);
            }
            return recorded(features);
        } catch (CpuFeaturesConfigurationException | UnknownFeatureException e) {
            return new Outcome(null, e);
        } catch (RuntimeException | Error e) {
            Once.rethrowIfMomentary(e);
            return recorded(failed(e));
        }
    }

    /**
     * The process-wide report, kept for the library's own layers ({@link CurrentReport}: the JVM view, the flags'
     * derivation, the flight-recorder event), whose event is recorded now if a recording may exist ({@link JfrGate}:
     * no class of {@code jdk.jfr} is loaded otherwise).
     */
    private static Outcome recorded(CpuFeatures features) {
        CurrentReport.made(new CurrentReport(new Has(features), features.source().kind(), !features.coreKinds().isEmpty(),
                features.arch().decodedFrom(), new ProbeEventFill(features), System.currentTimeMillis()));
        JfrGate.probed();
        return new Outcome(features, null);
    }

    /** The process-wide report's {@link CpuFeatures#has}, as the JVM view asks it. A class, not a lambda (a first use). */
    private static final class Has implements Predicate<String> {
        private final CpuFeatures features;

        Has(CpuFeatures features) {
            this.features = features;
        }

        @Override
        public boolean test(String name) {
            return features.has(name);
        }
    }

    /** The report of a probe that failed with {@code e}: nothing known, the failure recorded. */
    static CpuFeatures failed(Throwable e) {
        String osArch = JvmArch.osArch();
        String why = CpuFeatures.PROBE_FAILED + e;
        Logged.LOG.warn("cpufeatures: {}; reporting no CPU information", why);
        return CpuFeatures.decoded(new ProbeResult(new NoCpuInformation(osArch), new ProbeSource(SourceKind.NONE, why,
                List.of(new ProbeFailure(SourceKind.NATIVE, why, Optional.of(e))), Duration.ZERO)));
    }
}
