#!/usr/bin/env bash
# check-reproducible.sh: builds the committed HEAD twice from clean, in a throw-away clone, and compares every jar and
# archive the two builds produce (the modules' jars, sources and javadoc jars, the distribution tar.gz) byte for byte.
# Prints the checksums and "IDENTICAL n files", or the differing files and exits 1. Takes two `package` builds
# (tests skipped). Usage: scripts/check-reproducible.sh [KEEP_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
trap '[ -n "${1:-}" ] || rm -rf "$work"' EXIT
git clone -q "$root" "$work/repo"
cd "$work/repo"
git checkout -q "$(git -C "$root" rev-parse HEAD)"
sums() {
  find . -path ./.git -prune -o -path '*/target/*' \( -name '*.jar' -o -name '*.tar.gz' \) \
    -not -path '*/target/lib/*' -print | sort | xargs sha256sum
}
for i in 1 2; do
  echo "build $i ..." >&2
  ./mvnw -B -q clean package -DskipTests >"$work/build$i.log" 2>&1 || { cat "$work/build$i.log"; exit 2; }
  sums >"$work/sums$i.txt"
done
if diff "$work/sums1.txt" "$work/sums2.txt"; then
  cat "$work/sums1.txt"
  echo "IDENTICAL $(wc -l <"$work/sums1.txt") files"
else
  echo "the two builds differ (above)" >&2
  exit 1
fi
