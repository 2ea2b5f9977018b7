package io.cpufeatures.core;

import io.cpufeatures.core.jfr.ProbeEvent;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Fills the probe's flight-recorder event with the process-wide report, when a recording takes it: made with the
 * report, run only then, so that no event class is loaded without a recording. A class, not a lambda (a first use).
 */
final class ProbeEventFill implements Consumer<ProbeEvent> {

    private final CpuFeatures features;

    ProbeEventFill(CpuFeatures features) {
        this.features = features;
    }

    @Override
    public void accept(ProbeEvent e) {
        ProbeSource source = features.source();
        e.architecture = features.architecture();
        e.source = source.kind().id();
        e.sourceDetail = source.detail();
        List<String> failures = new ArrayList<>();
        for (ProbeFailure f : source.failures()) {
            failures.add(f.toString());
        }
        e.failures = String.join("; ", failures);
        e.cpu = features.describe(Runtime.getRuntime().availableProcessors()).summary();
        Map<String, String> identity = features.identity();
        e.microarchitecture = identity.get("microarchitecture");
        e.level = identity.get("level");
        e.hypervisor = identity.get("hypervisor");
        List<String> facts = new ArrayList<>();
        for (Map.Entry<String, String> fact : identity.entrySet()) {
            facts.add(fact.getKey() + "=" + fact.getValue());
        }
        e.identity = String.join(", ", facts);
        e.coreScope = features.coreScope().orElse("");
        e.usable = String.join(" ", features.usable());
        e.policyFlags = String.join(" ", features.policyFlags());
        e.probeDuration = source.elapsed().toNanos();
    }
}
