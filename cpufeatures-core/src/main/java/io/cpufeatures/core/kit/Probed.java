package io.cpufeatures.core.kit;

import io.cpufeatures.core.CpuCache;
import io.cpufeatures.core.CpuSnapshot;
import io.cpufeatures.core.ProbeSource;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an architecture's probe read of the running machine, before anything is decoded: one kind of CPU, one per
 * core type of a hybrid machine, or nothing (the core then answers from the JVM's own view, keeping the failures),
 * and where it came from.
 *
 * @param <S>    the architecture's snapshot
 * @param kinds  what was read, the kind the probe ran on first; empty when no source worked
 * @param source where it came from, and what failed first
 */
public record Probed<S extends CpuSnapshot>(List<Kind<S>> kinds, ProbeSource source) {

    /**
     * Validates and copies the parts.
     *
     * @param kinds  what was read; not null
     * @param source where it came from; not null
     */
    public Probed {
        kinds = List.copyOf(kinds);
        Objects.requireNonNull(source, "source");
    }

    /**
     * One kind of CPU of the machine.
     *
     * @param <S>         the architecture's snapshot
     * @param snapshot    what was read of it
     * @param logicalCpus how many logical CPUs are of this kind
     * @param firstCpu    the lowest logical CPU of this kind
     * @param coreKind    the kind of core it is, as the OS names it ({@code performance}), where the machine has
     *                    several and the snapshot does not say; empty otherwise
     * @param caches      its caches as the probe read them from the OS; empty to take them from the snapshot
     */
    public record Kind<S extends CpuSnapshot>(S snapshot, int logicalCpus, int firstCpu, Optional<String> coreKind,
            Optional<List<CpuCache>> caches) {

        /**
         * Validates the parts.
         *
         * @param snapshot    what was read; not null
         * @param logicalCpus how many logical CPUs, at least one
         * @param firstCpu    the lowest logical CPU
         * @param coreKind    the kind of core; not null
         * @param caches      its caches; not null
         */
        public Kind {
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(coreKind, "coreKind");
            Objects.requireNonNull(caches, "caches");
        }
    }

    /**
     * {@return a probe that read nothing: the core answers from the JVM's view}
     *
     * @param <S>    the architecture's snapshot
     * @param source what was tried and why it failed; not null
     */
    public static <S extends CpuSnapshot> Probed<S> nothing(ProbeSource source) {
        return new Probed<>(List.of(), source);
    }

    /**
     * {@return a probe of one kind of CPU, its caches from its snapshot}
     *
     * @param <S>      the architecture's snapshot
     * @param snapshot what was read; not null
     * @param source   where it came from; not null
     */
    public static <S extends CpuSnapshot> Probed<S> of(S snapshot, ProbeSource source) {
        return new Probed<>(List.of(new Kind<>(snapshot, 1, 0, Optional.empty(), Optional.empty())), source);
    }

    /**
     * {@return a probe of the outcome of a probe sequence: its snapshot, or nothing}
     *
     * @param <S>     the architecture's snapshot
     * @param outcome the sequence's outcome; not null
     */
    public static <S extends CpuSnapshot> Probed<S> of(ProbeSequence.Result<S> outcome) {
        return outcome.snapshot().isPresent() ? of(outcome.snapshot().get(), outcome.source()) : nothing(outcome.source());
    }
}
