package io.cpufeatures.core.kit;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The CPU features HotSpot lists in its {@code -Xlog:os+cpu} "CPU:" line, after the {@code -XX} options, as an
 * architecture's model ({@link Architecture#hotSpotFeatures}) gives them for a CPU: the comma-separated names only, not
 * the text before them (the processor count, cores per CPU, threads per core, family, model, stepping, microcode).
 *
 * @param jdk        the JDK feature release modelled
 * @param names      the names HotSpot lists, in its own spelling and order; none of {@code unsure}
 * @param unsure     the names the model cannot decide for this CPU, each to the reason (in HotSpot's order); they are
 *                   in neither {@code names} nor the names left out
 * @param unanswered why the model gives no list at all (a release not modelled, an option it does not read, XCR0 not
 *                   known); when present, {@code names} and {@code unsure} are empty
 * @param optionRefused whether there is no list because a VM of that release refuses one of the options (a usage
 *                   error of whoever gave them), {@code unanswered} then giving the VM's words
 */
public record HotSpotFeatureList(int jdk, List<String> names, Map<String, String> unsure,
        Optional<String> unanswered, boolean optionRefused) {

    /**
     * Copies the list and the map, unmodifiable.
     *
     * @param jdk           the JDK feature release modelled
     * @param names         the names HotSpot lists
     * @param unsure        the names not decided, each to the reason
     * @param unanswered    why there is no list
     * @param optionRefused whether that is a VM's refusal of an option
     * @throws IllegalArgumentException if an option is refused with no reason given
     */
    public HotSpotFeatureList {
        names = List.copyOf(names);
        unsure = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(unsure, "unsure")));
        Objects.requireNonNull(unanswered, "unanswered");
        if (optionRefused && unanswered.isEmpty()) {
            throw new IllegalArgumentException("a refused option gives no list: unanswered must say the VM's refusal");
        }
    }

    /**
     * A list, or no list for a reason that is not the VM's refusal of an option.
     *
     * @param jdk        the JDK feature release modelled
     * @param names      the names HotSpot lists
     * @param unsure     the names not decided, each to the reason
     * @param unanswered why there is no list
     */
    public HotSpotFeatureList(int jdk, List<String> names, Map<String, String> unsure, Optional<String> unanswered) {
        this(jdk, names, unsure, unanswered, false);
    }

    /**
     * {@return no list: a VM of release {@code jdk} refuses to start with the options, saying {@code message}}
     *
     * @param jdk     the release asked for
     * @param message what the VM prints, e.g. {@code int UseAVX=9 is outside the allowed range [ 0 ... 3 ]}
     */
    public static HotSpotFeatureList refused(int jdk, String message) {
        return new HotSpotFeatureList(jdk, List.of(), Map.of(), Optional.of("HotSpot of JDK " + jdk
                + " refuses to start: " + message), true);
    }

    /**
     * {@return no list, for {@code reason}}
     *
     * @param jdk    the release asked for
     * @param reason why the model cannot answer
     */
    public static HotSpotFeatureList unanswered(int jdk, String reason) {
        return new HotSpotFeatureList(jdk, List.of(), Map.of(), Optional.of(reason));
    }

    /** {@return whether the model decided every name: a list, and nothing unsure} */
    public boolean complete() {
        return unanswered.isEmpty() && unsure.isEmpty();
    }
}
