/** The first answer of a fresh process: {@code CpuFeatures.current().has("avx2")}, and its time in the process, in microseconds. */
public class FirstHas {
    public static void main(String[] a) {
        long t = System.nanoTime();
        boolean h = io.cpufeatures.core.CpuFeatures.current().has("avx2");
        System.out.println(h + " " + (System.nanoTime() - t) / 1000);
    }
}
