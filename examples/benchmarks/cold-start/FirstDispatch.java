/**
 * The first call through a dispatch point of a fresh process (the skeleton example's bit count: its holder's
 * selection, the probe, the JVM's view of the popcnt flag, the candidates' self-tests), and its time in the process,
 * in microseconds.
 */
public class FirstDispatch {
    public static void main(String[] a) {
        long t = System.nanoTime();
        long n = io.cpufeatures.examples.skeleton.BitCounts.count(new long[] {-1L, 0x0101L});
        System.out.println(n + " " + (System.nanoTime() - t) / 1000);
    }
}
