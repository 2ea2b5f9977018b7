package io.cpufeatures.core.testing;

import io.cpufeatures.core.CpuFeatures;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;

/** Run in a fresh JVM: 64 threads call CpuFeatures.current() at the same moment; prints the counts. */
public final class RaceMain {

    private RaceMain() {
    }

    public static void main(String[] args) throws Exception {
        io.cpufeatures.core.testing.OfferCountingProvider.offer();
        int threads = 64;
        CyclicBarrier barrier = new CyclicBarrier(threads);
        CountDownLatch done = new CountDownLatch(threads);
        Set<CpuFeatures> seen = Collections.synchronizedSet(Collections.newSetFromMap(new IdentityHashMap<>()));
        for (int i = 0; i < threads; i++) {
            new Thread(() -> {
                try {
                    barrier.await();
                    seen.add(CpuFeatures.current());
                } catch (Exception e) {
                    e.printStackTrace();
                } finally {
                    done.countDown();
                }
            }).start();
        }
        done.await();
        System.out.println("probes=" + CountingProvider.probes() + " instances=" + seen.size());
    }
}
