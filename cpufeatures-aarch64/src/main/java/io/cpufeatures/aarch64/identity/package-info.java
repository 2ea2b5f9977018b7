/**
 * Not exported. Identity: which core a MIDR_EL1 names ({@link io.cpufeatures.aarch64.identity.Cores}), its
 * architecture version and the products built on it, from tables with their sources.
 */
package io.cpufeatures.aarch64.identity;
