package io.cpufeatures.aarch64.identity;

import java.util.Objects;
import java.util.Optional;

/**
 * One row of the core table: an implementer and part number, the core they name, the architecture
 * version its compiler support targets, the products built on it, and where each fact comes from.
 *
 * @param implementer         MIDR_EL1.Implementer
 * @param part                MIDR_EL1.PartNum
 * @param name                the core's name ({@code Neoverse N1})
 * @param architecture        the architecture version ({@code Armv8.2-A}), empty when no source states it
 * @param products            products built on the core ({@code AWS Graviton2}), empty when none is listed
 * @param nameSources         the sources naming the part (keys of {@link Cores})
 * @param architectureSources the sources of the architecture version, empty with it
 */
public record CoreModel(int implementer, int part, String name, String architecture, String products,
        String nameSources, String architectureSources) {

    /** Validates the parts. */
    public CoreModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(architecture, "architecture");
        Objects.requireNonNull(products, "products");
        Objects.requireNonNull(nameSources, "nameSources");
        Objects.requireNonNull(architectureSources, "architectureSources");
        if (architecture.isEmpty() != architectureSources.isEmpty()) {
            throw new IllegalArgumentException(name + ": an architecture version goes with its source, and only with it");
        }
    }

    /** The architecture version, if a source states it. */
    public Optional<String> architectureVersion() {
        return architecture.isEmpty() ? Optional.empty() : Optional.of(architecture);
    }

    /** The products built on it, if any is listed. */
    public Optional<String> productNames() {
        return products.isEmpty() ? Optional.empty() : Optional.of(products);
    }
}
