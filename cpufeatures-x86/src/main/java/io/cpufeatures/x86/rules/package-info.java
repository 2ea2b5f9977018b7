/**
 * Not exported. The usable layer's x86 rules, bound to the kit: XCR0 (read, given or inferred) and the
 * OS-state check, the dependency and errata tables.
 */
package io.cpufeatures.x86.rules;
