import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ALL_CONTRACT_VARIABLES } from '../../contract/variables.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import * as registry from './index.ts';
import { K6_OWN_VARIABLES, SETTINGS, type Setting } from './index.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PREFIXES =
  /\b(?:KIT|LOAD|REFERENCE|BENCH|CAPACITY|SELF_CHECK|FC|ALLOW|ALLURE|REQUEST|K6|TARGET|TENANT|RATE_LIMIT|DECLARED)_[A-Z0-9_]*[A-Z0-9]\b/g;
const KNOWN = new Set([...SETTINGS.map((s) => s.name), ...ALL_CONTRACT_VARIABLES, ...K6_OWN_VARIABLES]);

/** The variables a doc names (in code, inline or in blocks) that no registry holds. */
const unknownVariablesIn = (markdown: string): string[] => {
  const code = [...markdown.matchAll(/```[\s\S]*?```|`[^`\n]+`/g)].map((m) => m[0]).join('\n');
  return [...new Set([...code.matchAll(PREFIXES)].map((m) => m[0]))].filter((name) => !KNOWN.has(name));
};

const DOCS = [
  'README.md',
  '.env.example',
  ...readdirSync(`${ROOT}docs`)
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

test('VARIABLES: every variable README.md, .env.example and docs/ name is in the registry (the contract, the kit’s settings, k6’s own)', () => {
  const unknown = DOCS.flatMap((file) => {
    const text = readFileSync(`${ROOT}${file}`, 'utf8');
    // .env.example is all settings: every line counts, not only code.
    const names =
      file === '.env.example' ? unknownVariablesIn(`\`\`\`\n${text}\n\`\`\``) : unknownVariablesIn(text);
    return names.map((name) => `${file}: ${name}`);
  });
  expect(unknown).toEqual([]);
});

test('VARIABLES: the check finds a variable the kit does not read', () => {
  expect(
    unknownVariablesIn(
      'Set `KIT_OUTPUT_DIR` and `KIT_OUTPUT_FOLDER`;\n```sh\nLOAD_DURATON=2m fei-kit load latency\nPORT=1 TARGET_BASE_URL=x\n```',
    ),
  ).toEqual(['KIT_OUTPUT_FOLDER', 'LOAD_DURATON']);
});

/** The repository's files as git sees them: outputs (which other tests write and delete meanwhile) are ignored. */
const repositoryFiles = (): string[] =>
  execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    .filter((path) => path !== '' && !path.startsWith('docs/') && existsSync(`${ROOT}${path}`));

/** The kit's code, tests and docs left out: where a setting is read. */
const sourceFiles = (): string[] =>
  repositoryFiles()
    .filter((path) => /\.(?:ts|mjs|sh)$/.test(path) && !path.endsWith('.test.ts'))
    .filter((path) => !path.startsWith('config/settings/') && !path.includes('test-support/'));

test('VARIABLES: every setting of the registry is read by the kit’s code (a registry entry is no promise by itself)', () => {
  const code = sourceFiles()
    .map((path) => readFileSync(`${ROOT}${path}`, 'utf8'))
    .join('\n');
  // A setting is named in code by its variable's name or by the registry's export that holds it: its
  // own constant, or a table of them (LATENCY_ENDPOINT_SETTINGS), never a list of every setting.
  const holds = (value: unknown, setting: Setting<unknown>): boolean =>
    value === setting ||
    (typeof value === 'object' &&
      value !== null &&
      !Array.isArray(value) &&
      !('read' in value) &&
      Object.values(value).some((inner) => holds(inner, setting)));
  const namesOf = (setting: Setting<unknown>): string[] => [
    setting.name,
    ...Object.entries(registry)
      .filter(([, value]) => holds(value, setting))
      .map(([exported]) => exported),
  ];
  const unread = SETTINGS.filter((s) => !namesOf(s).some((name) => code.includes(name))).map((s) => s.name);
  expect(unread).toEqual([]);
});
