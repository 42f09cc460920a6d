/**
 * `fei-kit openapi --check`: a provider's description compared with the spec, its findings listed rule
 * by rule in the certificate's words, the provider's declared deviations applied as a run applies them,
 * and the findings written to `<output>/openapi/check.json`. Exits 0 when it agrees (observations and
 * declared deviations fail nothing), 1 when it differs, 3 when the description cannot be read.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { declarationHolds, readDeclaredDeviations } from '../../config/declared-deviations.ts';
import { EXIT } from '../../config/exit-codes.ts';
import { acceptanceText } from '../../reports/certificate/declarations.ts';
import type { SayLine } from '../../utilities/console-line.ts';
import { type OpenApiCatalog, SPEC_CATALOG } from '../catalog.ts';
import { openApiFolder } from '../write-document.ts';
import { descriptionFindings } from './description-findings.ts';
import type { DescriptionFinding } from './findings.ts';
import { DescriptionUnreadableError, readProviderDescription } from './provider-description.ts';

export const CHECK_FILE = 'check.json';

export type FindingVerdict = 'differs' | 'declared' | 'observed';

export interface RuleFindings {
  readonly rule: string;
  readonly title: string;
  readonly verdict: FindingVerdict;
  readonly declaration?: string;
  readonly places: readonly { readonly where: string; readonly what: string }[];
}

export interface DescriptionCheck {
  readonly source: string;
  readonly openapi: string;
  readonly agrees: boolean;
  readonly rules: readonly RuleFindings[];
}

const titleOf = (catalog: OpenApiCatalog, id: string): string =>
  catalog.rules.find((rule) => rule.id === id)?.title ??
  catalog.clientRules.find((rule) => rule.id === id)?.title ??
  id;

/** The order of the catalog (rules, then the client's), where the certificate lists them. */
const orderOf = (catalog: OpenApiCatalog, id: string): number => {
  const ids = [...catalog.rules.map((rule) => rule.id), ...catalog.clientRules.map((rule) => rule.id)];
  const index = ids.indexOf(id);
  return index === -1 ? ids.length : index;
};

/** The findings grouped by rule, with the declarations that hold today applied. */
export const judgeFindings = (
  catalog: OpenApiCatalog,
  findings: readonly DescriptionFinding[],
  today: string,
  env: NodeJS.ProcessEnv = process.env,
): RuleFindings[] => {
  const declared = readDeclaredDeviations(env);
  const rules = [...new Set(findings.map((finding) => finding.rule))].sort(
    (a, b) => orderOf(catalog, a) - orderOf(catalog, b),
  );
  return rules.map((rule) => {
    const own = findings.filter((finding) => finding.rule === rule);
    const declaration = declared?.deviations.find((d) => d.rule === rule && declarationHolds(d, today));
    const differsHere = own.some((finding) => finding.kind === 'differs');
    const verdict: FindingVerdict = !differsHere ? 'observed' : declaration ? 'declared' : 'differs';
    return {
      rule,
      title: titleOf(catalog, rule),
      verdict,
      ...(verdict === 'declared' && declaration
        ? { declaration: `${declaration.differs} (${acceptanceText(declaration)})` }
        : {}),
      places: own.map(({ where, what }) => ({ where, what })),
    };
  });
};

const LABELS: Readonly<Record<FindingVerdict, string>> = Object.freeze({
  differs: 'DIFFERS',
  declared: 'DECLARED',
  observed: 'OBSERVED',
});

const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export const describeCheck = (check: DescriptionCheck): string[] => {
  const of = (verdict: FindingVerdict) => check.rules.filter((rule) => rule.verdict === verdict).length;
  const lines = [
    `${check.source} (OpenAPI ${check.openapi}) ${check.agrees ? 'agrees with' : 'differs from'} the spec: ${count(of('differs'), 'rule')} differ, ${of('declared')} declared, ${count(of('observed'), 'gap')} observed`,
  ];
  for (const rule of check.rules) {
    lines.push(`${LABELS[rule.verdict]} ${rule.rule}: ${rule.title}`);
    if (rule.declaration) lines.push(`  declared: ${rule.declaration}`);
    for (const place of rule.places) lines.push(`  ${place.where}: ${place.what}`);
  }
  return lines;
};

export const checkDescription = async (
  source: string,
  say: SayLine,
  catalog: OpenApiCatalog = SPEC_CATALOG,
): Promise<number> => {
  let description: Awaited<ReturnType<typeof readProviderDescription>>;
  try {
    description = await readProviderDescription(source);
  } catch (error) {
    if (!(error instanceof DescriptionUnreadableError)) throw error;
    say(`NOT CHECKED: ${error.message}`);
    return EXIT.couldNotRun;
  }
  const today = new Date().toISOString().slice(0, 10);
  const rules = judgeFindings(catalog, descriptionFindings(catalog, description), today);
  const check: DescriptionCheck = {
    source,
    openapi: description.version,
    agrees: rules.every((rule) => rule.verdict !== 'differs'),
    rules,
  };
  const folder = openApiFolder();
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, CHECK_FILE), `${JSON.stringify(check, null, 2)}\n`);
  for (const line of describeCheck(check)) say(line);
  return check.agrees ? EXIT.ok : EXIT.deviation;
};
