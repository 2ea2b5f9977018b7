package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.Reason;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What every architecture's decoded CPU answers of its features ({@code X86DecodedCpu}, {@code AArch64DecodedCpu}, ...):
 * present, usable, and why not where not, read from the usable layer's answer ({@link TableDecoding}). The class
 * that implements it adds what is its architecture's own (identity, OS state, vector lengths).
 *
 * @param <F> the feature enum
 * @param <S> the architecture's snapshot
 */
public interface CpuInfo<F extends Enum<F> & FeatureRow, S extends CpuSnapshot> {

    /** {@return the raw snapshot this was decoded from} */
    S snapshot();

    /**
     * {@return the architecture's own facts about the CPU, each of its own type, for {@code CpuFeatures.unwrap}: by
     * default the snapshot}
     */
    default List<Object> facts() {
        return List.of(snapshot());
    }

    /** {@return the usable layer's answer for this CPU} */
    TableDecoding<F, ?> decoded();

    /** {@return the features the CPU has, in table order; unmodifiable} */
    default Set<F> present() {
        return decoded().present();
    }

    /**
     * {@return the features a program may use: present, allowed by the OS, no erratum, dependencies usable, not
     * disabled; in table order; unmodifiable}
     */
    default Set<F> usable() {
        return decoded().usable();
    }

    /** {@return for each present feature that is not usable, its reasons, root reason first; unmodifiable} */
    default Map<F, List<Reason>> notUsable() {
        return decoded().notUsable();
    }

    /**
     * Whether {@code feature} is usable.
     *
     * @param feature the feature; not null
     * @return whether a program may use it
     */
    default boolean isUsable(F feature) {
        return decoded().isUsable(feature);
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is usable; unknown names throw.
     *
     * @param name any accepted spelling of a feature of this architecture ({@code avx2}, {@code neon}); not null
     * @return whether a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a feature of this architecture
     */
    default boolean isUsable(String name) {
        return isUsable(decoded().features().require(name, "isUsable"));
    }

    /**
     * Whether the feature named {@code name} (canonical or alias) is present; unknown names throw.
     *
     * @param name any accepted spelling of a feature of this architecture; not null
     * @return whether the CPU has it, whether or not a program may use it
     * @throws io.cpufeatures.core.UnknownFeatureException naming the closest valid names when no module knows it
     * @throws IllegalArgumentException if it names something other than a feature of this architecture
     */
    default boolean isPresent(String name) {
        return present().contains(decoded().features().require(name, "isPresent"));
    }

    /**
     * The reasons {@code feature} is not usable; empty when it is usable or not present.
     *
     * @param feature the feature; not null
     * @return the reasons, root reason first
     */
    default List<Reason> reasons(F feature) {
        return decoded().reasons(feature);
    }
}
