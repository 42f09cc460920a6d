/** `fei-kit report`: the Allure report of the last run, with the k6 runs and the history. */
import { relative } from 'node:path';
import { ALLURE_HISTORY_PATH } from '../../config/settings/index.ts';
import { type KitCommand, OUTPUT_OPTION } from '../command.ts';
import { kitSettings } from '../kit-settings.ts';

export const command: KitCommand = {
  name: 'report',
  summary: "builds the Allure report of the last run (one self-contained page, with the history's trends)",
  usage: '[options]',
  description: [
    'Builds <output>/allure-report/index.html from the conformance results and the k6 summaries in the',
    'output folder, and appends one line to the history (<output>/history/history.jsonl, or',
    'ALLURE_HISTORY_PATH): restore that file between scheduled runs to keep the trends.',
  ],
  options: [OUTPUT_OPTION],
  settings: kitSettings(ALLURE_HISTORY_PATH),
  exitCodes: ['ok', 'badConfiguration', 'kitFailure', 'outputUnwritable'],
  arguments: 'options',
  writesOutputs: true,
  run: async ({ say }) => {
    const report = await (await import('../../reports/allure/build-report.ts')).buildReport();
    // The last line names the next step: the page to open.
    if (report.code === 0)
      say(`next: open ${relative(process.cwd(), report.index)} in a browser (one self-contained page)`);
    return report.code;
  },
};
