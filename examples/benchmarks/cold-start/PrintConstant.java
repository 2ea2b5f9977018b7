/** The floor: a JVM whose only work is printing a constant (the same output shape as the others). */
public class PrintConstant {
    public static void main(String[] a) {
        long t = System.nanoTime();
        boolean h = Boolean.parseBoolean("true");
        System.out.println(h + " " + (System.nanoTime() - t) / 1000);
    }
}
