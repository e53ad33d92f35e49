#!/usr/bin/env bash
# Runs the rdmacm provider's tests on a real RDMA device: a QEMU guest with Soft-RoCE (rxe0), one boot.
#
#   dat-provider-rdmacm/src/test/softroce/run-guest-tests.sh [junit console selector args...]
#
# 1. On the host: compile main and test classes (./mvnw -o, so run a normal build once first), write the test class
#    path, fetch junit-platform-console-standalone with dependency:copy.
# 2. In ONE guest run (/work/shared/softroce/run-in-guest.sh, ~7 s boot): check that C rping works over rxe0, then run
#    the tests with the JUnit console launcher in one JVM with -XX:TieredStopAtLevel=1 (Maven itself is too slow under
#    emulation). Default selection: every test of the module but the conformance subclasses
#    (--select-package io.dat4j.provider.rdmacm --exclude-package io.dat4j.provider.rdmacm.conformance): the
#    conformance suite runs in the next step, the way users run it.
# 3. The users' runner: `./dat providers --json` picks the first usable IA of the rdmacm provider (`usable` when the
#    JSON has it, else available and opened without open_error), then `./dat conformance --provider <IA> --json` runs
#    the whole suite on it (a copy of ./dat and its jars, built on the host: target/softroce/snapshot/dat-root).
#    Any failed rule (or no usable IA) fails the job. SKIP_DAT_CONFORMANCE=1 leaves it out; DAT_CONFORMANCE_ARGS adds
#    runner options when iterating (e.g. "--area DataTransfer"); the timeout scale is DAT_CONFORMANCE_TIMEOUT_SCALE
#    (default 4), given as -Ddat.conformance.timeout.scale through DAT_JAVA_OPTS, with C1 and the serial GC. The
#    suite includes the Concurrency area (CONC-01..04, the torture of the public API); each torture phase runs
#    DAT_CONFORMANCE_TORTURE_MILLIS (default 1000; -Ddat.conformance.torture.millis); the job prints each rule's seed
#    (replay one with DAT_CONFORMANCE_SEED=0x... and DAT_CONFORMANCE_ARGS="--rule CONC-0n").
# Reports: dat-provider-rdmacm/target/softroce/reports (JUnit XML), target/softroce/dat-conformance.json (the runner's
# JSON) and .log (its stderr); timings printed at the end.
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
(cd "$root" && ./mvnw -q -B ${MVN_OFFLINE--o} -pl dat-provider-rdmacm,examples -am test-compile \
    dependency:build-classpath -Dmdep.outputFile=target/softroce-cp.txt -Dmdep.includeScope=test \
    dependency:copy -Dartifact="org.junit.platform:junit-platform-console-standalone:$junit_version" \
    -DoutputDirectory="$out" -Dmdep.overWriteIfNewer=true)
# the guest reads a snapshot, so that a build on the host while the guest runs cannot mix class versions
rm -rf "$out/snapshot" && mkdir -p "$out/snapshot"
cp -r "$module/target/classes" "$out/snapshot/classes"
cp -r "$module/target/test-classes" "$out/snapshot/test-classes"
cp -r "$root/examples/target/classes" "$out/snapshot/examples-classes"
cp -r "$root/examples/target/test-classes" "$out/snapshot/examples-test-classes"
mkdir -p "$out/snapshot/api" && cp -r "$root/dat-api/target/classes" "$out/snapshot/api/classes"
mkdir -p "$out/snapshot/kit" && cp -r "$root/dat-provider-kit/target/classes" "$out/snapshot/kit/classes"
mkdir -p "$out/snapshot/conformance" && cp -r "$root/conformance/target/classes" "$out/snapshot/conformance/classes"
mkdir -p "$out/snapshot/tcp" && cp -r "$root/dat-provider-tcp/target/classes" "$out/snapshot/tcp/classes"
# ./dat as users run it: the script, the launcher it runs (dat-tools/src/dist/bin/dat), dat-tools.jar and the jars
# beside it (its staleness check finds no src/main or pom in the copy, so the guest never builds)
if [[ ${SKIP_DAT_CONFORMANCE:-} != 1 ]]; then
    (cd "$root" && ./mvnw -q -B ${MVN_OFFLINE--o} -DskipTests package -pl dat-tools -am)
    mkdir -p "$out/snapshot/dat-root/dat-tools/target"
    cp "$root/dat" "$out/snapshot/dat-root/dat"
    mkdir -p "$out/snapshot/dat-root/dat-tools/src/dist"
    cp -r "$root/dat-tools/src/dist/bin" "$out/snapshot/dat-root/dat-tools/src/dist/bin"
    cp "$root/dat-tools/target/dat-tools.jar" "$out/snapshot/dat-root/dat-tools/target/"
    cp -r "$root/dat-tools/target/lib" "$out/snapshot/dat-root/dat-tools/target/lib"
