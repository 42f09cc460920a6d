/**
 * What the report builder adds to allure-playwright's results before Allure generates the report,
 * in a folder of its own (allure-results-extra), written anew for each report:
 * - every threshold of every k6 summary present as an Allure test result (a threshold is a test),
 *   labelled like the conformance tests (epic = part of the spec, feature = area, story = rule id),
 *   with the summary attached (a copy per result: Allure links an attachment file to one result
 *   only) and a link to k6's web-dashboard HTML report of its run, whose copy the builder puts beside
 *   the report (in `load/`);
 * - each run's web dashboard once more as a global attachment, so the one-file report carries it;
 * - global attachments: the summary of the run's observations (what the target did where the spec is
 *   silent), and the certificate when it has been written.
 * Plain Allure 2 result files (`*-result.json`, `*-globals.json`), which Allure 3 reads.
 */
import { createHash, randomUUID } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join } from 'node:path';
import type { ObservationsFile } from '../../run-records/observations.ts';
import { OBSERVATION_CONTENT_TYPE } from '../../run-records/observations.ts';
import { ruleLink } from '../../run-records/rule-link.ts';
import { isRuleId, RULES, ruleById, SPEC_PARTS } from '../../spec/index.ts';
import type { LoadSummary, ThresholdVerdict } from './load-summaries.ts';

export interface AllureLabel {
  readonly name: string;
  readonly value: string;
}

export interface AllureAttachment {
  readonly name: string;
  readonly source: string;
  readonly type: string;
}

export interface AllureResult {
  readonly uuid: string;
  readonly historyId: string;
  readonly testCaseId: string;
  readonly fullName: string;
  readonly name: string;
  readonly status: 'passed' | 'failed' | 'broken' | 'skipped';
  readonly statusDetails: { readonly message?: string; readonly trace?: string };
  readonly stage: 'finished';
  readonly start: number;
  readonly stop: number;
  readonly labels: readonly AllureLabel[];
  readonly parameters: readonly { readonly name: string; readonly value: string }[];
  readonly links: readonly { readonly name: string; readonly url: string; readonly type?: string }[];
  readonly attachments: readonly AllureAttachment[];
  readonly steps: readonly unknown[];
}

const md5 = (text: string): string => createHash('md5').update(text).digest('hex');

const LOAD_EPIC = 'Load (k6): the load run itself';

const formatObserved = (value: number | null): string =>
  value === null ? 'no value in the summary' : String(Math.round(value * 1000) / 1000);

const STATUS: Readonly<Record<ThresholdVerdict['verdict'], AllureResult['status']>> = {
  passed: 'passed',
  failed: 'failed',
  unknown: 'broken',
  'not-established': 'skipped',
};

const statusOf = (verdict: ThresholdVerdict['verdict']): AllureResult['status'] => STATUS[verdict];

const messageOf = (threshold: ThresholdVerdict): string | undefined => {
  if (threshold.verdict === 'passed') return undefined;
  if (threshold.verdict === 'failed') {
    return `threshold crossed: ${threshold.metric} ${threshold.expression} (observed ${formatObserved(threshold.observed)}, decided by ${threshold.decidedBy})`;
  }
  if (threshold.verdict === 'not-established')
    return `not established: ${threshold.reason ?? 'the load generator did not reach the planned rate'}`;
  return `not evaluated: the k6 summary has no value for ${threshold.metric} ${threshold.expression}`;
};

/** Where the report builder copies the web dashboards, relative to the report's index.html. */
export const DASHBOARD_FOLDER = 'load';

/** The attachment file a result's copy of its k6 summary goes to: its own, since Allure links a file to one result. */
export const summarySourceOf = (result: Pick<AllureResult, 'uuid'>): string =>
  `${result.uuid}-attachment.json`;

/**
 * The Allure results of one k6 summary, one per threshold, each with the summary attached (its file
 * is `summarySourceOf(result)`) and, when the run's web dashboard is there, a link to its copy.
 */
export const loadThresholdResults = (
  summary: Omit<LoadSummary, 'file'>,
  uuid: () => string = randomUUID,
): AllureResult[] => {
  const dashboard = summary.dashboardFile && summary.dashboard ? summary.dashboard : undefined;
  const stop = Date.parse(summary.generatedAt) || 0;
  const start = Math.max(0, stop - Math.round(summary.durationSeconds * 1000));
  return summary.thresholds.map((threshold) => {
    const rule = isRuleId(threshold.ruleId) ? ruleById(threshold.ruleId) : undefined;
    const key = `k6:${summary.script}:${threshold.metric}:${threshold.expression}`;
    const message = messageOf(threshold);
    const labels: AllureLabel[] = [
      { name: 'epic', value: rule ? SPEC_PARTS[rule.part] : LOAD_EPIC },
      { name: 'feature', value: rule ? rule.area : 'load' },
      { name: 'story', value: threshold.ruleId },
      { name: 'severity', value: rule ? rule.severity : 'normal' },
      { name: 'parentSuite', value: 'load (k6)' },
      { name: 'suite', value: summary.script },
      { name: 'framework', value: 'k6' },
      { name: 'tag', value: 'load' },
    ];
    const id = uuid();
    return {
      uuid: id,
      historyId: md5(key),
      testCaseId: md5(key),
      fullName: `load/${summary.script}: ${threshold.metric} ${threshold.expression}`,
      name: `${threshold.ruleId}: ${threshold.title} [${threshold.metric} ${threshold.expression}]`,
      status: statusOf(threshold.verdict),
      statusDetails: message ? { message } : {},
      stage: 'finished',
      start,
      stop,
      labels,
      parameters: [
        { name: 'metric', value: threshold.metric },
        { name: 'threshold', value: threshold.expression },
        { name: 'observed', value: formatObserved(threshold.observed) },
        { name: 'decided by', value: threshold.decidedBy },
        { name: 'k6 run id', value: summary.runId ?? 'none' },
      ],
      links: [
        ...(rule ? [{ name: `rule ${rule.id}`, url: ruleLink(rule) }] : []),
        // Allure makes anchors of absolute http(s) addresses only: this one shows as the path to open
        // beside the report (the report folder and the Pages site both keep load/ there).
        ...(dashboard
          ? [
              {
                name: `k6 web dashboard of the run: ${DASHBOARD_FOLDER}/${dashboard}, beside this report`,
                url: `${DASHBOARD_FOLDER}/${dashboard}`,
              },
            ]
          : []),
      ],
      attachments: [
        {
          name: `${summary.script}.summary.json`,
          source: summarySourceOf({ uuid: id }),
          type: 'application/json',
        },
      ],
      steps: [],
    };
  });
};

