package io.cpufeatures.dispatch;

import io.cpufeatures.core.internal.Log;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * No silent fallback for the Vector API: when a point passes over candidates only because
 * {@code jdk.incubator.vector} is not readable (the module is not resolved unless the JVM is started with
 * {@code --add-modules jdk.incubator.vector}), the process gets one WARN line naming the point, those
 * candidates and the flag, where it would otherwise read only "using scalar" at INFO. Once per process: every
 * point of an application started without the flag would say the same. It logs under its own name
 * ({@code io.cpufeatures.dispatch.VectorModuleWarning}), so a tool that documents running without the module
 * can keep this one line to itself and still show every other warning.
 */
final class VectorModuleWarning {

    private static final Log LOG = Log.of(VectorModuleWarning.class);

    /** What both refusals say, the requirement's ({@code jvm.vector_api}) and the failed class link's. */
    static final String FLAG = "--add-modules jdk.incubator.vector";

    /**
     * Whether the process has warned. A flag under the class's lock, not an {@code AtomicBoolean}: that class's
     * first use initialises the JDK's {@code VarHandle} machinery, about a millisecond of a first dispatched call.
     */
    private static boolean warned;

    private VectorModuleWarning() {
    }

    /**
     * The warning for a selection explained by {@code explanation}, if it passed over candidates for want of the
     * module alone (a candidate the CPU cannot run either, say an AVX2 one on arm64, is not the module's doing).
     *
     * @return the line; empty when no candidate was rejected for it
     */
    static Optional<String> of(Explanation explanation) {
        List<String> passedOver = new ArrayList<>();
        for (CandidateReport c : explanation.candidates()) {
            if (c.status() == CandidateStatus.REJECTED && forTheModuleAlone(c.reasons())) {
                passedOver.add(c.name());
            }
        }
        return line(explanation.point(), passedOver);
    }

    private static boolean forTheModuleAlone(List<String> reasons) {
        if (reasons.isEmpty()) {
            return false;
        }
        for (String r : reasons) {
            if (!r.contains(FLAG)) {
                return false;
            }
        }
        return true;
    }

    private static Optional<String> line(String point, List<String> passedOver) {
        if (passedOver.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(point + ": passes over " + String.join(", ", passedOver)
                + " because module jdk.incubator.vector is not readable: start the JVM with " + FLAG
                + " (warned once per process)");
    }

    /** {@link #of} for the first selection of this process that has one; empty after. */
    static Optional<String> once(Explanation explanation) {
        Optional<String> line = of(explanation);
        return line.isPresent() && firstWarning() ? line : Optional.empty();
    }

    /** {@return true once: for the first warning of the process} */
    private static synchronized boolean firstWarning() {
        if (warned) {
            return false;
        }
        warned = true;
        return true;
    }

    private static synchronized boolean warned() {
        return warned;
    }

    /**
     * Logs the warning at WARN for the selection recorded in {@code ledger}, if it is the first of this process to
     * have one. Only the rejected candidates' reasons are worked out, and none once the process has warned.
     */
    static <T> void logOnce(Ledger<T> ledger) {
        if (warned()) {
            return;
        }
        List<String> passedOver = new ArrayList<>();
        for (Candidate<T> c : ledger.candidates()) {
            if (ledger.rejected(c) && forTheModuleAlone(ledger.reasons(c))) {
                passedOver.add(c.name());
            }
        }
        Optional<String> line = line(ledger.point().name(), passedOver);
        if (line.isPresent() && firstWarning()) {
            LOG.warn(line.get());
        }
    }
}
