package io.cpufeatures.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The registry: its table, and what it does with a class of the table that is missing or cannot link. */
class ArchitecturesTest {

    /** A class whose initialiser fails, as a module built for a newer JDK or missing a dependency does. */
    static final class Unlinkable {
        static {
            if (true) {
                throw new NoClassDefFoundError("com/example/Missing");
            }
        }
    }

    @Test
    void aTableClassThatIsMissingOrCannotLinkOffersNothingAndThrowsNothing() {
        Architectures.load("com.example.Gone");
        Architectures.load(Unlinkable.class.getName());
    }

    @Test
    void theTableNamesEachOsArchOnceWithItsArtifact() {
        String[] table = Architectures.table();
        assertEquals(0, table.length % 3);
        List<String> osArchs = new ArrayList<>();
        for (int i = 0; i < table.length; i += 3) {
            assertTrue(!osArchs.contains(table[i]), "os.arch " + table[i] + " twice");
            osArchs.add(table[i]);
            assertTrue(table[i + 2].startsWith("io.cpufeatures:cpufeatures-"), table[i + 2]);
            assertEquals(table[i + 2], Architectures.artifact(table[i]).orElseThrow());
        }
        assertEquals(List.of("amd64", "x86_64", "aarch64", "arm64", "ppc64le"), osArchs);
    }
}
