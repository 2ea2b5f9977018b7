package io.cpufeatures.examples.benchmarks.report;

/** The generated part of a docs page: the text between {@code <!-- results:NAME -->} and {@code <!-- /results:NAME -->}. */
public final class ResultsSection {

    private ResultsSection() {
    }

    /** The opening marker of section {@code name}. */
    public static String begin(String name) {
        return "<!-- results:" + name + " -->";
    }

    /** The closing marker of section {@code name}. */
    public static String end(String name) {
        return "<!-- /results:" + name + " -->";
    }

    /**
     * {@code page} with section {@code name} replaced by {@code section}.
     *
     * @throws IllegalArgumentException if the page has no such section
     */
    public static String replace(String page, String name, String section) {
        String begin = begin(name);
        String end = end(name);
        int b = page.indexOf(begin);
        int e = page.indexOf(end);
        if (b < 0 || e < b) {
            throw new IllegalArgumentException("the page has no " + begin + " ... " + end + " section");
        }
        return page.substring(0, b + begin.length()) + "\n" + section + page.substring(e);
    }
}
