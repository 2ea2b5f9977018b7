/**
 * An anchor: Lucene's first vectorised call ({@code VectorUtil.dotProduct}, whose first use makes Lucene's
 * vectorisation provider decide what this CPU and JVM get).
 */
public class LuceneFirst {
    public static void main(String[] a) {
        long t = System.nanoTime();
        float d = org.apache.lucene.util.VectorUtil.dotProduct(new float[] {1, 2}, new float[] {3, 4});
        System.out.println(d + " " + (System.nanoTime() - t) / 1000);
    }
}