fi
snap() { sed -e "s:$root/dat-api/target/classes:$out/snapshot/api/classes:g" \
    -e "s:$root/dat-provider-kit/target/classes:$out/snapshot/kit/classes:g" \
    -e "s:$root/conformance/target/classes:$out/snapshot/conformance/classes:g" \
    -e "s:$root/dat-provider-tcp/target/classes:$out/snapshot/tcp/classes:g" \
    -e "s:$root/dat-provider-rdmacm/target/classes:$out/snapshot/classes:g" "$1"; }
# the module's own classes first, then its dependencies (dat-api and the kit from the reactor, log4j, junit)
cp_all="$out/snapshot/classes:$out/snapshot/test-classes:$(snap "$module/target/softroce-cp.txt")"
# the Java dtest port (examples) for the C interop: its classes and dependencies (the rdmacm provider among them)
cp_examples="$out/snapshot/examples-classes:$(snap "$root/examples/target/softroce-cp.txt")"
# the Java dapltest port, with the batch runner of its test classes (dapltest-interop.sh)
cp_dapltest="$out/snapshot/examples-classes:$out/snapshot/examples-test-classes:$(snap \
    "$root/examples/target/softroce-cp.txt")"
java="${JAVA25:-}"
if [[ -z $java ]]; then
    for j in /usr/lib/jvm/temurin-25*/bin/java /usr/lib/jvm/*25*/bin/java; do
        [[ -x $j ]] && { java=$j; break; }
    done
fi
[[ -x $java ]] || { echo "no JDK 25 found; set JAVA25=/path/to/java" >&2; exit 2; }
# tc netem loss/delay for the TCP provider (issue 8, netem-tcp.sh; SKIP_NETEM=1 leaves it out): its test classes, their
# class path, and sch_netem/veth from the guest kernel's package
cp_netem=""
netem_dir=""
if [[ ${SKIP_NETEM:-} != 1 ]]; then
    (cd "$root" && ./mvnw -q -B ${MVN_OFFLINE--o} -pl dat-provider-tcp -am test-compile dependency:build-classpath \
        -Dmdep.outputFile=target/softroce-cp.txt -Dmdep.includeScope=test)
    cp -r "$root/dat-provider-tcp/target/test-classes" "$out/snapshot/tcp/test-classes"
    netem_dir="$(bash "$here/netem-tcp.sh" prepare)"
    cp_netem="$console:$out/snapshot/tcp/classes:$out/snapshot/tcp/test-classes:$(snap \
        "$root/dat-provider-tcp/target/softroce-cp.txt")"
fi
t1=$(date +%s.%N)

