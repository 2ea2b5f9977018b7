package io.cpufeatures.processor;

import io.cpufeatures.dispatch.DispatchPoint;
import io.cpufeatures.dispatch.DispatchPointProvider;
import java.util.List;

/** A provider compiled earlier (in this module's tests): an entry of an existing service file that is kept. */
public final class KeptProvider implements DispatchPointProvider {

    public KeptProvider() {
    }

    @Override
    public List<DispatchPoint<?>> dispatchPoints() {
        return List.of();
    }
}
