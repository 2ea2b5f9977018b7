package io.cpufeatures.x86.rules;

import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.table.X86Feature;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.Optional;

/**
 * Names the hypervisor from its signature at CPUID.0x40000000 (EBX, ECX, EDX), read only when
 * the hypervisor bit CPUID.1:ECX[31] is set: on bare metal that leaf returns unrelated data.
 * Signatures as Linux {@code arch/x86/kernel/cpu/hypervisor.c} and the hypervisors document them.
 */
public final class HypervisorVendors {

    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("KVMKVMKVM", "KVM"),
            Map.entry("Microsoft Hv", "Microsoft Hyper-V"),
            Map.entry("VMwareVMware", "VMware"),
            Map.entry("XenVMMXenVMM", "Xen"),
            Map.entry("TCGTCGTCGTCG", "QEMU (TCG)"),
            Map.entry(" lrpepyh  vr", "Parallels"),
            Map.entry("prl hyperv  ", "Parallels"),
            Map.entry("bhyve bhyve ", "bhyve"),
            Map.entry("ACRNACRNACRN", "ACRN"),
            Map.entry("QNXQVMBSQG", "QNX Hypervisor"),
            Map.entry("VBoxVBoxVBox", "VirtualBox"),
            Map.entry("Jailhouse", "Jailhouse"),
            Map.entry("HAXMHAXMHAXM", "Intel HAXM"),
            Map.entry("EVMMEVMMEVMM", "Intel KGT"),
            Map.entry("UnisysSpar64", "Unisys s-Par"),
            Map.entry("Linux KVM Hv", "KVM (Hyper-V enlightenments)"),
            Map.entry("VirtualApple", "Apple Rosetta 2"));

    private HypervisorVendors() {
    }

    /**
     * The hypervisor's name when the hypervisor bit is set: its known name, else its raw signature,
     * else {@code "unknown"} when leaf 0x40000000 is missing or empty.
     *
     * @param snapshot the snapshot; not null
     * @return the name, e.g. {@code KVM}; empty when the hypervisor bit is clear
     */
    public static Optional<String> of(CpuidSnapshot snapshot) {
        if (!snapshot.definesBasicLeaf(1) || !snapshot.read(1).bit(X86Feature.HYPERVISOR.bit().register(),
                X86Feature.HYPERVISOR.bit().bit())) {
            return Optional.empty();
        }
        CpuidRegisters r = snapshot.read(0x4000_0000);
        String signature = signature(r);
        if (signature.isBlank()) {
            return Optional.of("unknown");
        }
        return Optional.of(NAMES.getOrDefault(signature, signature.strip()));
    }

    /** The 12-byte signature of EBX, ECX, EDX up to the first NUL byte. */
    static String signature(CpuidRegisters r) {
        ByteBuffer buf = ByteBuffer.allocate(12).order(ByteOrder.LITTLE_ENDIAN);
        buf.putInt(r.ebx()).putInt(r.ecx()).putInt(r.edx());
        byte[] b = buf.array();
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < end; i++) {
            int c = b[i] & 0xff;
            sb.append(c >= 0x20 && c < 0x7f ? (char) c : '?');
        }
        return sb.toString();
    }
}
