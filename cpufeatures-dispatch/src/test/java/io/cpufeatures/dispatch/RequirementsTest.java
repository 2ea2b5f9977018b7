package io.cpufeatures.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.UnknownFeatureException;
import io.cpufeatures.dispatch.fixtures.Kernels;
import io.cpufeatures.dispatch.fixtures.Machines;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequirementsTest {

    @RequiresFeature("avx512")
    static final class Typo {
    }

    @RequiresFeature(value = "avx2", absent = "prefer_ymmm")
    static final class AbsentTypo {
    }

    @RequiresFeature("sse3")
    @RequiresFeature({"LZCNT", "jvm.bmi2"})
    static final class Repeated {
    }

    @Test
    void annotationsAreReadDirectlyRepeatedAndThroughMetaAnnotationsAndCanonicalised() {
        assertEquals(List.of("pni", "abm", "jvm.bmi2"), Requirements.of(Repeated.class).required());
        Requirements zmm = Requirements.of(Kernels.Wide512.class);
        assertEquals(List.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"), zmm.required());
        assertEquals(List.of("prefer_ymm"), zmm.absent());
        assertEquals("avx512f, avx512cd, avx512bw, avx512dq, avx512vl; not prefer_ymm", zmm.summary());
    }

    @Test
    void anUnknownNameNamesTheClassTheAttributeAndTheClosestNames() {
        UnknownFeatureException e = assertThrows(UnknownFeatureException.class, () -> Requirements.of(Typo.class));
        assertTrue(e.getMessage().contains(Typo.class.getName()), e.getMessage());
        assertTrue(e.getMessage().contains("@RequiresFeature of " + Typo.class.getName() + ".value"), e.getMessage());
        assertTrue(e.suggestions().contains("avx512f"), e.getMessage());
        UnknownFeatureException a = assertThrows(UnknownFeatureException.class, () -> Requirements.of(AbsentTypo.class));
        assertTrue(a.getMessage().contains(".absent"), a.getMessage());
        assertTrue(a.suggestions().contains("prefer_ymm"), a.getMessage());
    }

    @Test
    void unmetRequirementsCarryTheDecodingLayersReasons() {
        List<Requirements.Unmet> unmet = Requirements.of(Kernels.Wide512.class).check(Machines.zen4Xcr0Avx());
        assertEquals(5, unmet.size());
        assertTrue(unmet.get(0).toString().startsWith("avx512f: register-state: XCR0=0x7 (read with XGETBV) lacks"), unmet.toString());
        List<Requirements.Unmet> skx = Requirements.of(Kernels.Wide512.class).check(Machines.skylakeSp());
        assertEquals("[prefer_ymm is set (excluded)]", skx.toString());
        assertTrue(Requirements.of(Kernels.Wide512.class).check(Machines.zen4()).isEmpty());
    }
}
