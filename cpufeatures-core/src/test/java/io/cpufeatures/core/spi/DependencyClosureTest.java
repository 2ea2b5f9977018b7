package io.cpufeatures.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DependencyClosureTest {

    private enum F { A, B, C, D, E }

    private record Row(F feature, F dependsOn) {
    }

    private static Map<F, Set<F>> close(Row... rows) {
        return DependencyClosure.of(F.class, List.of(rows), Row::feature, Row::dependsOn, f -> f.name().toLowerCase(Locale.ROOT));
    }

    @Test
    void everyFeatureGetsWhatItNeedsDirectlyAndThroughOthers() {
        Map<F, Set<F>> c = close(new Row(F.A, F.B), new Row(F.B, F.C), new Row(F.B, F.D), new Row(F.D, F.C));
        assertEquals(Set.of(F.B, F.C, F.D), c.get(F.A));
        assertEquals(Set.of(F.C, F.D), c.get(F.B));
        assertEquals(Set.of(), c.get(F.C));
        assertEquals(Set.of(F.C), c.get(F.D));
        assertEquals(Set.of(), c.get(F.E), "a feature with no row needs nothing");
        assertEquals(F.values().length, c.size());
    }

    @Test
    void aCycleIsRefusedByName() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> close(new Row(F.A, F.B), new Row(F.B, F.C), new Row(F.C, F.A)));
        assertEquals("dependency cycle through a", e.getMessage());
    }
}
