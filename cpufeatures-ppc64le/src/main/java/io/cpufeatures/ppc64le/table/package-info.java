/**
 * Not exported. The ppc64le tables as the kit reads them: the families, the feature and dependency tables.
 */
package io.cpufeatures.ppc64le.table;
