#!/usr/bin/env bash
# Runs every test of dat4j: the Maven build with all unit, provider and conformance tests on the host, then the
# rdmacm provider's tests inside a Soft-RoCE guest (../shared/softroce) when that harness is present.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
./mvnw -B -ntp verify
if [ -x dat-provider-rdmacm/src/test/softroce/run-guest-tests.sh ]; then
  bash dat-provider-rdmacm/src/test/softroce/run-guest-tests.sh
fi
