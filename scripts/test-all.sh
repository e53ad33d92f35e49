#!/usr/bin/env bash
# Runs every test of dat4j: the Maven build with all unit, provider and conformance tests on the host, then the
# rdmacm provider's tests (and the C interop tests) inside a Soft-RoCE guest, when the harness is beside the
# checkout (../shared/softroce/run-in-guest.sh, or SOFTROCE_RUNNER). Without it the guest part is skipped, and says so.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
./mvnw -B -ntp verify
# the rule tables of docs/conformance.md are those the suite has
python3 scripts/gen-conformance-rules.py --check || {
  echo "test-all: docs/conformance.md's rule tables differ from 'dat conformance --list':" \
    "run scripts/gen-conformance-rules.py" >&2; exit 1; }
runner="${SOFTROCE_RUNNER:-$(pwd)/../shared/softroce/run-in-guest.sh}"
if [ -x "$runner" ] || [ -f "$runner" ]; then
  SOFTROCE_RUNNER="$runner" MVN_OFFLINE= bash dat-provider-rdmacm/src/test/softroce/run-guest-tests.sh
else
  echo "test-all: no Soft-RoCE harness at $runner: the rdmacm device tests did not run (they need RDMA)" >&2
fi
