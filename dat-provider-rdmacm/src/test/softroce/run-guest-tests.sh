#!/usr/bin/env bash
# Runs the rdmacm provider's tests on a real RDMA device: a QEMU guest with Soft-RoCE (rxe0), one boot.
#
#   dat-provider-rdmacm/src/test/softroce/run-guest-tests.sh [junit console selector args...]
#
# 1. On the host: compile main and test classes (./mvnw -o, so run a normal build once first), write the test class
#    path, fetch junit-platform-console-standalone with dependency:copy.
# 2. In ONE guest run (/work/shared/softroce/run-in-guest.sh, ~7 s boot): check that C rping works over rxe0, then run
#    the tests with the JUnit console launcher in one JVM with -XX:TieredStopAtLevel=1 (Maven itself is too slow under
#    emulation). Default selection: every test of the module (--select-package io.dat4j.provider.rdmacm).
# Reports: dat-provider-rdmacm/target/softroce/reports (JUnit XML), timings printed at the end.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
module="$(cd "$here/../../.." && pwd)"
root="$(cd "$module/.." && pwd)"
guest="${SOFTROCE_RUNNER:-$root/../shared/softroce/run-in-guest.sh}"
out="$module/target/softroce"
junit_version="$(sed -n 's:.*<junit.platform.version>\(.*\)</junit.platform.version>.*:\1:p' "$root/pom.xml")"
console="$out/junit-platform-console-standalone-$junit_version.jar"

t0=$(date +%s.%N)
mkdir -p "$out"
rm -rf "$out/reports"
(cd "$root" && ./mvnw -q -B ${MVN_OFFLINE--o} -pl dat-provider-rdmacm -am test-compile \
    dependency:build-classpath -Dmdep.outputFile="$out/cp.txt" -Dmdep.includeScope=test \
    dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_version" \
    -DoutputDirectory="$out" -Dmdep.overWriteIfNewer=true)
# the module's own classes first, then its dependencies (dat-api from the reactor, log4j, junit)
cp_all="$module/target/classes:$module/target/test-classes:$(cat "$out/cp.txt")"
java="${JAVA25:-}"
if [[ -z $java ]]; then
    for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*25*/bin/java; do
        [[ -x $j ]] && { java=$j; break; }
    done
fi
[[ -x $java ]] || { echo "no JDK 25 found; set JAVA25=/path/to/java" >&2; exit 2; }
t1=$(date +%s.%N)

selectors=("$@")
[[ ${#selectors[@]} -gt 0 ]] || selectors=(--select-package io.dat4j.provider.rdmacm)
printf -v sel '%q ' "${selectors[@]}"

cat > "$out/guest-job.sh" <<JOB
set -u
g0=\$(date +%s.%N)
echo "== guest: \$(uname -r), device \$SOFTROCE_RDMA_DEV on \$SOFTROCE_NETDEV \$SOFTROCE_IP"
ibv_devices || true
echo "== C rping over \$SOFTROCE_RDMA_DEV"
rping -s -a \$SOFTROCE_IP -C 3 >/tmp/rping-server.log 2>&1 &
sleep 1
rping -c -a \$SOFTROCE_IP -v -C 3
rping_rc=\$?
wait
echo "rping client exit \$rping_rc"
g1=\$(date +%s.%N)
echo "== JUnit console (${java}, -XX:TieredStopAtLevel=1)"
"$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED \
    -XX:ErrorFile="$out/hs_err_%p.log" \
    -jar "$console" execute --disable-banner --details=tree --reports-dir "$out/reports" \
    --class-path "$cp_all" $sel
junit_rc=\$?
g2=\$(date +%s.%N)
echo "== guest timings: rping \$(echo "\$g1 - \$g0" | bc) s, junit \$(echo "\$g2 - \$g1" | bc) s"
[ \$rping_rc -eq 0 ] && exit \$junit_rc
exit 90
JOB

set +e
SOFTROCE_WORKDIR="$module" "$guest" "bash $out/guest-job.sh"
rc=$?
set -e
t2=$(date +%s.%N)
echo "== host timings: compile $(echo "$t1 - $t0" | bc) s, guest run (boot + job) $(echo "$t2 - $t1" | bc) s," \
    "total $(echo "$t2 - $t0" | bc) s; exit $rc"
exit $rc
