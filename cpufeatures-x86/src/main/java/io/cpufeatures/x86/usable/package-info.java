/**
 * The usable layer: XCR0 (read, given or inferred), the dependency and errata tables, and the
 * rules that turn present features into usable ones with a reason for every refusal.
 */
package io.cpufeatures.x86.usable;