# TCG runs the JVM 15-25 times slower than the host: the suite's timeouts are scaled up
scale="${DAT_CONFORMANCE_TIMEOUT_SCALE:-4}"
torture_millis="${DAT_CONFORMANCE_TORTURE_MILLIS:-1000}"
seed_opt=""
[[ -z ${DAT_CONFORMANCE_SEED:-} ]] || seed_opt="-Ddat.conformance.seed=$DAT_CONFORMANCE_SEED"
exclude="${DAT_CONFORMANCE_EXCLUDE:-}"
selectors=("$@")
[[ ${#selectors[@]} -gt 0 ]] || selectors=(--select-package io.dat4j.provider.rdmacm
    --exclude-package io.dat4j.provider.rdmacm.conformance)
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
# the console on the class path (not -jar), so the conformance suite's peer JVM inherits the test class path
"$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -Ddat4j.kit.lockOrderCheck=true \
    -XX:ErrorFile="$out/hs_err_%p.log" -Ddat.conformance.timeout.scale=$scale \
    -Ddat.conformance.exclude=$exclude -cp "$console:$cp_all" org.junit.platform.console.ConsoleLauncher \
    execute --disable-banner --details=tree --reports-dir "$out/reports" $sel
junit_rc=\$?
gc=\$(date +%s.%N)
conf_rc=0
conf_summary="skipped (SKIP_DAT_CONFORMANCE=1)"
if [ "\${SKIP_DAT_CONFORMANCE:-}" != 1 ]; then
    echo "== dat providers --json: the first usable IA of the rdmacm provider"
    cd "$out/snapshot/dat-root"
    export DAT_JAVA_OPTS="-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Ddat.conformance.timeout.scale=$scale -Ddat.conformance.torture.millis=$torture_millis $seed_opt"
    # usable (dat providers of issue 15) when the JSON has it, else available and opened without an open_error
    ia=\$(./dat providers --json 2>"$out/dat-providers.log" | jq -r '[.[] | select(.module == "rdmacm")
        | select(if has("usable") then .usable == true else (.available == true and .open_error == null) end)]
        | first | .name // empty')
    g_prov=\$(date +%s.%N)
    echo "dat providers: \$(echo "\$g_prov - \$gc" | bc) s; IA: \${ia:-none}"
    if [ -z "\$ia" ]; then
        echo "no usable rdmacm IA in 'dat providers --json' (stderr: $out/dat-providers.log)"
        conf_rc=1
        conf_summary="no usable rdmacm IA"
    else
        echo "== ./dat conformance --provider \$ia --json \${DAT_CONFORMANCE_ARGS:-}"
        # shellcheck disable=SC2086
        timeout -k 10 2400 ./dat conformance --provider "\$ia" --json \${DAT_CONFORMANCE_ARGS:-} \
            >"$out/dat-conformance.json" 2>"$out/dat-conformance.log"
        conf_rc=\$?
        conf_summary=\$(jq -r '"\\(.passed) passed, \\(.failed) failed, \\(.skipped) skipped"' \
            "$out/dat-conformance.json" 2>/dev/null || echo "no JSON report")
        echo "dat conformance on \$ia: exit \$conf_rc, \$conf_summary"
        jq -r '.rules[] | select(.status != "passed") | "  \\(.status) \\(.id): \\(.reason)"' \
            "$out/dat-conformance.json" 2>/dev/null
        # the Concurrency area (torture of the public API): its rules, times and seeds
        echo "concurrency (torture phases of $torture_millis ms): \$(jq -r '[.rules[] | select(.id | startswith("CONC-"))
            | "\\(.id) \\(.status) \\(.millis) ms"] | join(", ")' "$out/dat-conformance.json" 2>/dev/null)"
        grep -o 'CONC-0[0-9]*: torture seed 0x[0-9a-f]*' "$out/dat-conformance.log" | paste -sd ' ' -
        failed=\$(jq -r '.failed' "$out/dat-conformance.json" 2>/dev/null || echo unknown)
        [ "\$conf_rc" -eq 0 ] && [ "\$failed" != 0 ] && conf_rc=1
        [ "\$conf_rc" -eq 0 ] || tail -n 40 "$out/dat-conformance.log"
    fi
    unset DAT_JAVA_OPTS
    cd "$module"
fi
g2=\$(date +%s.%N)
dtest_rc=0
ports_rc=0
if [ "\${DTEST_INTEROP:-1}" = 0 ]; then
    echo "== C dtest, dtestcm and dtestsrq interop: skipped (DTEST_INTEROP=0)"
else
    echo "== C dtest (dapl2-utils 2.1.10) against the Java dtest port, both roles"
    # each dtest process has its own timeout in the script; this one bounds the whole step
    timeout -k 10 900 bash "$here/dtest-interop.sh" "$java" "$cp_examples"
    dtest_rc=\$?
    echo "== C dtestcm and dtestsrq (dapl2-utils 2.1.10) against their Java ports, C pairs compared"
    timeout -k 10 900 bash "$here/dtest-ports-interop.sh" "$java" "$cp_examples"
    ports_rc=\$?
    [ \$ports_rc -eq 0 ] || dtest_rc=\$((dtest_rc + ports_rc))
fi
dtestx_rc=0
if [ "\${DTESTX_INTEROP:-\${DTEST_INTEROP:-1}}" = 0 ]; then
    echo "== C dtestx interop: skipped (DTESTX_INTEROP=0)"
else
    echo "== C dtestx (dapl2-utils 2.1.10) against the Java dtestx port: write with immediate data and atomics, C pair"\
        "compared"
    timeout -k 10 600 bash "$here/dtestx-interop.sh" "$java" "$cp_examples"
    dtestx_rc=\$?
    [ \$dtestx_rc -eq 0 ] || dtest_rc=\$((dtest_rc + dtestx_rc))
fi
g3a=\$(date +%s.%N)
dapltest_rc=0
if [ "\${DAPLTEST_INTEROP:-1}" = 0 ]; then
    echo "== C dapltest interop: skipped (DAPLTEST_INTEROP=0)"
else
    echo "== C dapltest (dapl2-utils 2.1.10) against the Java dapltest port: servers and clients both ways, limit, FFT"
    timeout -k 10 900 bash "$here/dapltest-interop.sh" "$java" "$cp_dapltest"
    dapltest_rc=\$?
fi
g3=\$(date +%s.%N)
netem_rc=0
if [ -n "$cp_netem" ]; then
    echo "== TCP provider under tc netem loss and delay (netem-tcp.sh)"
    NETEM_REPORTS="$out/reports-netem" bash "$here/netem-tcp.sh" run "$java" "$netem_dir" "$cp_netem"
    netem_rc=\$?
fi
g4=\$(date +%s.%N)
# last, because on rxe (6.1) a CM message sent while the netdev is down leaves rdma_cm unusable until the next boot
faults_rc=0
if [ "\${SKIP_LINK_FAULTS:-}" != 1 ]; then
    echo "== rdmacm: a full DTO EVD, then netdev \$SOFTROCE_NETDEV down during a transfer (RdmaCmFaultDeviceTest," \
        "own JVM, last step)"
    timeout -k 10 600 "$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC --enable-native-access=ALL-UNNAMED -Ddat4j.kit.lockOrderCheck=true \
        -Ddat4j.rdmacm.faults=true -cp "$console:$cp_all" org.junit.platform.console.ConsoleLauncher execute \
        --disable-banner --details=tree --reports-dir "$out/reports-faults" \
        --select-method io.dat4j.provider.rdmacm.RdmaCmFaultDeviceTest#shouldHoldCompletionsTheDtoEvdHasNoRoomFor \
        --select-method io.dat4j.provider.rdmacm.RdmaCmFaultDeviceTest#shouldSurviveLinkDownDuringATransfer
    faults_rc=\$?
    grep -q '<skipped' "$out/reports-faults"/*.xml 2>/dev/null && { echo "link-fault test skipped"; faults_rc=1; }
    ip link set "\$SOFTROCE_NETDEV" up
fi
g5=\$(date +%s.%N)
echo "== guest timings: rping \$(echo "\$g1 - \$g0" | bc) s, junit \$(echo "\$gc - \$g1" | bc) s," \
    "dat conformance \$(echo "\$g2 - \$gc" | bc) s, dtest interop \$(echo "\$g3a - \$g2" | bc) s," \
    "dapltest interop \$(echo "\$g3 - \$g3a" | bc) s, netem \$(echo "\$g4 - \$g3" | bc) s," \
    "link faults \$(echo "\$g5 - \$g4" | bc) s"
echo "== results: rping exit \$rping_rc, junit exit \$junit_rc, dat conformance exit \$conf_rc (\$conf_summary)," \
    "dtest interop exit \$dtest_rc (dtestcm/dtestsrq \$ports_rc, dtestx \$dtestx_rc), dapltest interop exit \$dapltest_rc," \
    "netem exit \$netem_rc," \
    "link faults exit \$faults_rc"
[ \$rping_rc -eq 0 ] || exit 90
[ \$junit_rc -eq 0 ] || exit \$junit_rc
[ \$conf_rc -eq 0 ] || exit 95
[ \$dtest_rc -eq 0 ] || exit 91
[ \$dapltest_rc -eq 0 ] || exit 94
[ \$netem_rc -eq 0 ] || exit 92
[ \$faults_rc -eq 0 ] || exit 93
exit 0
JOB

set +e
SOFTROCE_WORKDIR="$module" "$guest" "bash $out/guest-job.sh"
rc=$?
set -e
t2=$(date +%s.%N)
echo "== host timings: compile $(echo "$t1 - $t0" | bc) s, guest run (boot + job) $(echo "$t2 - $t1" | bc) s," \
    "total $(echo "$t2 - $t0" | bc) s; exit $rc"
exit $rc
