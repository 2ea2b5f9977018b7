package io.cpufeatures.x86.probe;

/**
 * The machine code of the probe's two stubs, for the x86-64 System V ABI (Linux, macOS, BSDs) and
 * the Windows x64 ABI, each instruction with its bytes. Written from the Intel SDM encodings.
 *
 * <p>{@code void cpuid(uint32_t leaf, uint32_t subleaf, uint32_t out[4])} stores EAX, EBX, ECX, EDX
 * in {@code out}. RBX is callee-saved in both ABIs and CPUID writes it, so it is saved on the stack.
 * CPUID also writes RDX, which holds {@code out} in the System V ABI, so the pointer is moved to R8
 * first. {@code uint64_t xgetbv0(void)} returns XCR0 (EDX:EAX combined in RAX).
 */
final class MachineCode {

    /** System V: leaf in EDI, subleaf in ESI, out in RDX. */
    static final byte[] CPUID_SYSV = bytes(
            0x53,                   // push rbx
            0x89, 0xF8,             // mov  eax, edi          ; leaf
            0x89, 0xF1,             // mov  ecx, esi          ; subleaf
            0x49, 0x89, 0xD0,       // mov  r8, rdx           ; out (CPUID overwrites rdx)
            0x0F, 0xA2,             // cpuid
            0x41, 0x89, 0x00,       // mov  [r8], eax
            0x41, 0x89, 0x58, 0x04, // mov  [r8+4], ebx
            0x41, 0x89, 0x48, 0x08, // mov  [r8+8], ecx
            0x41, 0x89, 0x50, 0x0C, // mov  [r8+12], edx
            0x5B,                   // pop  rbx
            0xC3);                  // ret

    /** Windows x64: leaf in ECX, subleaf in EDX, out in R8 (which CPUID leaves alone). */
    static final byte[] CPUID_WIN64 = bytes(
            0x53,                   // push rbx
            0x89, 0xC8,             // mov  eax, ecx          ; leaf
            0x89, 0xD1,             // mov  ecx, edx          ; subleaf
            0x0F, 0xA2,             // cpuid
            0x41, 0x89, 0x00,       // mov  [r8], eax
            0x41, 0x89, 0x58, 0x04, // mov  [r8+4], ebx
            0x41, 0x89, 0x48, 0x08, // mov  [r8+8], ecx
            0x41, 0x89, 0x50, 0x0C, // mov  [r8+12], edx
            0x5B,                   // pop  rbx
            0xC3);                  // ret

    /** Both ABIs: no arguments, result in RAX. */
    static final byte[] XGETBV0 = bytes(
            0x31, 0xC9,             // xor  ecx, ecx          ; XCR0
            0x0F, 0x01, 0xD0,       // xgetbv                 ; edx:eax = XCR0
            0x48, 0xC1, 0xE2, 0x20, // shl  rdx, 32
            0x48, 0x09, 0xD0,       // or   rax, rdx
            0xC3);                  // ret

    /** Where the XGETBV stub starts in the code page (the CPUID stub is at 0). */
    static final int XGETBV_OFFSET = 64;

    private MachineCode() {
    }

    /** The code page for an ABI: the CPUID stub at 0, the XGETBV stub at {@link #XGETBV_OFFSET}, int3 between. */
    static byte[] page(boolean windows, int size) {
        byte[] page = new byte[size];
        java.util.Arrays.fill(page, (byte) 0xCC); // int3: anything that jumps astray traps
        byte[] cpuid = windows ? CPUID_WIN64 : CPUID_SYSV;
        System.arraycopy(cpuid, 0, page, 0, cpuid.length);
        System.arraycopy(XGETBV0, 0, page, XGETBV_OFFSET, XGETBV0.length);
        return page;
    }

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }
}
