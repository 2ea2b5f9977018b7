package io.cpufeatures.aarch64;

/**
 * The auxiliary-vector words in which Linux publishes what user space may use: each a 64-bit mask,
 * the entry of its type in the process's auxiliary vector ({@link io.cpufeatures.os.AuxvFile}). AT_HWCAP3 (type 29, {@code include/uapi/linux/auxvec.h}: "extension
 * of AT_HWCAP") is recent: arm64 bits appear in it with MTE_FAR, MTE store-only, LSFE and LS64; older
 * kernels, and qemu-user 7.2, put no such entry in the auxiliary vector at all.
 */
public enum HwcapWord {
    /** {@code AT_HWCAP}, auxv type 16. */
    HWCAP(io.cpufeatures.os.AuxvFile.AT_HWCAP),
    /** {@code AT_HWCAP2}, auxv type 26. */
    HWCAP2(io.cpufeatures.os.AuxvFile.AT_HWCAP2),
    /** {@code AT_HWCAP3}, auxv type 29. */
    HWCAP3(io.cpufeatures.os.AuxvFile.AT_HWCAP3);

    private final int auxvType;

    HwcapWord(int auxvType) {
        this.auxvType = auxvType;
    }

    /** {@return the {@code AT_*} type of its auxiliary-vector entry: 16, 26 or 29} */
    public int auxvType() {
        return auxvType;
    }

    /** {@return the prefix of its bits' macros in {@code asm/hwcap.h}, e.g. {@code HWCAP2_}} */
    public String macroPrefix() {
        return name() + "_";
    }

    /** {@return its name as the auxiliary vector names it, e.g. {@code AT_HWCAP2}} */
    public String auxvName() {
        return "AT_" + name();
    }
}
