package io.cpufeatures.x86.dump;

/**
 * Hexadecimal formatting without {@link java.util.Formatter}, whose first use costs milliseconds
 * of class loading on the probe's start-up path.
 */
public final class Hex {

    private static final char[] DIGITS = "0123456789abcdef".toCharArray();

    private Hex() {
    }

    /**
     * {@code value} as exactly {@code digits} lower-case hex digits (the low ones), zero-padded.
     *
     * @param value  the value; its bits above the {@code digits} low nibbles are dropped
     * @param digits how many digits to write; not negative (beyond 16, the high ones are 0)
     * @return the digits, without {@code 0x}, e.g. {@code 000000e7} for 0xe7 and 8
     */
    public static String of(long value, int digits) {
        char[] c = new char[digits];
        for (int i = digits - 1; i >= 0; i--) {
            c[i] = DIGITS[(int) (value & 0xf)];
            value >>>= 4;
        }
        return new String(c);
    }

    /**
     * {@code value} as {@code 0x} and its lower-case hex digits, without padding ({@code 0xe7}).
     *
     * @param value the value, read as unsigned
     * @return the text, e.g. {@code 0xe7}
     */
    public static String prefixed(long value) {
        return "0x" + Long.toHexString(value);
    }
}
