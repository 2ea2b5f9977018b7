package io.cpufeatures.x86.probe;

import io.cpufeatures.core.ProbeMode;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.os.AuxvFile;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.x86.CpuidLeaf;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * For {@link JniCpuidQemuTest}: reads the native probe's whole leaf plan through the probe library and through JNA's
 * stub page, on one thread, and prints what each gave: {@code leaves=N}, {@code differences=...} (empty when every
 * leaf is equal), {@code xcr0.jni=...}, {@code xcr0.stubs=...}, and which instruction answered.
 */
public final class JniAgainstStubsMain {

    private JniAgainstStubsMain() {
    }

    public static void main(String[] args) throws Exception {
        JniCpuid jni = JniCpuid.open();
        SnapshotSource source = new SnapshotSource(SourceKind.NATIVE, "comparison");
        CpuidSnapshot viaJni = LeafReader.read(jni, source);
        CpuidSnapshot viaStubs;
        long stubsXcr0;
        try (NativeCpuid stubs = NativeCpuid.open()) {
            viaStubs = LeafReader.read(stubs, source);
            boolean osxsave = (stubs.cpuid(1, 0).ecx() >>> 27 & 1) != 0;
            stubsXcr0 = osxsave ? stubs.xgetbv0() : 0;
        }
        List<String> differences = new ArrayList<>();
        Map<CpuidLeaf, CpuidRegisters> a = viaJni.leaves();
        Map<CpuidLeaf, CpuidRegisters> b = viaStubs.leaves();
        for (Map.Entry<CpuidLeaf, CpuidRegisters> e : a.entrySet()) {
            if (!e.getValue().equals(b.get(e.getKey()))) {
                differences.add(e.getKey() + ": " + e.getValue() + " vs " + b.get(e.getKey()));
            }
        }
        for (CpuidLeaf leaf : b.keySet()) {
            if (!a.containsKey(leaf)) {
                differences.add(leaf + ": only through the stub page");
            }
        }
        System.out.println("jni=" + jni);
        System.out.println("leaves=" + a.size());
        System.out.println("differences=" + String.join("; ", differences));
        System.out.println("xcr0.jni=" + Long.toHexString(jni.xgetbv0()));
        System.out.println("xcr0.stubs=" + Long.toHexString(stubsXcr0));
        System.out.println("snapshot.xcr0.equal=" + viaJni.xcr0().equals(viaStubs.xcr0()));
        // the kernel's word under the emulator: the vector's leaf-1 word is the model's, /proc/cpuinfo the host's
        int mask = KernelWordCheck.KNOWN_LEAF1_EDX;
        System.out.println("hwcap=" + Long.toHexString(AuxvFile.read(AuxvFile.SELF, AuxvFile.AT_HWCAP)[0] & mask));
        System.out.println("cpuid1.edx=" + Integer.toHexString(jni.cpuid(1, 0).edx() & mask));
        CpuidSnapshot kernel = ProcCpuinfo.parse(java.nio.file.Files.readString(java.nio.file.Path.of("/proc/cpuinfo")),
                source);
        System.out.println("kernel.edx=" + Integer.toHexString(kernel.read(1).edx() & mask));
        X86Probe.Outcome o = X86Probe.system().probe(ProbeMode.PROC_CPUINFO);
        System.out.println("kernel.answered=" + o.snapshot().isPresent());
        System.out.println("kernel.failure=" + (o.source().failures().isEmpty() ? ""
                : o.source().failures().get(0).reason()));
    }
}
