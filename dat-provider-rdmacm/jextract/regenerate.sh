#!/usr/bin/env bash
# Regenerates io.dat4j.provider.rdmacm.ffi.generated with jextract (22 or later) on a machine that has it.
# The build never runs this: the generated sources are committed. After regenerating, run the LayoutTest
# (./mvnw -pl dat-provider-rdmacm -am verify) and review the diff.
#
# Usage: dat-provider-rdmacm/jextract/regenerate.sh [path/to/jextract]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
module="$(dirname "$here")"
jextract="${1:-${JEXTRACT:-jextract}}"
command -v "$jextract" >/dev/null || { echo "jextract not found (give its path as \$1 or JEXTRACT)" >&2; exit 2; }
for h in /usr/include/rdma/rdma_cma.h /usr/include/infiniband/verbs.h; do
    [[ -f $h ]] || { echo "$h missing: apt-get install librdmacm-dev libibverbs-dev" >&2; exit 2; }
done
out="$module/src/main/java"
pkg=io.dat4j.provider.rdmacm.ffi.generated
keep="$(mktemp)"
cp "$out/${pkg//.//}/package-info.java" "$keep"
rm -rf "${out:?}/${pkg//.//}"
# -l :soname: Debian ships only the versioned runtime libraries (no librdmacm.so without the -dev package).
"$jextract" --output "$out" -t "$pkg" --header-class-name rdma_cma_h \
    -l :librdmacm.so.1 -l :libibverbs.so.1 \
    @"$here/includes.txt" \
    /usr/include/rdma/rdma_cma.h
cp "$keep" "$out/${pkg//.//}/package-info.java"
rm -f "$keep"
echo "regenerated $pkg; now run the LayoutTest and review 'git diff'"
