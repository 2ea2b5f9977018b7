/**
 * Internal to the core: the modules on the class path, the one name index, name distances. Not API.
 */
package io.cpufeatures.core.internal;
