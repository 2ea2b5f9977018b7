package io.cpufeatures.verification.first;

import io.cpufeatures.core.internal.KitModule;
import io.cpufeatures.core.jvm.JvmView;
import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.Dispatched;
import io.cpufeatures.dispatch.Implementation;
import io.cpufeatures.dispatch.RequiresFeature;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;

/**
 * A fresh JVM's first call through a dispatch point (the skeleton example's shape: a scalar bit count and one that
 * needs POPCNT and the JIT's {@code jvm.popcnt}), printing nothing: it writes the count, the JVM view's flag source and
 * how many times the running machine was probed to the file {@code args[0]} once the call is made, and exits 3 on a
 * wrong count.
 */
public final class FirstDispatchMain {

    /** The routine. */
    public interface BitCount {
        /** The number of set bits in {@code words}. */
        long count(long[] words);
    }

    /** The portable candidate. */
    @Implementation(name = "scalar", description = "Long.bitCount, whatever the JIT makes of it", priority = 0)
    public static final class Scalar implements BitCount {
        @Override
        public long count(long[] words) {
            long n = 0;
            for (long w : words) {
                for (; w != 0; w &= w - 1) {
                    n++;
                }
            }
            return n;
        }
    }

    /** The candidate that needs the instruction and the JIT's use of it. */
    @Implementation(name = "popcnt", description = "Long.bitCount compiled to POPCNT", priority = 10)
    @RequiresFeature({"popcnt", "jvm.popcnt"})
    public static final class Popcnt implements BitCount {
        @Override
        public long count(long[] words) {
            long n = 0;
            for (long w : words) {
                n += Long.bitCount(w);
            }
            return n;
        }
    }

    static final DispatchPoint<BitCount> POINT = DispatchPoint.builder("first.bitcount", BitCount.class)
            .candidate(Scalar.class).candidate(Popcnt.class).build();

    /** The choice, made when this holder is first touched. */
    private static final class Chosen {
        static final Dispatched<BitCount> IMPL = POINT.dispatched();
    }

    private FirstDispatchMain() {
    }

    public static void main(String[] args) throws IOException {
        long n = Chosen.IMPL.get().count(new long[] {-1L, 0x0101L});
        int probes = KitModule.probes();
        Files.writeString(Paths.get(args[0]), n + "\n" + JvmView.current().flagSource() + "\n" + probes + "\n",
                StandardCharsets.UTF_8);
        if (n != 66) {
            System.exit(3);
        }
    }
}
