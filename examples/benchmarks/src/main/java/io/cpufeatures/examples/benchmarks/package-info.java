/** JMH benchmarks of the library and its clients; run {@code java -jar examples/benchmarks/target/benchmarks.jar}. */
package io.cpufeatures.examples.benchmarks;
