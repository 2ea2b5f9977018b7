package io.cpufeatures.core.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.cpufeatures.core.CpuDescription;
import io.cpufeatures.core.CpuDescription.Fact;
import io.cpufeatures.core.CpuDescription.FactKind;
import io.cpufeatures.core.CpuDescription.Type;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** One list of facts, rendered four ways: JSON fields, text lines, the fleet summary, the identity map. */
class CpuDescriptionTest {

    private static final FactKind NAME = new FactKind("name", "cpu", Type.STRING_OR_NULL, "the name");
    private static final FactKind FAMILY = new FactKind("family", "family", Type.atLeast(false, 0), "the family");
    private static final FactKind LEVEL = new FactKind("level", "level", Type.oneOf(false, "low", "high"), "the level");

    @Test
    void everyRendererWalksTheSameFacts() {
        CpuDescription d = new CpuDescription(List.of(
                Fact.line("cpu", "Toy 9", NAME.is("Toy"), FAMILY.is(9)).summarised("Toy/9"),
                LEVEL.fact("high").summarised("high"),
                new Fact(List.of(), Optional.of(new CpuDescription.Line("note", "x")), Optional.empty())), List.of(),
                List.of());
        assertEquals(List.of("name", "family", "level"), d.fields().stream().map(CpuDescription.Field::key).toList());
        assertEquals(List.of("cpu", "level", "note"), d.lines().stream().map(CpuDescription.Line::label).toList());
        assertEquals("Toy/9  high", d.summary());
        assertEquals(Map.of("name", "Toy", "family", "9", "level", "high"), d.identity());
    }

    @Test
    void aFieldHoldsOnlyAValueOfItsType() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LEVEL.is("medium"));
        assertTrue(e.getMessage().startsWith("level: medium is not a value of"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FAMILY.is(-1));
        assertThrows(IllegalArgumentException.class, () -> FAMILY.is(null));
        assertThrows(IllegalArgumentException.class, () -> FAMILY.is("9"));
        assertEquals(null, NAME.is(null).value());
        assertThrows(IllegalArgumentException.class, () -> new FactKind("Bad-Key", "x", Type.STRING, "x"));
        assertThrows(IllegalArgumentException.class, () -> new Type("boolean", false, List.of(), "", Optional.empty()));
    }

    @Test
    void twoFactsCannotGiveOneField() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new CpuDescription(
                List.of(NAME.fact("a"), NAME.fact("b")), List.of(), List.of()));
        assertEquals("two facts give the field name", e.getMessage());
        assertEquals(Optional.empty(), NAME.fact(null).line(), "a null value has no line of text");
        assertThrows(IllegalArgumentException.class, () -> new Fact(List.of(), Optional.empty(), Optional.empty()));
    }
}
