package io.cpufeatures.cli;

import io.cpufeatures.core.jvm.JvmView;

/**
 * The JVM view the command reports. The command's own JVM does not load {@code jdk.incubator.vector} unless a
 * caller asks for the real selection ({@code report --select}, {@code dispatch} on this machine: the launcher then
 * adds the module), because loading it costs every run the class-data archive's module graph and prints the
 * incubator warning. Otherwise it reports what an application started with {@code --add-modules
 * jdk.incubator.vector} gets on this JVM: the preferred species derived from the HotSpot flags that decide it
 * ({@link JvmView#assumingVectorApi()}), which tests hold equal to the real one.
 */
final class CommandJvm {

    private CommandJvm() {
    }

    /**
     * The view to report.
     *
     * @param realSelection whether the command makes and self-tests candidates here (then the real view: a
     *                      candidate the module cannot serve must not be chosen)
     * @return the running JVM's view, or that view assuming the Vector API
     */
    static JvmView view(boolean realSelection) {
        return realSelection ? JvmView.current() : JvmView.current().assumingVectorApi();
    }
}
