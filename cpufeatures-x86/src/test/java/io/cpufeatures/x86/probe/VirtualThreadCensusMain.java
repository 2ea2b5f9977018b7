package io.cpufeatures.x86.probe;

import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.Stream;

/**
 * Run in a fresh JVM of JDK 21 or later: a hybrid part's census asked from a virtual thread, with the
 * real Linux affinity calls and a CPU whose every CPUID parks the thread asking (as a log write or a
 * page fault in a real probe may). Prints whether each CPUID ran on a platform thread pinned to the
 * CPU being read, and whether any thread of the process (a carrier above all) is left with a CPU set
 * other than the one it had.
 */
public final class VirtualThreadCensusMain {

    private VirtualThreadCensusMain() {
    }

    /** A hybrid CPU (every logical CPU a performance core); each CPUID parks, then notes where it ran. */
    private static final class ParkingCpu implements CpuidInstruction {
        final CpuidSnapshot core = EmulatedCpu.intel(6, 0x9a, 3).features("fpu", "cmov", "mmx", "fxsr", "sse", "sse2",
                "lm", "popcnt", "hybrid_cpu").leaf(0x1A, 0, 0x40 << 24 | 1, 0, 0, 0).build();
        final ConcurrentLinkedQueue<String> wrong = new ConcurrentLinkedQueue<>();
        final LinuxThreadAffinity affinity = new LinuxThreadAffinity();
        /** The CPU the thread asking was pinned to, -1 when it is not pinned. */
        final ThreadLocal<Integer> pinned = ThreadLocal.withInitial(() -> -1);

        @Override
        public CpuidRegisters cpuid(int leaf, int subleaf) {
            try {
                Thread.sleep(2); // parks a virtual thread: it may resume on another carrier
                BitSet now = affinity.allowed();
                int p = pinned.get();
                if (p >= 0 && isVirtual(Thread.currentThread())) {
                    wrong.add("a census CPUID on a virtual thread");
                }
                if (p >= 0 && (now.cardinality() != 1 || !now.get(p))) {
                    wrong.add("CPUID for CPU " + p + " on a thread allowed " + now);
                }
            } catch (Exception e) {
                wrong.add(e.toString());
            }
            return core.read(leaf, subleaf);
        }

        @Override
        public long xgetbv0() {
            throw new AssertionError("no OSXSAVE: XGETBV must not run");
        }
    }

    /** Notes the CPU pinned, so the CPU can check it runs there. */
    private static final class NotingAffinity implements ThreadAffinity {
        private final ParkingCpu cpu;

        NotingAffinity(ParkingCpu cpu) {
            this.cpu = cpu;
        }

        @Override
        public BitSet allowed() throws AffinityException {
            return cpu.affinity.allowed();
        }

        @Override
        public void pin(int n) throws AffinityException {
            cpu.affinity.pin(n);
            cpu.pinned.set(n);
        }

        @Override
        public void restore(BitSet cpus) throws AffinityException {
            cpu.pinned.set(-1);
            cpu.affinity.restore(cpus);
        }
    }

    static boolean isVirtual(Thread t) throws ReflectiveOperationException {
        return (Boolean) Thread.class.getMethod("isVirtual").invoke(t);
    }

    /** Each thread of this process, by id, with its {@code Cpus_allowed_list}. */
    static Map<String, String> threadCpuSets() throws Exception {
        Map<String, String> sets = new TreeMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path t : tasks.toList()) {
                try {
                    Files.readAllLines(t.resolve("status")).stream().filter(l -> l.startsWith("Cpus_allowed_list:"))
                            .forEach(l -> sets.put(t.getFileName().toString(), l.substring(l.indexOf(':') + 1).strip()));
                } catch (java.io.IOException gone) {
                    // the thread ended meanwhile
                }
            }
        }
        return sets;
    }

    public static void main(String[] args) throws Exception {
        String before = new BitSetText(new LinuxThreadAffinity().allowed()).toString();
        ParkingCpu cpu = new ParkingCpu();
        // four virtual threads add to it at once
        List<String> out = java.util.Collections.synchronizedList(new ArrayList<>());
        Runnable ask = () -> {
            try {
                CpuidSnapshot first = LeafReader.read(cpu, cpu.core.source());
                CoreTypeReader.Result r = CoreTypeReader.read(first, cpu, () -> new NotingAffinity(cpu),
                        Runtime.getRuntime().availableProcessors());
                out.add("kinds=" + r.kinds().size() + " cpus=" + r.kinds().get(0).logicalCpus());
                out.add("asker virtual=" + isVirtual(Thread.currentThread()));
            } catch (Exception e) {
                out.add("failed " + e);
            }
        };
        // several virtual threads at once, so that carriers are busy and a parked one resumes elsewhere
        List<Thread> threads = new ArrayList<>();
        Object builder = Thread.class.getMethod("ofVirtual").invoke(null);
        for (int i = 0; i < 4; i++) {
            threads.add((Thread) Class.forName("java.lang.Thread$Builder").getMethod("start", Runnable.class)
                    .invoke(builder, ask));
        }
        for (Thread t : threads) {
            t.join();
        }
        System.out.println(String.join("\n", out));
        System.out.println("wrong=" + cpu.wrong.stream().distinct().toList());
        List<String> moved = threadCpuSets().entrySet().stream().filter(e -> !e.getValue().equals(before))
                .map(e -> "thread " + e.getKey() + " allowed " + e.getValue()).toList();
        System.out.println("moved=" + moved);
    }

    /** A CPU set as Linux's {@code Cpus_allowed_list} writes it: {@code 0-3,6}. */
    private record BitSetText(BitSet set) {
        @Override
        public String toString() {
            StringBuilder sb = new StringBuilder();
            for (int i = set.nextSetBit(0); i >= 0; ) {
                int end = set.nextClearBit(i) - 1;
                sb.append(sb.length() == 0 ? "" : ",").append(i).append(i == end ? "" : "-" + end);
                i = set.nextSetBit(end + 1);
            }
            return sb.toString();
        }
    }
}
