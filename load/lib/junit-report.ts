/**
 * A load run as JUnit XML, for CI: one testcase per threshold, named `RULE-ID: what it checks [metric
 * expression]`; a crossed threshold is a `<failure>` with the observed value, one the summary has no
 * value for an `<error>`, one the load generator's reach left unjudged `<skipped>` with the rate reached and
 * the rate needed. Pure: no k6 import, no Node API.
 */
import { describeObserved, type ThresholdResult } from './threshold-results.ts';
import type { ThresholdSpec } from './thresholds.ts';

/** What the JUnit file says about the run besides its thresholds. */
export interface JunitRunFacts {
  readonly script: string;
  /** The target as a report may show it (describeTarget): never a token. */
  readonly target: string;
  readonly runId: string | undefined;
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  readonly now: Date;
}

/** Text fit for an XML attribute or element: escaped, and without the control characters XML 1.0 forbids. */
export const xmlText = (value: string): string => {
  let clean = '';
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code >= 0x20 || code === 0x09 || code === 0x0a || code === 0x0d) clean += char;
  }
  return clean
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
};

export const testcaseName = (spec: ThresholdSpec): string =>
  `${spec.ruleId}: ${spec.title} [${spec.metric} ${spec.expression}]`;

const testcaseLines = (result: ThresholdResult, suite: string): string[] => {
  const open = `    <testcase classname="${xmlText(`${suite}.${result.spec.metric}`)}" name="${xmlText(testcaseName(result.spec))}" time="0">`;
  const observed = describeObserved(result);
  if (result.verdict === 'passed') {
    return [open, `      <system-out>${xmlText(observed)}</system-out>`, '    </testcase>'];
  }
  if (result.verdict === 'not-established') {
    const message = `not established (${observed}): ${result.reason ?? 'the load generator did not reach the planned rate'}`;
    return [open, `      <skipped message="${xmlText(message)}"/>`, '    </testcase>'];
  }
  if (result.verdict === 'failed') {
    const message = `threshold crossed: ${result.spec.metric} ${result.spec.expression} (${observed})`;
    return [
      open,
      `      <failure type="threshold" message="${xmlText(message)}">${xmlText(`${message}; decided by ${result.decidedBy}`)}</failure>`,
      '    </testcase>',
    ];
  }
  const message = `the k6 summary has no value for ${result.spec.metric} ${result.spec.expression}`;
  return [open, `      <error type="summary" message="${xmlText(message)}"/>`, '    </testcase>'];
};

export const junitXml = (
  results: readonly ThresholdResult[],
  facts: JunitRunFacts,
  seconds: number,
): string => {
  const failures = results.filter((r) => r.verdict === 'failed').length;
  const errors = results.filter((r) => r.verdict === 'unknown').length;
  const skipped = results.filter((r) => r.verdict === 'not-established').length;
  const suite = `load.${facts.script}`;
  const time = seconds.toFixed(3);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${xmlText(`k6 ${facts.script}`)}" tests="${results.length}" failures="${failures}" errors="${errors}" time="${time}">`,
    `  <testsuite name="${xmlText(suite)}" tests="${results.length}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${time}" timestamp="${facts.now.toISOString()}">`,
    '    <properties>',
    `      <property name="target" value="${xmlText(facts.target)}"/>`,
    ...(facts.runId ? [`      <property name="runId" value="${xmlText(facts.runId)}"/>`] : []),
    ...Object.entries(facts.settings).map(
      ([name, value]) => `      <property name="${xmlText(name)}" value="${xmlText(String(value))}"/>`,
    ),
    '    </properties>',
    ...results.flatMap((result) => testcaseLines(result, suite)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
};
