#!/bin/sh
# bench-jmh.sh: runs the JMH benchmarks of the benchmarks module (data path, with the GC profiler by default) and the
# scale / message-rate harness, on the class path (JMH's generated code is not in the module descriptor's packages).
#
#   scripts/bench-jmh.sh jmh [JMH ARGS...]      (default: DataPathBenchmark -prof gc)
#   scripts/bench-jmh.sh scale [IA] [N,N,...] [SIZE] [SECONDS]
#   scripts/bench-jmh.sh rate [IA] [SIZE] [DEPTH] [MESSAGES]
# Build first: ./mvnw -q -B -DskipTests package -pl dat-tools,benchmarks -am
# BENCH_LIB_ROOT=DIR takes the library jars (dat-tools/target/lib) from another built checkout, with this checkout's
# benchmark classes: an A/B of the library under the same benchmark code (e.g. the session's base build).
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
lib_root=${BENCH_LIB_ROOT:-$root}
java=""
for d in "${JAVA_HOME:-/nonexistent}" /usr/lib/jvm/* /opt/java/* /opt/jdk*; do
  v=$(sed -n 's/^JAVA_VERSION="\([0-9]*\).*/\1/p' "$d/release" 2>/dev/null | head -n 1)
  if [ -n "$v" ] && [ "$v" -ge 25 ] && [ -x "$d/bin/java" ]; then java="$d/bin/java"; break; fi
done
[ -n "$java" ] || { echo "bench-jmh: no JDK 25" >&2; exit 2; }
m2=${M2_REPO:-$HOME/.m2/repository}
cp="$root/benchmarks/target/classes"
# the kit's test fixtures (KitPathBenchmark's InMemoryTransport) go with the benchmark classes, from this checkout
for j in "$lib_root"/dat-tools/target/lib/*.jar "$root"/benchmarks/target/lib/dat-provider-kit-*-tests.jar \
  "$m2/org/openjdk/jmh/jmh-core/1.37/jmh-core-1.37.jar" \
  "$m2/net/sf/jopt-simple/jopt-simple/5.0.4/jopt-simple-5.0.4.jar" \
  "$m2/org/apache/commons/commons-math3/3.6.1/commons-math3-3.6.1.jar"; do
  cp="$cp:$j"
done
mode=${1:-jmh}
[ $# -gt 0 ] && shift
case "$mode" in
  jmh)
    [ $# -gt 0 ] || set -- DataPathBenchmark -prof gc
    exec "$java" ${BENCH_JAVA_OPTS:-} -cp "$cp" org.openjdk.jmh.Main "$@" ;;
  scale|rate)
    exec "$java" ${BENCH_JAVA_OPTS:-} -cp "$cp" io.dat4j.benchmarks.ScaleHarness "$mode" "$@" ;;
  *) echo "usage: bench-jmh.sh jmh|scale|rate ..." >&2; exit 2 ;;
esac
