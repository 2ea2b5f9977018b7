/**
 * Not exported. The present layer: the feature table as the kit reads it, the terms its rows are
 * written with, and which flags CPUID reports.
 */
package io.cpufeatures.x86.table;
