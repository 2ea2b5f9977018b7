package io.cpufeatures.verification.first;

/**
 * The baseline: a JVM started with the same class path that prints a constant, having read one class from a jar (as
 * every application does: the JDK's jar reading is not the library's).
 */
public final class ConstantMain {

    private ConstantMain() {
    }

    public static void main(String[] args) {
        System.out.println(org.slf4j.Marker.class != null);
    }
}
