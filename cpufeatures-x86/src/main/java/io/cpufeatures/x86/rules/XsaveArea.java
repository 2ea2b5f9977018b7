package io.cpufeatures.x86.rules;

/**
 * Where one user state component lies in the standard (non-compacted) XSAVE area: what
 * CPUID.(0xD,n) reports as EBX (offset) and EAX (size).
 *
 * @param component the component's XCR0 bit
 * @param offset    its offset from the start of the area, in bytes
 * @param size      its size in bytes
 */
public record XsaveArea(int component, int offset, int size) {

    /**
     * Validates the parts: a user component lies after the legacy region and the XSAVE header.
     *
     * @param component the component's XCR0 bit, 2..63
     * @param offset    its offset from the start of the area, in bytes, at least 576
     * @param size      its size in bytes, above 0
     * @throws IllegalArgumentException if a part is outside those ranges
     */
    public XsaveArea {
        if (component < 2 || component > 63 || offset < 576 || size <= 0) {
            throw new IllegalArgumentException("component " + component + " at " + offset + " (" + size
                    + " bytes): accepted are components 2..63, offsets from 576 (after the legacy region and header),"
                    + " sizes above 0");
        }
    }

    /** {@return the offset of the first byte after the component: {@code offset + size}} */
    public int end() {
        return offset + size;
    }
}
