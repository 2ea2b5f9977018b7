package io.cpufeatures.x86.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.x86.CpuIdentity;
import io.cpufeatures.x86.X86Vendor;
import io.cpufeatures.x86.emulation.EmulatedCpu;
import org.junit.jupiter.api.Test;

class CpuIdentityTest {

    @Test
    void extendedFamilyIsAddedOnlyForBaseFamily15AndExtendedModelFromFamily6() {
        assertEquals(0x19, CpuIdentity.displayFamily(0x00A60F12));
        assertEquals(0x61, CpuIdentity.displayModel(0x00A60F12));
        assertEquals(6, CpuIdentity.displayFamily(0x00090672));
        assertEquals(0x97, CpuIdentity.displayModel(0x00090672));
        assertEquals(15, CpuIdentity.displayFamily(0x00000F29));
        assertEquals(2, CpuIdentity.displayModel(0x00000F29));
        // Family 5 never adds the extended model, even if the field is non-zero.
        assertEquals(5, CpuIdentity.displayFamily(0x00010543));
        assertEquals(4, CpuIdentity.displayModel(0x00010543));
    }

    @Test
    void vendorAndSignatureComeFromLeaves0And1() {
        CpuIdentity id = CpuIdentity.of(EmulatedCpu.intel(6, 0x55, 7).build());
        assertEquals("GenuineIntel", id.vendorString());
        assertEquals(X86Vendor.INTEL, id.vendor());
        assertEquals(6, id.family());
        assertEquals(0x55, id.model());
        assertEquals(7, id.stepping());
        assertEquals("00050657", id.signatureHex());
        assertEquals("", id.brand());
    }

    @Test
    void brandIsTrimmedAndStopsAtTheFirstNul() {
        var cpu = EmulatedCpu.amd(0x19, 0x61, 2)
                .leaf(0x8000_0002, 0, 0x20202020, 0x20444d41, 0x657a7952, 0x2037206e)
                .leaf(0x8000_0003, 0, 0x30303737, 0x00000058, 0x41414141, 0x41414141)
                .leaf(0x8000_0004, 0, 0, 0, 0, 0).build();
        assertEquals("AMD Ryzen 7 7700X", CpuIdentity.of(cpu).brand());
    }

    /** CPUID.0:EAX is unsigned: a dump claiming 0xFFFFFFFF basic leaves must not read as having none. */
    @Test
    void theHighestBasicLeafIsComparedUnsigned() {
        io.cpufeatures.x86.CpuidSnapshot s = io.cpufeatures.x86.CpuidSnapshot
                .builder(io.cpufeatures.core.SnapshotSource.emulated("test"))
                .put(0, 0, 0xffffffff, 0x756e6547, 0x6c65746e, 0x49656e69)
                .put(1, 0, 0x00050654, 0, 1 << 31 | 1 << 27 | 1 << 26, 0)
                .put(0x4000_0000, 0, 0x4000_0001, 0x4b4d564b, 0x564b4d56, 0x0000004d).build();
        CpuIdentity id = CpuIdentity.of(s);
        assertEquals(0x55, id.model(), "leaf 1 is read");
        io.cpufeatures.x86.rules.X86DecodedCpu info = io.cpufeatures.x86.rules.X86DecodedCpu.of(s);
        assertEquals(java.util.Optional.of("KVM"), info.hypervisor(), "the hypervisor bit of leaf 1 is read");
        assertTrue(info.xcr0().osxsave(), "OSXSAVE of leaf 1 is read");
        assertEquals("Skylake-SP", info.microarchitecture().orElseThrow());
    }
}
