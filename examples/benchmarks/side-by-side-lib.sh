# Shared by the *-side-by-side.sh scripts (sourced, from the project root): the JDKs to run, the
# benchmarks jar, the machine line that heads every anchor file, and one JMH run per JDK.

# jdk_homes [java-home ...]: the homes given, or this java's and Temurin 25's if installed.
jdk_homes() {
  if [ $# -gt 0 ]; then
    printf '%s\n' "$@"
    return
  fi
  dirname "$(dirname "$(readlink -f "$(command -v java)")")"
  if [ -x /usr/lib/jvm/temurin-25-jdk-amd64/bin/java ]; then echo /usr/lib/jvm/temurin-25-jdk-amd64; fi
}

# benchmarks_jar: builds examples/benchmarks/target/benchmarks.jar from the sources as they are (an
# existing jar may be older than them, and a run must measure the code it reports).
benchmarks_jar() {
  ./mvnw -q -B -DskipTests -Dinvoker.skip package -pl examples/benchmarks -am
}

# machine_line: "# <cpu model>, <n> CPUs, Linux <release>, gcc <version>".
machine_line() {
  echo "# $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, Linux $(uname -r), gcc $(gcc -dumpversion)"
}

# jmh_runs PREFIX HOME BENCHMARK...: each benchmark on that JDK, pinned to CPU 1, results in
# docs/results/PREFIX-jdkN-BENCHMARK.csv and the JDK's version in docs/results/PREFIX-jdkN.version.
# JMH_ARGS adds JMH options (JMH_ARGS="-f 3": three forks each, for a host whose forks disagree).
jmh_runs() {
  local prefix=$1 home=$2 v b
  shift 2
  v=$("$home/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.version = \([0-9]*\).*/\1/p')
  for b in "$@"; do
    # shellcheck disable=SC2086 # JMH_ARGS is a list of options
    taskset -c 1 "$home/bin/java" -jar examples/benchmarks/target/benchmarks.jar "\.$b\." -jvm "$home/bin/java" ${JMH_ARGS:-} \
      -rf csv -rff "docs/results/$prefix-jdk$v-$b.csv" 2>&1 | grep -E '^(# (VM version|JMH version)|Benchmark|[A-Z][A-Za-z]*Benchmark\.)'
  done
  "$home/bin/java" -version 2>&1 | head -2 > "docs/results/$prefix-jdk$v.version"
}
