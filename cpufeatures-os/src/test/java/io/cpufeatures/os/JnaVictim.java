package io.cpufeatures.os;

import io.cpufeatures.buildsupport.TwoUsers;

/**
 * A fresh JVM for {@link JnaTest}: asks {@link Jna} (after initialising JNA itself first when the first argument is
 * {@code application-first}, as an application that used JNA before would), then prints one line per fact:
 * {@code refusal=}, {@code jna.loaded=}, {@code jnidispatch.path=}, each of JNA's settings, {@code getpid=} (through
 * {@link ProcessSymbols}, or the error it gave) and every file this process maps whose name holds {@code jnidispatch}.
 */
public final class JnaVictim {

    private JnaVictim() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length > 0 && args[0].equals("application-first")) {
            Class.forName(Jna.NATIVE_CLASS, true, JnaVictim.class.getClassLoader());
        }
        System.out.println("refusal=" + Jna.refusal());
        System.out.println("jna.loaded=" + System.getProperty("jna.loaded"));
        System.out.println("jnidispatch.path=" + System.getProperty(Jna.LOADED_PATH));
        for (String s : Jna.SETTINGS) {
            System.out.println(s + "=" + System.getProperty(s));
        }
        try {
            System.out.println("getpid=" + ProcessSymbols.function("getpid").invokeInt(new Object[0]) + " of "
                    + ProcessHandle.current().pid());
        } catch (UnsatisfiedLinkError e) {
            System.out.println("getpid refused=" + e.getMessage());
        }
        for (String m : TwoUsers.mapped("jnidispatch")) {
            System.out.println("mapped=" + m);
        }
    }
}
