package io.cpufeatures.cli;

import io.cpufeatures.core.kit.HotSpotStart;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * The HotSpot VM a command models on a machine: a JDK feature release ({@code --jdk}) and {@code -XX} options
 * ({@code --jvm-option}, repeatable). Without them a report of this machine shows the running JVM, and one of a dump
 * a VM of the running JVM's release with no options.
 */
final class JvmOptions {

    @Option(names = "--jdk", paramLabel = "N", description = "Model HotSpot of this JDK feature release (17 or 25;"
            + " default: the running JVM's).")
    Integer jdk;

    @Option(names = "--jvm-option", paramLabel = "OPTION", description = "A -XX option of the modelled VM, e.g."
            + " --jvm-option=-XX:UseAVX=2 (repeatable; default: none for a dump, the running JVM's for this machine).")
    List<String> options = new ArrayList<>();

    /** {@return whether {@code --jdk} or {@code --jvm-option} was given} */
    boolean given() {
        return jdk != null || !options.isEmpty();
    }

    /**
     * The VM to model: the release given, else the running JVM's, with the options given.
     *
     * @return the start
     * @throws CliFailure exit 2 for a release not modelled or an option not of the {@code -XX} forms
     */
    HotSpotStart start() {
        int release = jdk != null ? jdk : Runtime.version().feature();
        if (jdk != null && !HotSpotStart.MODELLED_RELEASES.contains(jdk)) {
            throw new CliFailure(CliFailure.USAGE, "--jdk " + jdk + ": HotSpot of that release is not modelled;"
                    + " accepted: " + releases());
        }
        try {
            return HotSpotStart.parse(release, options);
        } catch (IllegalArgumentException e) {
            throw new CliFailure(CliFailure.USAGE, "--jvm-option " + e.getMessage(), e);
        }
    }

    /** {@code 17, 25}. */
    static String releases() {
        StringBuilder sb = new StringBuilder();
        for (Integer r : HotSpotStart.MODELLED_RELEASES) {
            sb.append(sb.length() == 0 ? "" : ", ").append(r);
        }
        return sb.toString();
    }
}
