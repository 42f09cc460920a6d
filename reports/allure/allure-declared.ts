/**
 * Marks, in allure-playwright's results of the current run, the failed tests whose every violation is
 * of a rule the provider declared as a known deviation (the certificate's `declared` verdict): the
 * label `deviation: declared`, which the report's first category takes (allurerc.mjs: "Declared
 * deviations", apart from the deviations that fail the run), and a description naming the declaration.
 * The test stays failed: a declared deviation is shown, never hidden. A test is read by its check
 * records (run-records/check-record.ts), never by its title or message. Rewrites the result files in
 * place; running it twice changes nothing more.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECK_RECORD_CONTENT_TYPE, checkRecordSchema } from '../../run-records/check-record.ts';
import { acceptanceText, type DeclarationEntry } from '../certificate/declarations.ts';

export const DECLARED_LABEL = Object.freeze({ name: 'deviation', value: 'declared' });

interface Attachment {
  readonly type?: string;
  readonly source?: string;
}

interface ResultFile {
  status?: string;
  description?: string;
  labels?: { name: string; value: string }[];
  attachments?: Attachment[];
  steps?: ResultFile[];
}

const attachmentsOf = (holder: ResultFile): Attachment[] => [
  ...(holder.attachments ?? []),
  ...(holder.steps ?? []).flatMap(attachmentsOf),
];

/** The rules a result's check records say its violations broke. */
const violatedRules = (folder: string, result: ResultFile): Set<string> => {
  const rules = new Set<string>();
  for (const attachment of attachmentsOf(result)) {
    if (attachment.type !== CHECK_RECORD_CONTENT_TYPE || !attachment.source) continue;
    const path = join(folder, attachment.source);
    if (!existsSync(path)) continue;
    try {
      const record = checkRecordSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
      if (record.success) for (const violation of record.data.violations) rules.add(violation.rule);
    } catch {
      // an attachment that is not a record: it says nothing
    }
  }
  return rules;
};

/** Returns how many result files it marked. */
export const markDeclaredInAllureResults = (
  folder: string,
  occurring: readonly DeclarationEntry[],
): number => {
  if (!existsSync(folder) || occurring.length === 0) return 0;
  const declared = new Map(occurring.map((entry) => [entry.rule as string, entry]));
  let marked = 0;
  for (const name of readdirSync(folder).filter((file) => file.endsWith('-result.json'))) {
    const path = join(folder, name);
    const result = JSON.parse(readFileSync(path, 'utf8')) as ResultFile;
    if (result.status !== 'failed') continue;
    if (result.labels?.some((l) => l.name === DECLARED_LABEL.name)) continue;
    const rules = [...violatedRules(folder, result)];
    if (rules.length === 0 || !rules.every((rule) => declared.has(rule))) continue;
    result.labels = [...(result.labels ?? []), { ...DECLARED_LABEL }];
    const note = [
      '**Declared deviation**: the provider declares this failure as a known deviation; it does not fail the run.',
      '',
      ...rules.map((rule) => {
        const entry = declared.get(rule) as DeclarationEntry;
        return `- ${rule}: ${entry.differs} (${entry.reason}; ${acceptanceText(entry)})`;
      }),
    ].join('\n');
    result.description = result.description ? `${result.description}\n\n${note}` : note;
    writeFileSync(path, JSON.stringify(result));
    marked += 1;
  }
  return marked;
};
