/**
 * The options of `k6 run` (k6 2.x), which `fei-kit load rate-limit|latency|capacity` pass on to k6:
 * an option neither the kit nor k6 takes is refused before k6 starts (exit 2), rather than reaching
 * k6 and coming back as the kit's own failure. A kit test keeps the table equal to `k6 run --help`.
 */
import { didYouMean } from './nearest-name.ts';

export const K6_RUN_OPTIONS: readonly string[] = Object.freeze([
  ...'--vus -u --duration -d --iterations -i --stage -s --execution-segment --execution-segment-sequence --paused -p'.split(
    ' ',
  ),
  ...'--no-setup --no-teardown --max-redirects --batch --batch-per-host --rps --user-agent --http-debug'.split(
    ' ',
  ),
  ...'--insecure-skip-tls-verify --no-connection-reuse --no-vu-connection-reuse --min-iteration-duration --throw -w'.split(
    ' ',
  ),
  ...'--blacklist-ip --block-hostnames --summary-trend-stats --summary-time-unit --system-tags --tag'.split(
    ' ',
  ),
  ...'--console-output --discard-response-bodies --local-ips --dns --include-system-env-vars --compatibility-mode'.split(
    ' ',
  ),
  ...'--type -t --env -e --no-thresholds --summary-mode --summary-export --new-machine-readable-summary'.split(
    ' ',
  ),
  ...'--traces-output --out -o --linger -l --no-usage-report --features --help -h --address -a --config -c'.split(
    ' ',
  ),
  ...'--log-format --log-output --no-color --profiling-enabled --quiet -q --secret-source --verbose -v'.split(
    ' ',
  ),
]);

/**
 * Why the arguments cannot go to k6 (the first option neither the kit, whose own are `kitOptions`,
 * nor `k6 run` takes, with the nearest name), or undefined.
 */
export const unknownK6Option = (
  args: readonly string[],
  kitOptions: readonly string[],
): string | undefined => {
  const known = [...kitOptions, ...K6_RUN_OPTIONS];
  for (const arg of args) {
    if (arg === '--') return undefined;
    if (!arg.startsWith('-') || arg === '-') continue;
    const name = arg.startsWith('--') ? arg.replace(/=.*$/, '') : arg.slice(0, 2);
    if (!known.includes(name))
      return `unknown option ${name}${didYouMean(
        name,
        known.filter((o) => o.startsWith('--')),
      )}: neither the kit nor \`k6 run\` takes it`;
  }
  return undefined;
};
