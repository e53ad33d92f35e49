#!/usr/bin/env bash
# tc netem loss and delay for the TCP provider (issue 8), inside the Soft-RoCE guest: the host kernel has no sch_netem,
# the guest's Debian kernel has it as a module that run-in-guest.sh does not load.
#
#   netem-tcp.sh prepare            (host) prints a directory holding sch_netem.ko and veth.ko of the guest's kernel
#                                   package (SOFTROCE_KERNEL_PKG, else the runner's cached choice, else what
#                                   linux-image-amd64 depends on); fetched once with apt-get download, cached under
#                                   SOFTROCE_CACHE (default /var/tmp/softroce)/netem/<version>
#   netem-tcp.sh run JAVA MODDIR CP (guest) insmods them and runs NetnsFaultTest's loss/delay test in one JVM, bounded
#                                   by NETEM_TIMEOUT seconds (default 900)
set -euo pipefail

case "${1:-}" in
prepare)
    cache="${SOFTROCE_CACHE:-/var/tmp/softroce}"
    pkg="${SOFTROCE_KERNEL_PKG:-}"
    [[ -n $pkg || ! -s $cache/kernel/current ]] || pkg="$(cat "$cache/kernel/current")"
    [[ -n $pkg ]] || pkg="$(apt-cache depends linux-image-amd64 2>/dev/null \
        | awk '/Depends: linux-image-[0-9]/{print $2; exit}')"
    [[ -n $pkg ]] || { echo "netem-tcp.sh: cannot tell the guest's kernel package" >&2; exit 1; }
    kv="${pkg#linux-image-}"
    dir="$cache/netem/$kv"
    if [[ ! -s $dir/sch_netem.ko || ! -s $dir/veth.ko ]]; then
        # on a fresh machine this runs before run-in-guest.sh has made its cache
        mkdir -p "$cache"
        tmp="$(mktemp -d "${cache}/netem-tmp.XXXXXX")"
        trap 'rm -rf "$tmp"' EXIT
        (cd "$tmp" && apt-get download -qq -o APT::Sandbox::User=root "$pkg" >&2)
        dpkg-deb -x "$tmp"/linux-image-*.deb "$tmp/root"
        depmod -b "$tmp/root" "$kv"
        mkdir -p "$dir"
        for m in sch_netem veth; do
            for f in $(modprobe -d "$tmp/root" -S "$kv" --show-depends "$m" | awk '$1=="insmod"{print $2}'); do
                cp "$f" "$dir/"
                echo "${f##*/}" >> "$dir/order.tmp"
            done
        done
        awk '!seen[$0]++' "$dir/order.tmp" > "$dir/order" && rm -f "$dir/order.tmp"
    fi
    echo "$dir"
    ;;
run)
    java="$2" dir="$3" cp="$4"
    for m in $(cat "$dir/order"); do
        insmod "$dir/$m" 2>/dev/null || grep -q "^${m%.ko} " /proc/modules \
            || { echo "netem-tcp.sh: insmod $m failed"; exit 1; }
    done
    echo "netem-tcp.sh: loaded $(tr '\n' ' ' < "$dir/order")"
    reports="${NETEM_REPORTS:-/tmp/netem-reports}"
    rm -rf "$reports"
    set +e
    timeout -k 10 "${NETEM_TIMEOUT:-900}" "$java" -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Ddat4j.kit.lockOrderCheck=true -cp "$cp" \
        org.junit.platform.console.ConsoleLauncher execute --disable-banner --details=tree --reports-dir "$reports" \
        --select-method io.dat4j.provider.tcp.NetnsFaultTest#shouldSurviveLossAndDelay
    rc=$?
    set -e
    # a skipped test (no root, no tc, netem refused) must not pass here: netem is what this run is for
    if [[ $rc -eq 0 ]] && grep -q '<skipped' "$reports"/*.xml; then
        echo "netem-tcp.sh: the test was skipped: $(grep -o '<skipped[^>]*' "$reports"/*.xml | head -1)"
        rc=1
    fi
    exit $rc
    ;;
*)
    sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
    ;;
esac
