package io.cpufeatures.dispatch;

import java.util.List;

/**
 * Lists a library's dispatch points for {@link java.util.ServiceLoader}, so tools (the
 * {@code cpufeatures dispatch} command) and override validation find every point on the class
 * path. Register it in {@code META-INF/services/io.cpufeatures.dispatch.DispatchPointProvider}.
 */
public interface DispatchPointProvider {

    /** {@return the library's points (typically its {@code static final DispatchPoint} fields)} */
    List<DispatchPoint<?>> dispatchPoints();
}
