package io.cpufeatures.core.kit;

import io.cpufeatures.core.internal.Once;
import io.cpufeatures.core.ProbeFailure;
import io.cpufeatures.core.ProbeSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.core.ProbeMode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The order a probe tries its sources in, the same on every architecture: the CPU's own answers through
 * native code first, then the kernel's {@code /proc} files, as {@link ProbeMode} allows; each source that
 * fails is recorded with its reason and the next is tried; nothing a source throws escapes (an
 * {@link Error} of a native library that cannot link included), so a probe never crashes the JVM.
 */
public final class ProbeSequence {

    private ProbeSequence() {
    }

    /**
     * A source of a snapshot.
     *
     * @param <S> what it reads
     */
    @FunctionalInterface
    public interface Source<S> {

        /**
         * Reads the snapshot.
         *
         * @param why why this source is used: forced, or the better one before it failed (its reason is that
         *            source's failure)
         * @return what it read
         * @throws Exception any failure, recorded as this source's
         */
        S read(String why) throws Exception;
    }

    /**
     * What the sources gave: a snapshot and the record of how, or no snapshot and every failure.
     *
     * @param <S>      what the sources read
     * @param snapshot what the first source that worked read; empty when every one failed
     * @param source   which source gave it and how, with the failures of those tried before it
     */
    public record Result<S>(Optional<S> snapshot, ProbeSource source) {

        /**
         * Validates the parts.
         *
         * @param snapshot what was read, or empty; not null
         * @param source   the record; not null
         */
        public Result {
            Objects.requireNonNull(snapshot, "snapshot");
            Objects.requireNonNull(source, "source");
        }
    }

    /**
     * {@return how a snapshot was read, for {@link #run}'s {@code detail}: its source's detail}
     *
     * @param <S> the snapshot type
     */
    @SuppressWarnings("unchecked") // it reads only what every snapshot has
    public static <S extends io.cpufeatures.core.CpuSnapshot> Function<S, String> snapshotDetail() {
        return (Function<S, String>) (Function<?, String>) SnapshotDetail.INSTANCE;
    }

    /** {@link #snapshotDetail}. A class, not a lambda: a first answer spins none. */
    private static final class SnapshotDetail implements Function<io.cpufeatures.core.CpuSnapshot, String> {
        static final SnapshotDetail INSTANCE = new SnapshotDetail();

        @Override
        public String apply(io.cpufeatures.core.CpuSnapshot s) {
            return s.source().detail();
        }
    }

    /**
     * Tries the sources {@code mode} allows: {@code native}, {@code proc-cpuinfo}, or both in that order for
     * {@code auto}.
     *
     * @param <S>          what the sources read
     * @param mode         the sources allowed; not {@link ProbeMode#NONE}
     * @param nativeSource the CPU's own answers (instructions, the auxiliary vector); not null
     * @param procSource   the kernel's files; not null
     * @param detail       how a snapshot was read, in words, for the record; not null
     * @return the first source's snapshot that worked, with the failures before it; or none and every failure
     * @throws IllegalArgumentException for {@link ProbeMode#NONE}, which asks for no probe at all
     */
    public static <S> Result<S> run(ProbeMode mode, Source<S> nativeSource, Source<S> procSource, Function<S, String> detail) {
        List<SourceKind> order = switch (mode) {
            case NATIVE -> List.of(SourceKind.NATIVE);
            case PROC_CPUINFO -> List.of(SourceKind.PROC_CPUINFO);
            case AUTO -> List.of(SourceKind.NATIVE, SourceKind.PROC_CPUINFO);
            case NONE -> throw new IllegalArgumentException("probe mode none asks for no probe");
        };
        return tryInOrder(order, "forced by cpufeatures.probe=" + mode.id(), nativeSource, procSource, detail);
    }

    /**
     * Reads the kernel's files alone, where the native source is passed over by rule rather than tried (native code this
     * JVM would warn about or refuse, {@link io.cpufeatures.core.jvm.NativeAccess}): no failure is recorded, since the
     * kernel's word on real hardware is no lesser answer, and {@code why} goes to the source as its reason.
     *
     * @param <S>        what the source reads
     * @param why        why the native source is not run; not null
     * @param procSource the kernel's files; not null
     * @param detail     how a snapshot was read, in words, for the record; not null
     * @return the kernel's snapshot; or none, with its failure
     */
    public static <S> Result<S> kernelOnly(String why, Source<S> procSource, Function<S, String> detail) {
        return tryInOrder(List.of(SourceKind.PROC_CPUINFO), why, null, procSource, detail);
    }

    /** The sources of {@code order} in turn, the first told {@code firstWhy}, each later one the failure before it. */
    private static <S> Result<S> tryInOrder(List<SourceKind> order, String firstWhy, Source<S> nativeSource,
            Source<S> procSource, Function<S, String> detail) {
        long start = System.nanoTime();
        List<ProbeFailure> failures = new ArrayList<>();
        for (SourceKind kind : order) {
            String why = failures.isEmpty() ? firstWhy
                    : "because the " + failures.get(failures.size() - 1).source().id() + " source failed";
            try {
                S s = (kind == SourceKind.NATIVE ? nativeSource : procSource).read(why);
                return new Result<>(Optional.of(s), new ProbeSource(kind, detail.apply(s), failures, since(start)));
            } catch (Exception | LinkageError e) {
                // memory refused, or a stack too short, is no fault of the source: never a fallback kept for good
                Once.rethrowIfMomentary(e);
                failures.add(new ProbeFailure(kind, e.getMessage() == null ? e.toString() : e.getMessage(), Optional.of(e)));
            }
        }
        return new Result<>(Optional.empty(), new ProbeSource(SourceKind.NONE, "every source failed", failures, since(start)));
    }

    private static Duration since(long start) {
        return Duration.ofNanos(System.nanoTime() - start);
    }
}
