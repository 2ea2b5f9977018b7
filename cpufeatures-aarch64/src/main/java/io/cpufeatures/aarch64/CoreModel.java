package io.cpufeatures.aarch64;

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
 * @param nameSources         the sources naming the part (keys of {@code Cores})
 * @param architectureSources the sources of the architecture version, empty with it
 */
public record CoreModel(int implementer, int part, String name, String architecture, String products,
        String nameSources, String architectureSources) {

    /**
     * Validates the parts.
     *
     * @param implementer         MIDR_EL1.Implementer, e.g. {@code 0x41}
     * @param part                MIDR_EL1.PartNum, e.g. {@code 0xd0c}
     * @param name                the core's name; not null
     * @param architecture        the architecture version, or empty when no source states it; not null
     * @param products            the products built on the core, or empty; not null
     * @param nameSources         the keys of the sources naming the part, comma-separated ({@code ULX,LNX,GCC}); not
     *                            null
     * @param architectureSources the keys of the sources of the architecture version, empty exactly when it is; not
     *                            null
     * @throws IllegalArgumentException if only one of {@code architecture} and {@code architectureSources} is empty:
     *                                  a version is kept only with where it comes from
     */
    public CoreModel {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(products, "products");
        Objects.requireNonNull(nameSources, "nameSources");
        if (Objects.requireNonNull(architecture, "architecture").isEmpty()
                != Objects.requireNonNull(architectureSources, "architectureSources").isEmpty()) {
            throw new IllegalArgumentException(name + ": an architecture version goes with its source, and only with it");
        }
    }

    /** {@return the architecture version, e.g. {@code Armv8.2-A}, if a source states it} */
    public Optional<String> architectureVersion() {
        return architecture.isEmpty() ? Optional.empty() : Optional.of(architecture);
    }

    /** {@return the products built on the core, e.g. {@code AWS Graviton2}, if any is listed} */
    public Optional<String> productNames() {
        return products.isEmpty() ? Optional.empty() : Optional.of(products);
    }
}
