package io.cpufeatures.x86.probe;

import io.cpufeatures.core.CpuKind;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.internal.Log;
import io.cpufeatures.core.internal.MissingJna;
import io.cpufeatures.x86.CoreType;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The logical CPUs of a hybrid part, grouped by core type: CPUID.0x1A is per logical CPU, so the
 * probing thread is pinned to each CPU it may run on in turn, reads leaf 0x1A there, and reads the
 * whole snapshot on the first CPU of each core type (CPUID.(0x1A,0):EAX, core type and native model
 * id, is the group's key). The pinned thread is a platform thread of the census's own, never the
 * asking thread (which may be virtual); its CPU set is given back afterwards, whatever happened.
 *
 * <p>A part that does not set the hybrid flag (CPUID.(7,0):EDX[15]) costs nothing more: the snapshot
 * already read on the current CPU is its only group, and no affinity call is made. A refusal (the CPU
 * set cannot be read, pinning is refused, a CPU went offline) never fails the probe: the CPUs that
 * could be read are grouped, and the note says what could not.
 */
final class CoreTypeReader {

    private static final Log LOG = Log.of(CoreTypeReader.class);

    /** The kinds found (one per core type), and what could not be read (empty when everything was). */
    record Result(List<CpuKind<CpuidSnapshot>> kinds, String note) {
    }

    private CoreTypeReader() {
    }

    /**
     * Groups the logical CPUs by core type.
     *
     * @param first    the snapshot already read on the current CPU
     * @param cpu      CPUID on whichever CPU the thread runs on
     * @param affinities the thread's affinity, made only for a hybrid part; it gives null where pinning is
     *                 not implemented (not Linux)
     * @param logical  how many logical CPUs the JVM sees, for the single group of a non-hybrid part
     */
    static Result read(CpuidSnapshot first, CpuidInstruction cpu, Supplier<ThreadAffinity> affinities, int logical) {
        if (!hybrid(first)) {
            return new Result(List.of(new CpuKind<>(first, logical, 0)), "");
        }
        ThreadAffinity affinity;
        try {
            affinity = affinities.get();
        } catch (RuntimeException | LinkageError e) {
            // JNA is optional: where it is absent, the one WARN of the process names it (never a failure)
            MissingJna.warnOnce(LOG, "the core types of this hybrid part (a thread pinned to"
                    + " each logical CPU)", "the CPU the probe ran on answers for the whole machine");
            return new Result(List.of(new CpuKind<>(first, logical, 0)), "hybrid part: the affinity functions could not"
                    + " be loaded (" + e + "); the other logical CPUs' core types not read");
        }
        if (affinity == null) {
            return new Result(List.of(new CpuKind<>(first, logical, 0)),
                    "hybrid part: the other logical CPUs' core types not read (pinning a thread is implemented on Linux only)");
        }
        return onThreadOfItsOwn(new Census(first, cpu, affinity, logical));
    }

    /**
     * Runs {@code census} on a new platform thread and waits for it. Pinning applies to the OS thread
     * that asks: asked from a virtual thread it would pin the carrier, and a virtual thread that parks
     * between pinning and restoring resumes on another carrier, leaving the first pinned and reading
     * CPUID on the wrong CPU. The census thread starts with the asking thread's CPU set (Linux copies
     * it to a new thread), and the asking thread's own set is never touched.
     */
    static Result onThreadOfItsOwn(Census census) {
        Thread thread = new Thread(null, census, "cpufeatures-core-census", 1 << 20);
        thread.setDaemon(true);
        thread.start();
        boolean interrupted = false;
        while (true) {
            try {
                thread.join();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (census.failure instanceof RuntimeException e) {
            throw e;
        }
        if (census.failure instanceof Error e) {
            throw e;
        }
        return census.result;
    }

    /** The census, run on a thread of its own; its result or failure read after {@code join()}. */
    static final class Census implements Runnable {
        private final CpuidSnapshot first;
        private final CpuidInstruction cpu;
        private final ThreadAffinity affinity;
        private final int logical;
        private Result result;
        private Throwable failure;

        Census(CpuidSnapshot first, CpuidInstruction cpu, ThreadAffinity affinity, int logical) {
            this.first = first;
            this.cpu = cpu;
            this.affinity = affinity;
            this.logical = logical;
        }

        @Override
        public void run() {
            try {
                result = census(first, cpu, affinity, logical);
            } catch (RuntimeException | Error e) {
                failure = e;
            }
        }
    }

    /** Pins the calling thread to each CPU it may run on in turn, groups them by core type, and gives its set back. */
    private static Result census(CpuidSnapshot first, CpuidInstruction cpu, ThreadAffinity affinity, int logical) {
        BitSet original;
        try {
            original = affinity.allowed();
        } catch (ThreadAffinity.AffinityException e) {
            return new Result(List.of(new CpuKind<>(first, logical, 0)), "hybrid part: the thread's CPU set could not be read ("
                    + e.getMessage() + "); the other logical CPUs' core types not read");
        }
        Map<Integer, Group> byType = new LinkedHashMap<>();
        List<String> skipped = new ArrayList<>();
        String restoreFailure = "";
        try {
            for (int n = original.nextSetBit(0); n >= 0; n = original.nextSetBit(n + 1)) {
                try {
                    affinity.pin(n);
                } catch (ThreadAffinity.AffinityException e) {
                    skipped.add(Integer.toString(n));
                    LOG.debug("cpufeatures: logical CPU {} skipped: {}", n, e.getMessage());
                    continue;
                }
                int key = cpu.cpuid(0x1A, 0).eax();
                Group g = byType.get(key);
                if (g == null) {
                    CpuidSnapshot whole = LeafReader.read(cpu, new SnapshotSource(first.source().kind(),
                            first.source().detail() + ", logical CPU " + n));
                    byType.put(key, new Group(whole, n));
                } else {
                    g.count++;
                }
            }
        } finally {
            try {
                affinity.restore(original);
            } catch (ThreadAffinity.AffinityException e) {
                restoreFailure = "; the thread's CPU set could not be restored (" + e.getMessage() + ")";
                LOG.warn("cpufeatures: {}", e.getMessage());
            }
        }
        if (byType.isEmpty()) {
            return new Result(List.of(new CpuKind<>(first, logical, 0)), "hybrid part: pinning to every logical CPU was"
                    + " refused (" + String.join(", ", skipped) + "); the other logical CPUs' core types not read"
                    + restoreFailure);
        }
        List<CpuKind<CpuidSnapshot>> groups = new ArrayList<>();
        StringBuilder types = new StringBuilder();
        int read = 0;
        for (Map.Entry<Integer, Group> e : byType.entrySet()) {
            Group g = e.getValue();
            groups.add(new CpuKind<>(g.snapshot, g.count, g.firstCpu));
            read += g.count;
            types.append(types.length() == 0 ? "" : ", ").append(CoreType.of(e.getKey() >>> 24).map(CoreType::id)
                    .orElse("type 0x" + Integer.toHexString(e.getKey() >>> 24))).append(" x").append(g.count);
        }
        String note = "core types read on " + read + " logical CPUs, each pinned in turn: " + types
                + (skipped.isEmpty() ? "" : "; logical CPUs " + String.join(", ", skipped)
                        + " could not be pinned (offline, or refused), their core types not read")
                + restoreFailure;
        return new Result(groups, note);
    }

    private static boolean hybrid(CpuidSnapshot s) {
        X86Feature h = X86Feature.HYBRID_CPU;
        return s.definesBasicLeaf(7) && s.read(7, 0).bit(h.bit().register(), h.bit().bit())
                && s.definesBasicLeaf(0x1A);
    }

    /** A core type being counted. */
    private static final class Group {
        final CpuidSnapshot snapshot;
        final int firstCpu;
        int count = 1;

        Group(CpuidSnapshot snapshot, int firstCpu) {
            this.snapshot = snapshot;
            this.firstCpu = firstCpu;
        }
    }
}
