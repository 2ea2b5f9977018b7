package io.cpufeatures.examples.raid;

import io.cpufeatures.buildsupport.TwoUsers;
import io.cpufeatures.core.CpuFeatures;

/**
 * The victim of {@link JnaTwoUsersTest}, run as its own user: the CPU's report and the native xor's choice (its
 * variants are bound through JNA), then one line per fact: {@code source=}, {@code native=} (the native point's
 * choice), {@code jna.loaded=}, {@code jnidispatch.path=}, and {@code mapped=} for every file this process maps whose
 * name holds {@code jnidispatch}.
 */
public final class TwoUsersVictim {

    private TwoUsersVictim() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("source=" + CpuFeatures.current().source().kind().id());
        System.out.println("native=" + XorGen.NATIVE.selection().name());
        System.out.println("jna.loaded=" + System.getProperty("jna.loaded"));
        System.out.println("jnidispatch.path=" + System.getProperty("jnidispatch.path"));
        for (String m : TwoUsers.mapped("jnidispatch")) {
            System.out.println("mapped=" + m);
        }
    }
}