/** A plain-text page: for every gap of the catalog, the readings the target chose and how often. */
export const observationsSummaryText = (file: ObservationsFile | undefined): string => {
  const lines = [
    `Observations of run ${file?.runId ?? '(unknown)'}: what the target did where the spec is silent`,
    '',
  ];
  const byRule = file?.byRule ?? {};
  const ids = [
    ...new Set([...RULES.filter((r) => r.kind === 'gap').map((r) => r.id), ...Object.keys(byRule)]),
  ];
  for (const id of ids) {
    const rule = isRuleId(id) ? ruleById(id) : undefined;
    lines.push(`${id}: ${rule?.title ?? ''}`.trimEnd());
    const readings = Object.entries(byRule[id] ?? {}).sort(([a], [b]) => a.localeCompare(b));
    if (readings.length === 0) lines.push('  not observed in this run');
    for (const [observed, count] of readings) {
      lines.push(`  - ${observed} (${count} ${count === 1 ? 'observation' : 'observations'})`);
    }
    lines.push('');
  }
  return lines.join('\n');
};

export interface ExtrasInput {
  readonly folder: string;
  readonly summaries: readonly LoadSummary[];
  readonly observations: ObservationsFile | undefined;
  /** Files to show as global attachments (the certificate), when they exist. */
  readonly globalFiles: readonly { readonly path: string; readonly name: string; readonly type: string }[];
  readonly now?: Date;
}

const EXTENSIONS: Readonly<Record<string, string>> = {
  'application/json': 'json',
  'text/plain': 'txt',
  'text/markdown': 'md',
  'text/html': 'html',
};

/** Writes the extra results into an emptied folder; returns how many threshold results it wrote. */
export const writeAllureExtras = (input: ExtrasInput): { thresholds: number } => {
  rmSync(input.folder, { recursive: true, force: true });
  mkdirSync(input.folder, { recursive: true });
  let thresholds = 0;
  const attachments: (AllureAttachment & { timestamp: number })[] = [];
  const dashboards: (AllureAttachment & { timestamp: number })[] = [];
  const timestamp = (input.now ?? new Date()).getTime();
  for (const summary of input.summaries) {
    for (const result of loadThresholdResults(summary)) {
      copyFileSync(summary.file, join(input.folder, summarySourceOf(result)));
      writeFileSync(join(input.folder, `${result.uuid}-result.json`), JSON.stringify(result));
      thresholds += 1;
    }
    if (summary.dashboardFile && summary.dashboard) {
      const source = `${randomUUID()}-attachment.html`;
      copyFileSync(summary.dashboardFile, join(input.folder, source));
      dashboards.push({
        name: `k6 web dashboard: ${summary.dashboard}`,
        source,
        type: 'text/html',
        timestamp,
      });
    }
  }
  const summarySource = `${randomUUID()}-attachment.txt`;
  writeFileSync(join(input.folder, summarySource), observationsSummaryText(input.observations));
  attachments.push({
    name: 'Observations: what the target did where the spec is silent',
    source: summarySource,
    type: 'text/plain',
    timestamp,
  });
  for (const file of input.globalFiles) {
    if (!existsSync(file.path)) continue;
    const source = `${randomUUID()}-attachment.${EXTENSIONS[file.type] ?? basename(file.path).split('.').pop()}`;
    writeFileSync(join(input.folder, source), readFileSync(file.path));
    attachments.push({ name: file.name, source, type: file.type, timestamp });
  }
  for (const dashboard of dashboards) attachments.push(dashboard);
  writeFileSync(
    join(input.folder, `${randomUUID()}-globals.json`),
    JSON.stringify({ attachments, errors: [] }),
  );
  return { thresholds };
};

interface AttachmentHolder {
  attachments?: { type?: string }[];
  steps?: AttachmentHolder[];
}

const retype = (holder: AttachmentHolder, from: string, to: string): number => {
  let changed = 0;
  for (const attachment of holder.attachments ?? []) {
    if (attachment.type === from) {
      attachment.type = to;
      changed += 1;
    }
  }
  for (const step of holder.steps ?? []) changed += retype(step, from, to);
  return changed;
};

/**
 * The observations the suites attach have the kit's own content type, which Allure offers only as a
 * download; as application/json the report shows them inline. Rewrites the result files in place
 * (idempotent); returns how many attachments it changed.
 */
export const showObservationsInline = (folder: string): number => {
  if (!existsSync(folder)) return 0;
  let changed = 0;
  for (const name of readdirSync(folder).filter((n) => n.endsWith('-result.json'))) {
    const path = join(folder, name);
    const result = JSON.parse(readFileSync(path, 'utf8')) as AttachmentHolder;
    const count = retype(result, OBSERVATION_CONTENT_TYPE, 'application/json');
    if (count > 0) {
      writeFileSync(path, JSON.stringify(result));
      changed += count;
    }
  }
  return changed;
};
