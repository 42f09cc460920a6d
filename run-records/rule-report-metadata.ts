/**
 * The Allure labels and links of rules: epic = part of the spec, feature = area, story = rule id,
 * severity, and a link to the rule's entry in the catalog. A check's first rule is its main one (its
 * epic, feature and severity); every rule gets a story and a link. The kit's Allure reporter gives a
 * check those of the rules it checks (reports/reporters/allure-reporter.ts); a failed check also gets a
 * story for every other rule its violations broke (suites/verdicts/rule-labels.ts), so the report files
 * a failure under the rule it broke, whichever check it happened in.
 */
import { type RuleId, ruleById, SPEC_PARTS } from '../spec/index.ts';
import { ruleLink } from './rule-link.ts';

export interface ReportLabel {
  readonly name: 'epic' | 'feature' | 'story' | 'severity';
  readonly value: string;
}

export interface ReportLink {
  readonly url: string;
  readonly name: string;
}

export const ruleReportMetadata = (
  ids: readonly RuleId[],
  firstIsMain: boolean,
): { labels: ReportLabel[]; links: ReportLink[] } => {
  const labels: ReportLabel[] = [];
  const links: ReportLink[] = [];
  for (const [index, id] of ids.entries()) {
    const rule = ruleById(id);
    const main = firstIsMain && index === 0;
    // In the order the report's label list shows them before its "Show more".
    if (main)
      labels.push({ name: 'epic', value: SPEC_PARTS[rule.part] }, { name: 'feature', value: rule.area });
    labels.push({ name: 'story', value: rule.id });
    if (main) labels.push({ name: 'severity', value: rule.severity });
    links.push({ url: ruleLink(rule), name: `rule ${rule.id}` });
  }
  return { labels, links };
};
