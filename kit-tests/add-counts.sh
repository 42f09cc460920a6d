#!/usr/bin/env bash
# Adds closing lines (`3 passed, 1 failed, 2 skipped`) into one; a missing line counts as one failure.
set -uo pipefail
passed=0 failed=0 skipped=0
for line in "$@"; do
  if ! [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]]; then failed=$((failed + 1)); continue; fi
  passed=$((passed + BASH_REMATCH[1]))
  failed=$((failed + BASH_REMATCH[2]))
  if [[ $line =~ ([0-9]+)\ skipped ]]; then skipped=$((skipped + BASH_REMATCH[1])); fi
done
echo "$passed passed, $failed failed, $skipped skipped"
