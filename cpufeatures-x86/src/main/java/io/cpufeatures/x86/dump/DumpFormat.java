package io.cpufeatures.x86.dump;

/** The text formats of CPUID dumps the parsers read; detected from the content, not the name. */
public enum DumpFormat {
    /**
     * {@code cpuid -r} of the Debian package {@code cpuid}: {@code CPU n:} headers, then
     * {@code 0xLLLLLLLL 0xSS: eax=0x... ebx=0x... ecx=0x... edx=0x...} lines.
     */
    CPUID_R,
    /**
     * AIDA64 / InstLatx64 reports: {@code CPUID LLLLLLLL: EAX-EBX-ECX-EDX [SL ss]} lines, with or
     * without logical CPU headers, subleaf tags or colons; other report text is ignored.
     */
    AIDA64,
    /** libcpuid's raw format: {@code basic_cpuid[i]=eax ebx ecx edx}, {@code ext_cpuid[i]=...}, ... */
    LIBCPUID_RAW;

    /** {@return the format's identifier in reports ({@code cpuid_r}, {@code aida64}, {@code libcpuid_raw})} */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
