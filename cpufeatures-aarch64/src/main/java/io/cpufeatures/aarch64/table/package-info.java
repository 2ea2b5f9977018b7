/**
 * Not exported. The present layer: the feature table as the kit reads it, the terms its rows are written
 * with, and presence from the ID registers or the HWCAP.
 */
package io.cpufeatures.aarch64.table;
