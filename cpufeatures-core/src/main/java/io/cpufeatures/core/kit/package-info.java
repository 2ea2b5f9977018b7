/**
 * The decoding kit: what every architecture module's decoder shares, so that an architecture supplies
 * only what is its own (its feature table, its OS-state checks, its errata, policy and identity rows, its
 * probes and dump formats). Tables ({@link io.cpufeatures.core.kit.FeatureTable},
 * {@link io.cpufeatures.core.kit.DependencyTable}, {@link io.cpufeatures.core.kit.Erratum},
 * {@link io.cpufeatures.core.kit.PolicyRule}, {@link io.cpufeatures.core.kit.OwnRules}), the decoded CPU: its usable
 * layer, traces and the view the facade asks ({@link io.cpufeatures.core.kit.TableDecoding}), and the vocabulary
 * ({@link io.cpufeatures.core.kit.Vocabularies}), for any {@link io.cpufeatures.core.kit.Architecture}.
 * For architecture modules; applications use {@link io.cpufeatures.core.CpuFeatures}.
 */
package io.cpufeatures.core.kit;
