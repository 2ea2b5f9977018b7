package io.cpufeatures.cli;

import io.cpufeatures.core.CpuFeatures;
import java.util.List;
import java.util.Optional;

/** What {@code check} judges each CPU against: a set of features ({@link CheckTarget}) or a JDK AOT cache ({@link AotTarget}). */
interface Target {

    /** {@return the verdict for one CPU} */
    Verdict judge(CpuFeatures cpu);

    /**
     * Reads {@code --target}.
     *
     * @param text the target as given
     * @param vm   the VM an {@code aot:} target models; given only for one
     * @throws CliFailure exit 2 for a target, release or option not accepted, naming what is; exit 1 for a training
     *                    dump that cannot be read
     */
    static Target parse(String text, JvmOptions vm) {
        if (text.startsWith("aot:")) {
            return AotTarget.of(text.substring("aot:".length()), vm);
        }
        if (vm.given()) {
            throw new CliFailure(CliFailure.USAGE, "--jdk and --jvm-option model the VM of an aot: target; "
                    + text.lines().findFirst().orElse("") + " is not one (accepted: " + CheckTarget.FORMS + ")");
        }
        return CheckTarget.parse(text);
    }

    /**
     * A CPU's verdict.
     *
     * @param missing what it lacks, by the target's names; empty when it runs the target
     * @param reason  what the line says instead of the missing names (another architecture; cannot tell), or empty
     * @param failure what a CPU that does not run it gets: {@code does not run}, {@code may crash (SIGILL)}
     * @param advice  what to do about it, or empty
     */
    record Verdict(List<String> missing, Optional<String> reason, String failure, Optional<String> advice) {

        /** The failure of a CPU that lacks features. */
        static final String DOES_NOT_RUN = "does not run";

        public Verdict {
            missing = List.copyOf(missing);
        }

        /** {@return a verdict that the CPU lacks {@code missing}, which runs when it is empty} */
        static Verdict missing(List<String> missing) {
            return new Verdict(missing, Optional.empty(), DOES_NOT_RUN, Optional.empty());
        }

        /** {@return a verdict that the CPU does not run the target at all, and why} */
        static Verdict refused(String why) {
            return new Verdict(List.of(), Optional.of(why), DOES_NOT_RUN, Optional.empty());
        }

        /** {@return whether the CPU runs the target} */
        boolean runs() {
            return missing.isEmpty() && reason.isEmpty();
        }

        /** {@return the verdict as the text line says it: {@code runs}, or the failure and why} */
        String text() {
            if (runs()) {
                return "runs";
            }
            return failure + ": " + reason.orElseGet(() -> "missing " + String.join(" ", missing))
                    + advice.map(a -> "; " + a).orElse("");
        }
    }
}
