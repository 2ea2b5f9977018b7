package io.cpufeatures.core.jvm;

import io.cpufeatures.core.internal.Once;
import java.lang.reflect.Method;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads HotSpot VM flags through {@code HotSpotDiagnosticMXBean}, reflectively, so nothing breaks
 * on a JVM without it (OpenJ9, a native image, a runtime image without {@code java.management}):
 * there every flag reads as absent. A flag this JVM does not define also reads as absent.
 */
final class HotSpotFlags {

    private HotSpotFlags() {
    }

    /**
     * The values of the flags {@code names} this JVM defines, as strings, in that order; empty when
     * the MXBean is not available. Costs a few milliseconds (the MXBean's first use), so callers read
     * it lazily.
     */
    static Map<String, String> read(List<String> names) {
        return read(names, bean());
    }

    /**
     * The values of the flags {@code names} as {@code bean} (a {@code HotSpotDiagnosticMXBean}, or
     * none) gives them: a flag the bean refuses, in any way, reads as absent.
     */
    static Map<String, String> read(List<String> names, Optional<Object> bean) {
        Map<String, String> values = new LinkedHashMap<>();
        if (bean.isEmpty()) {
            return values;
        }
        try {
            Class<?> beanType = Class.forName("com.sun.management.HotSpotDiagnosticMXBean");
            Method getVmOption = beanType.getMethod("getVMOption", String.class);
            Method getValue = Class.forName("com.sun.management.VMOption").getMethod("getValue");
            for (String name : names) {
                try {
                    Object option = getVmOption.invoke(bean.get(), name);
                    values.put(name, String.valueOf(getValue.invoke(option)));
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // The flag does not exist on this JVM or platform (UseAVX on AArch64, UseSVE on x86).
                }
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            Once.rethrowIfMomentary(e);
            values.clear();
        }
        return values;
    }

    private static Optional<Object> bean() {
        try {
            Class<?> beanType = Class.forName("com.sun.management.HotSpotDiagnosticMXBean");
            Class<?> factory = Class.forName("java.lang.management.ManagementFactory");
            Method getPlatformMxBean = factory.getMethod("getPlatformMXBean", Class.class);
            return Optional.ofNullable(getPlatformMxBean.invoke(null, beanType));
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }
}
