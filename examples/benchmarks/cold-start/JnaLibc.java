/** An anchor: JNA's first library handle ({@code NativeLibrary.getInstance("c")}: its native library, then ldconfig). */
public class JnaLibc {
    public static void main(String[] a) {
        long t = System.nanoTime();
        Object c = com.sun.jna.NativeLibrary.getInstance("c");
        System.out.println((c != null) + " " + (System.nanoTime() - t) / 1000);
    }
}
