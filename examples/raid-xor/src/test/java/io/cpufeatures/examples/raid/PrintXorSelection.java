package io.cpufeatures.examples.raid;

/** Prints the process-wide xor selection and one xor: run in a JVM without the Vector API module. */
public final class PrintXorSelection {

    private PrintXorSelection() {
    }

    /** Entry point. */
    public static void main(String[] args) {
        System.out.print(XorGen.POINT.selection().explain().format());
        byte[] dest = new byte[1];
        XorGen.xorGen(dest, 0, new byte[][] {{1}, {2}}, 0, 1);
        System.out.println("xor of [1, 2] = " + dest[0]);
    }
}
