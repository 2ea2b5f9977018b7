package io.cpufeatures.core.kit;

/**
 * An architecture's cold path to the first answer: it reads the few words of this machine that
 * {@code has} needs and answers from tables worked out ahead of time, before any other part of the
 * module is loaded. The core reaches it by the class that declares each {@code os.arch} value
 * ({@code io.cpufeatures.core.internal.FirstLayers}); that class, when initialised, offers its layer to
 * the core.
 *
 * <p>A layer answers only what it knows to be the answer of the full decode: where it cannot be
 * exact (a hybrid part, another OS, a probe that failed, a name it does not hold) it answers nothing,
 * and the full probe answers and explains. Written for a cold JVM: no lambdas, streams, regular
 * expressions, reflection, {@code String.format}, generated record methods or logging.
 */
public interface FirstLayer {

    /**
     * Probes this machine.
     *
     * @return the answers of this machine; null when this layer cannot answer it exactly here (the full
     *         probe then answers, and says why). Never throws for a machine it cannot read.
     */
    FirstAnswer probe();
}
