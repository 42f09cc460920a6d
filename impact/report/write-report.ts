/** Writes the gate's report files into its folder, each through redaction once more. */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { redact } from '../../utilities/redaction.ts';
import { IMPACT_FILES, type ImpactReport } from './impact-report.ts';
import { allureResultsOf } from './render-allure.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { renderMarkdown } from './render-markdown.ts';

export const writeImpactReport = (report: ImpactReport, folder: string): void => {
  mkdirSync(folder, { recursive: true });
  const write = (name: string, text: string) => writeFileSync(join(folder, name), redact(text));
  write(IMPACT_FILES.markdown, renderMarkdown(report));
  write(IMPACT_FILES.html, renderHtml(report));
  write(IMPACT_FILES.json, `${JSON.stringify(report, null, 2)}\n`);
  write(IMPACT_FILES.junit, renderJunit(report));
  const allure = join(folder, IMPACT_FILES.allureResults);
  rmSync(allure, { recursive: true, force: true });
  mkdirSync(allure);
  for (const result of allureResultsOf(report))
    write(join(IMPACT_FILES.allureResults, `${result.uuid}-result.json`), JSON.stringify(result));
};
