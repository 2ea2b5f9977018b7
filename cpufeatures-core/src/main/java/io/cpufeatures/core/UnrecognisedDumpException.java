package io.cpufeatures.core;

/**
 * A file that no architecture module on the class path recognises as a dump: not a malformed dump but something
 * else (a README, a JSON file, another architecture's dump without its module). Tools that walk folders of dumps
 * skip such files and count them, where a malformed dump is a failure.
 */
public final class UnrecognisedDumpException extends DumpFormatException {

    /**
     * Creates the exception.
     *
     * @param file    the file name as given to the reader
     * @param problem what is accepted, as one sentence
     */
    public UnrecognisedDumpException(String file, String problem) {
        super(file, 0, problem);
    }
}
