package io.cpufeatures.x86.dump;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.common.testing.EqualsTester;
import io.cpufeatures.core.SnapshotSource;
import io.cpufeatures.core.SourceKind;
import io.cpufeatures.x86.CpuidRegisters;
import io.cpufeatures.x86.CpuidSnapshot;
import io.cpufeatures.x86.Register;
import io.cpufeatures.x86.TilePermission;
import io.cpufeatures.x86.Xcr0Source;
import org.junit.jupiter.api.Test;

/**
 * A snapshot's equality covers everything that decides its decoding and nothing else: a fleet that
 * groups equal snapshots as one CPU must never merge two that decode differently, and must not
 * split one CPU because it was read from two places.
 */
class CpuidSnapshotEqualityTest {

    private static CpuidSnapshot.Builder leaves(SourceKind kind, String detail) {
        return CpuidSnapshot.builder(new SnapshotSource(kind, detail))
                .put(0, 0, 0xD, 0x756e6547, 0x6c65746e, 0x49656e69)
                .put(1, 0, 0x50654, 0x100800, 0x7ffefbff, 0xbfebfbff);
    }

    @Test
    void equalityIsLeavesXcr0HowItWasKnownAndTheTilePermissionButNotWhereItWasRead() {
        TilePermission granted = new TilePermission(TilePermission.State.GRANTED, "ARCH_GET_XCOMP_PERM 0x60000");
        TilePermission notAsked = new TilePermission(TilePermission.State.NOT_REQUESTED, "ARCH_GET_XCOMP_PERM 0x20000");
        new EqualsTester()
                .addEqualityGroup(
                        leaves(SourceKind.NATIVE, "cpuid").xcr0(0x7, Xcr0Source.XGETBV).build(),
                        leaves(SourceKind.FILE, "a.txt").xcr0(0x7, Xcr0Source.XGETBV).build())
                .addEqualityGroup(leaves(SourceKind.NATIVE, "cpuid").xcr0(0xE7, Xcr0Source.XGETBV).build())
                .addEqualityGroup(leaves(SourceKind.FILE, "a.txt").xcr0(0x7, Xcr0Source.USER).build())
                .addEqualityGroup(leaves(SourceKind.FILE, "a.txt").build())
                .addEqualityGroup(leaves(SourceKind.FILE, "a.txt").put(7, 0, 0, 0x20, 0, 0).build())
                .addEqualityGroup(
                        leaves(SourceKind.NATIVE, "cpuid").xcr0(0x7, Xcr0Source.XGETBV).build().withTilePermission(granted),
                        leaves(SourceKind.FILE, "b.txt").xcr0(0x7, Xcr0Source.XGETBV).build().withTilePermission(granted))
                .addEqualityGroup(
                        leaves(SourceKind.NATIVE, "cpuid").xcr0(0x7, Xcr0Source.XGETBV).build().withTilePermission(notAsked))
                .addEqualityGroup(
                        leaves(SourceKind.FILE, "a.txt").unstated(7, 0, new CpuidRegisters(0, 0x20, 0, 0)).build(),
                        leaves(SourceKind.FILE, "b.txt").unstated(7, 0, new CpuidRegisters(0, 0x20, 0, 0)).build())
                .testEquals();
    }

    /**
     * The bits a text leaves unstated are kept through every copy, and a bit cannot be both set and unstated: a source
     * that states a bit 1 states it.
     */
    @Test
    void unstatedBitsAreKeptAndNeverSet() {
        CpuidSnapshot s = leaves(SourceKind.FILE, "a.txt").unstated(7, 0, new CpuidRegisters(0, 0x20, 0, 0))
                .unstated(7, 0, new CpuidRegisters(0, 0x8, 0, 0)).build();
        assertEquals(new CpuidRegisters(0, 0x28, 0, 0), s.unstated(7, 0));
        assertFalse(s.states(7, 0, Register.EBX, 5));
        assertTrue(s.states(7, 0, Register.EBX, 4));
        assertTrue(s.states(1, 0, Register.ECX, 28));
        assertEquals(s.unstated(7, 0), s.withXcr0(0x7, Xcr0Source.USER).withoutXcr0().unstated(7, 0));
        assertThrows(IllegalStateException.class, () -> leaves(SourceKind.FILE, "a.txt")
                .unstated(1, 0, new CpuidRegisters(0, 0, 0x4, 0)).build(), "ECX[2] is 1 in leaf 1 of these leaves");
    }
}
