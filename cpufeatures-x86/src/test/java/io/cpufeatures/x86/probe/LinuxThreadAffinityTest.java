package io.cpufeatures.x86.probe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/** The real sched_getaffinity/sched_setaffinity on this machine, in a thread of its own. */
@EnabledOnOs(OS.LINUX)
class LinuxThreadAffinityTest {

    @Test
    void aThreadIsPinnedToEachCpuAndGivenItsSetBackAndAnAbsentCpuIsRefused() throws Throwable {
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                LinuxThreadAffinity a = new LinuxThreadAffinity();
                BitSet original = a.allowed();
                assertTrue(original.cardinality() >= 1, original.toString());
                for (int n = original.nextSetBit(0); n >= 0; n = original.nextSetBit(n + 1)) {
                    a.pin(n);
                    BitSet one = new BitSet();
                    one.set(n);
                    assertEquals(one, a.allowed());
                }
                a.restore(original);
                assertEquals(original, a.allowed());
                // a CPU this machine does not have: the kernel refuses with EINVAL, the set is unchanged
                ThreadAffinity.AffinityException e = assertThrows(ThreadAffinity.AffinityException.class, () -> a.pin(1000));
                assertEquals(22, e.errno());
                assertTrue(e.getMessage().contains("EINVAL"), e.getMessage());
                assertEquals(original, a.allowed());
            } catch (Throwable e) {
                failure.set(e);
            }
        });
        t.start();
        t.join();
        if (failure.get() != null) {
            throw failure.get();
        }
    }
}
