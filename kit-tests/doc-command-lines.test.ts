/**
 * Docs a test keeps true: every command line README.md and docs/ show is read with the command's own
 * option table, so a doc cannot show an option, a command or an npm script the kit does not have.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { commandOf } from '../cli/all-commands.ts';
import { KIT_CONFORMANCE_OPTIONS, PLAYWRIGHT_TEST_OPTIONS } from '../config/playwright-arguments.ts';
import { KIT_ROOT } from '../utilities/kit-root.ts';
import { expect, test } from './test-support/kit-test.ts';

/** The command lines in a Markdown text: inline code and the lines of code blocks. */
const commandLinesIn = (markdown: string): string[] => {
  const code = [
    ...[...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].flatMap((m) => (m[1] as string).split('\n')),
    ...[...markdown.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1] as string),
  ];
  return code
    .flatMap((line) => line.replace(/\s#\s.*$/, '').split(/&&|;|\|/))
    .map((line) => line.trim())
    .flatMap((line) => {
      const found = /(?:^|\s)((?:npx (?:--no-install )?)?fei-kit(?: .*)?|npm run [\w:-]+(?: .*)?)$/.exec(
        line,
      );
      return found ? [(found[1] as string).trim()] : [];
    });
};

const CONFORMANCE_OPTIONS = [...PLAYWRIGHT_TEST_OPTIONS, ...KIT_CONFORMANCE_OPTIONS].flatMap((o) =>
  o.short ? [o.long, o.short] : [o.long],
);

/** A placeholder (`<baseline>`, `[options]`, `…`) stands for the reader's own words: not checked. */
const isPlaceholder = (word: string): boolean => /[<>[\]…]|^\.\.\.$/.test(word);

/** What is wrong with one command line, or undefined. `scripts`: package.json's npm scripts. */
const problemOf = (line: string, scripts: Readonly<Record<string, string>>): string | undefined => {
  let words = line.split(/\s+/).filter((w) => w !== '');
  if (words[0] === 'npm') {
    const name = words[2] as string;
    const script = scripts[name];
    if (script === undefined) return `npm run ${name}: no such npm script`;
    const alias = /^node bin\/fei-kit\.mjs (.*)$/.exec(script);
    if (!alias) return undefined;
    const dashes = words.indexOf('--');
    words = [
      'fei-kit',
      ...(alias[1] as string).split(' '),
      ...(dashes === -1 ? [] : words.slice(dashes + 1)),
    ];
  }
  const start = words.indexOf('fei-kit') + 1;
  const argv = words.slice(start).map((w) => w.replace(/^['"]|['"]$/g, ''));
  if (argv.length === 0 || isPlaceholder(argv[0] as string) || argv[0]?.startsWith('-')) return undefined;
  // `fei-kit report: builds …` names a command in prose, with what it does.
  if (argv[0] === 'help' || argv.slice(0, 2).some((word) => word.endsWith(':'))) return undefined;
  const found = commandOf(argv);
  if (!found) {
    if (argv.length === 1 || isPlaceholder(argv[1] as string)) return undefined;
    return `${line}: no command ${argv.slice(0, 2).join(' ')}`;
  }
  const { command, rest } = found;
  const own = command.options.flatMap((o) => [`--${o.name}`, ...(o.short ? [`-${o.short}`] : [])]);
  const known = new Set([...own, '--help', '-h']);
  const options = (words: readonly string[]) =>
    words.filter((w) => w.startsWith('-') && w !== '--' && w !== '-').map((w) => w.replace(/=.*$/, ''));
  const dashes = rest.indexOf('--');
  const before = dashes === -1 ? rest : rest.slice(0, dashes);
  const after = dashes === -1 ? [] : rest.slice(dashes + 1);
  let wrong: string[];
  if (command.name === 'conformance') {
    wrong = options(rest).filter((o) => !CONFORMANCE_OPTIONS.includes(o) && !known.has(o));
  } else if (command.name === 'certify-client') {
    // Its options, then the client's own command line, which is the client's business.
    const takesValue = new Set(command.options.filter((o) => o.type === 'string').map((o) => `--${o.name}`));
    const firstWord = before.findIndex((w, i) => !w.startsWith('-') && !takesValue.has(before[i - 1] ?? ''));
    wrong = options(firstWord === -1 ? before : before.slice(0, firstWord)).filter((o) => !known.has(o));
  } else if (command.arguments === 'own') {
    // A load script's: the kit's options and k6's, which k6 judges; after `--` the words are k6's
    // only, so the kit's own option written there reaches k6 by mistake.
    wrong = options(after)
      .filter((o) => own.includes(o))
      .map((o) => `${o} after --`);
  } else {
    wrong = options(rest).filter((o) => !known.has(o));
  }
  return wrong.length > 0 ? `${line}: ${command.name} takes no ${wrong.join(', ')}` : undefined;
};

const SCRIPTS = (
  JSON.parse(readFileSync(join(KIT_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;
const DOCS = [
  'README.md',
  ...readdirSync(join(KIT_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

test('DOCS: every command line of the README and docs/ takes only options its command has', () => {
  const lines = DOCS.flatMap((file) =>
    commandLinesIn(readFileSync(join(KIT_ROOT, file), 'utf8')).map((line) => ({ file, line })),
  );
  expect(lines.length).toBeGreaterThan(50);
  const problems = lines.flatMap(({ file, line }) => {
    const problem = problemOf(line, SCRIPTS);
    return problem ? [`${file}: ${problem}`] : [];
  });
  expect(problems).toEqual([]);
});

test('DOCS: the check finds an option, a command or a script the kit does not have', () => {
  const planted = [
    'Run `fei-kit load capacity -- --segments 2` to split it.',
    '```sh\nnpx fei-kit conformance --grepp @auth   # a slip\nfei-kit report --outptu out\n```',
    '`npm run conformance -- --list --colour`, `npm run load:everything`, `fei-kit deploy now`',
    '`fei-kit certify-client --time-limt 5m -- node client.mjs --verbose`',
    '`fei-kit conformance --list -- --grep @auth`, `fei-kit certify-client --upstream https://x -- node c.mjs --verbose`',
  ].join('\n');
  expect(commandLinesIn(planted).flatMap((line) => problemOf(line, SCRIPTS) ?? [])).toEqual([
    'npx fei-kit conformance --grepp @auth: conformance takes no --grepp',
    'fei-kit report --outptu out: report takes no --outptu',
    'fei-kit load capacity -- --segments 2: load capacity takes no --segments after --',
    'npm run conformance -- --list --colour: conformance takes no --colour',
    'npm run load:everything: no such npm script',
    'fei-kit deploy now: no command deploy now',
    'fei-kit certify-client --time-limt 5m -- node client.mjs --verbose: certify-client takes no --time-limt',
  ]);
});
