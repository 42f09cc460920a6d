import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createContext, runInContext } from 'node:vm';
import * as esbuild from 'esbuild';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { loadExternalId, realisticEvent, realisticUpdate } from './k6-safe.ts';
import { Problems } from './test-support/problems.ts';
import { checkEventBody } from './test-support/spec-rule-check.ts';

const entry = fileURLToPath(new URL('./k6-safe.ts', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));

/** The bundle as load/ builds k6 scripts: ESM, platform neutral, everything inlined. */
const bundle = async (): Promise<string> => {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    write: false,
    mainFields: ['module', 'main'],
    logLevel: 'silent',
  });
  const [output] = result.outputFiles;
  if (output === undefined) throw new Error('esbuild wrote nothing');
  return output.text;
};

/** What k6's runtime lacks (docs/tooling.md), and Node-only APIs. */
const FORBIDDEN: readonly { readonly name: string; readonly pattern: RegExp }[] = [
  { name: 'Intl', pattern: /\bIntl\b/ },
  {
    name: 'locale-dependent methods (they use Intl)',
    pattern: /\b(localeCompare|toLocale(Lower|Upper)Case)\s*\(/,
  },
  { name: 'global URL', pattern: /\bnew URL\(|\bURL\.|\bURLSearchParams\b/ },
  { name: 'TextEncoder / TextDecoder', pattern: /\bText(En|De)coder\b/ },
  { name: 'atob / btoa', pattern: /\b(atob|btoa)\s*\(/ },
  { name: 'structuredClone', pattern: /\bstructuredClone\b/ },
  { name: 'WeakRef / FinalizationRegistry', pattern: /\b(WeakRef|FinalizationRegistry)\b/ },
  { name: 'global fetch', pattern: /\bfetch\s*\(/ },
  { name: 'async generators and for await', pattern: /\basync\s*function\s*\*|\basync\s*\*|\bfor\s+await\b/ },
  { name: 'regex named groups', pattern: /\.groups\b|\(\?<[A-Za-z_$]/ },
  { name: '\\p{…} escapes', pattern: /\\[pP]\{/ },
  {
    name: 'the d and v regex flags',
    pattern: /\/[gimsuy]*[dv][gimsuy]*\.(exec|test)\b|new RegExp\([^)]*,\s*["'][a-z]*[dv]/,
  },
  { name: 'Object.groupBy / Map.groupBy', pattern: /\b(Object|Map)\.groupBy\b/ },
  { name: 'Promise.withResolvers', pattern: /\bPromise\.withResolvers\b/ },
  { name: 'dynamic import()', pattern: /\bimport\s*\(/ },
  { name: 'Node modules', pattern: /["']node:|\brequire\s*\(\s*["']/ },
  { name: 'process', pattern: /\bprocess\s*\./ },
  { name: 'Buffer', pattern: /\bBuffer\b/ },
  { name: 'crypto', pattern: /\bcrypto\s*\./ },
  { name: 'using declarations', pattern: /\b(await\s+)?using\s+[A-Za-z_$][\w$]*\s*=/ },
];

/**
 * Uses that are there but guarded, each checked by hand: fast-check's stringify looks Buffer up only
 * if it exists (`typeof Buffer !== "undefined"`). The vm run below proves the code runs without it.
 */
const GUARDED = ['var safeBufferIsBuffer = typeof Buffer !== "undefined" ? Buffer.isBuffer : void 0;'];

/** Globals a k6 VU lacks, removed from a fresh V8 context (which has only ECMAScript's and Intl). */
const K6_PRELUDE = `
  'use strict';
  for (const name of ['Intl', 'WeakRef', 'FinalizationRegistry', 'WebAssembly', 'SharedArrayBuffer', 'Atomics']) {
    delete globalThis[name];
  }
  delete Object.groupBy; delete Map.groupBy; delete Promise.withResolvers;
  // Library additions of ES2022 and later: not needed, so not relied on (k6's runtime lags behind).
  delete Object.hasOwn; delete Array.fromAsync;
  for (const name of ['at', 'findLast', 'findLastIndex', 'toSorted', 'toReversed', 'toSpliced', 'with']) {
    delete Array.prototype[name];
  }
  for (const name of ['at', 'isWellFormed', 'toWellFormed']) delete String.prototype[name];
  const unavailable = (name) => function () { throw new Error(name + ' is not available in k6'); };
  for (const [owner, names] of [
    [String.prototype, ['localeCompare', 'toLocaleLowerCase', 'toLocaleUpperCase']],
    [Number.prototype, ['toLocaleString']],
    [Date.prototype, ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString']],
    [Array.prototype, ['toLocaleString']],
  ]) {
    for (const name of names) owner[name] = unavailable(name);
  }
`;

const ABSENT_GLOBALS = [
  'Intl',
  'URL',
  'URLSearchParams',
  'TextEncoder',
  'TextDecoder',
  'structuredClone',
  'atob',
  'btoa',
  'fetch',
  'WeakRef',
  'Buffer',
  'process',
  'require',
  'module',
  'crypto',
  'setTimeout',
  'queueMicrotask',
];

/** The ESM bundle as a script: its final `export { a, b as c }` becomes an assignment to a global. */
const asScript = (code: string): string => {
  const match = /export\s*\{([^}]*)\};?\s*$/.exec(code);
  if (match === undefined || match === null) throw new Error('no export clause at the end of the bundle');
  const members = (match[1] ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => {
      const [local, exported = local] = part.split(/\s+as\s+/);
      return `${JSON.stringify(exported)}: ${local}`;
    });
  return `'use strict';\n${code.slice(0, match.index)}\nglobalThis.__k6safe = { ${members.join(', ')} };`;
};

test('LOAD: generators/k6-safe.ts exports exactly loadExternalId, realisticEvent and realisticUpdate', async () => {
  const module = await import('./k6-safe.ts');
  expect(Object.keys(module).sort()).toEqual(['loadExternalId', 'realisticEvent', 'realisticUpdate']);
});

test('LOAD: the k6 bundle of generators/k6-safe.ts uses no API that k6 lacks and no Node API', async () => {
  const code = await bundle();
  expect(code.length).toBeGreaterThan(10_000);
  let scanned = code;
  for (const snippet of GUARDED) {
    expect(scanned, `guarded snippet no longer there: ${snippet}`).toContain(snippet);
    scanned = scanned.split(snippet).join('');
  }
  const found = FORBIDDEN.flatMap(({ name, pattern }) => {
    const match = new RegExp(pattern.source, 'g').exec(scanned);
    return match ? [`${name}: …${scanned.slice(Math.max(0, match.index - 60), match.index + 40)}…`] : [];
  });
  expect(found).toEqual([]);
  // The scan itself can fail: each pattern catches what it is for.
  for (const [sample, name] of [
    ['Intl.NumberFormat', 'Intl'],
    ['new TextEncoder()', 'TextEncoder'],
    ['m.groups.x', 'regex'],
    ['require("node:fs")', 'Node'],
    ['Object.groupBy(a, f)', 'groupBy'],
    ['structuredClone(x)', 'structuredClone'],
    ['process.env.X', 'process'],
    ['Buffer.from(x)', 'Buffer'],
  ] as const) {
    expect(
      FORBIDDEN.some(({ name: label, pattern }) => label.includes(name) && pattern.test(sample)),
      sample,
    ).toBe(true);
  }
});

test('LOAD: the k6 bundle runs in a bare ECMAScript context and gives the same events as the module', async () => {
  const context = createContext({});
  runInContext(K6_PRELUDE, context);
  const absent = runInContext(
    `${JSON.stringify(ABSENT_GLOBALS)}.filter((name) => typeof globalThis[name] !== 'undefined')`,
    context,
  ) as string[];
  expect([...absent]).toEqual([]);

  runInContext(asScript(await bundle()), context, { filename: 'k6-safe.bundle.js' });
  const results = JSON.parse(
    runInContext(
      `(() => {
        const { realisticEvent, realisticUpdate } = globalThis.__k6safe;
        const events = [];
        for (let index = 0; index < 200; index += 1) {
          events.push(realisticEvent(7, 'k6-run', index, index % 3 === 0 ? 'INTERNAL_PAYOUT' : undefined));
        }
        const updates = events.slice(0, 50).map((event, i) => realisticUpdate(i, event));
        return JSON.stringify({ events, updates });
      })()`,
      context,
    ) as string,
  ) as { events: unknown[]; updates: unknown[] };

  const expectedEvents = Array.from({ length: 200 }, (_, index) =>
    realisticEvent(7, 'k6-run', index, index % 3 === 0 ? 'INTERNAL_PAYOUT' : undefined),
  );
  expect(results.events).toEqual(expectedEvents);
  expect(results.updates).toEqual(expectedEvents.slice(0, 50).map((event, i) => realisticUpdate(i, event)));
});

test('LOAD: realisticEvent is deterministic per (seed, index), valid, typed on request, with an id unique per (runId, index)', () => {
  const events = Array.from({ length: 500 }, (_, index) => realisticEvent(1, 'run-a', index));
  expect(events.map((event) => checkEventBody(event)).filter((findings) => findings.length > 0)).toEqual([]);
  expect(new Set(events.map((event) => event.externalId)).size).toBe(events.length);
  expect(events[42]?.externalId).toBe(loadExternalId('run-a', 42));
  expect(realisticEvent(1, 'run-a', 42)).toEqual(events[42]);
  expect(realisticEvent(2, 'run-a', 42)).not.toEqual(events[42]);
  expect(new Set(events.map((event) => JSON.stringify({ ...event, externalId: '' }))).size).toBeGreaterThan(
    490,
  );
  expect(new Set(events.map((event) => event.type))).toEqual(new Set(['INTERNAL_PAYIN', 'INTERNAL_PAYOUT']));
  for (const type of ['INTERNAL_PAYIN', 'INTERNAL_PAYOUT'] as const) {
    for (let index = 0; index < 50; index += 1)
      expect(realisticEvent(3, 'run-b', index, type).type).toBe(type);
  }
});

test('UPDATE-APPLIES: realisticUpdate is a valid PUT body for the same event, changed, deterministic per seed', () => {
  const problems = new Problems();
  for (let index = 0; index < 200; index += 1) {
    const previous = realisticEvent(5, 'run-u', index);
    const update = realisticUpdate(index, previous);
    const where = `${JSON.stringify(previous)} -> ${JSON.stringify(update)}`;
    problems.equal(checkEventBody(update), [], where);
    problems.equal([update.externalId, update.type], [previous.externalId, previous.type], where);
    problems.check(JSON.stringify(update) !== JSON.stringify(previous), `${where}: unchanged`);
    problems.equal(realisticUpdate(index, previous), update, `${where}: not deterministic`);
  }
  expect(problems.list).toEqual([]);
});

test('LOAD: the k6-safe entry type-checks with the ES2022 library only and no Node types', () => {
  const tsc = fileURLToPath(new URL('../node_modules/.bin/tsc', import.meta.url));
  const output = execFileSync(tsc, ['-p', 'generators/tsconfig.k6-safe.json'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(output).toBe('');
});

test('LOAD: a load event’s externalId stays within 35 characters for any run id KIT_RUN_ID allows, the control tenant’s ten-digit indexes included', () => {
  const runIds = ['r', 'load-20261130154100-a1b2c3', 'x'.repeat(40), `ci-${'9'.repeat(37)}`];
  const ids = runIds.flatMap((runId) =>
    [0, 42, 1_000_000_000 + 123_456, 9_999_999_999].map((i) => loadExternalId(runId, i)),
  );
  expect(ids.filter((id) => id.length > 35)).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
  // Run ids a CI would give in turn: every one a set of ids of its own.
  const builds = Array.from({ length: 2000 }, (_, build) => loadExternalId(`nightly-${build}`, 7));
  expect(new Set(builds).size).toBe(builds.length);
});
