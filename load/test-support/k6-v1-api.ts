/**
 * What the kit's bundles may use of k6: the JavaScript API, options and executors that k6 1.0 has and
 * k6 2.x still has (k6's own documentation, JavaScript API and options reference of v1.0; the v2.0
 * release notes list what 2.0 removed: the `externally-controlled` executor, `options.ext.loadimpact`,
 * `k6/experimental/redis`). A bundle that stays inside these lists runs on every k6 from 1.0 on. When
 * a script needs something more, check the version that brought it before adding it here, and raise
 * the README's "supported k6 versions" if it is newer than 1.0.
 */

/** Per module: the names a script may import from it or read from its default export (`http.get`). */
export const K6_V1_MODULES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  k6: ['check', 'fail', 'group', 'randomSeed', 'sleep'],
  'k6/http': [
    'asyncRequest',
    'batch',
    'cookieJar',
    'CookieJar',
    'del',
    'expectedStatuses',
    'file',
    'FileData',
    'get',
    'head',
    'options',
    'patch',
    'post',
    'put',
    'request',
    'setResponseCallback',
    'url',
  ],
  'k6/metrics': ['Counter', 'Gauge', 'Rate', 'Trend'],
  // The default export's objects, and what each holds.
  'k6/execution': [
    'instance',
    'instance.currentTestRunDuration',
    'instance.iterationsCompleted',
    'instance.iterationsInterrupted',
    'instance.vusActive',
    'instance.vusInitialized',
    'scenario',
    'scenario.executor',
    'scenario.iterationInInstance',
    'scenario.iterationInTest',
    'scenario.name',
    'scenario.progress',
    'scenario.startTime',
    'test',
    'test.abort',
    'test.options',
    'vu',
    'vu.idInInstance',
    'vu.idInTest',
    'vu.iterationInInstance',
    'vu.iterationInScenario',
    'vu.metrics',
    'vu.tags',
  ],
  'k6/encoding': ['b64decode', 'b64encode'],
});

/**
 * Top-level `options` keys a script may export. Not `noUsageReport`: k6 takes that one only from
 * K6_NO_USAGE_REPORT or --no-usage-report, and warns about it in a script's options.
 */
export const K6_V1_OPTIONS: readonly string[] = Object.freeze([
  'batch',
  'batchPerHost',
  'blockHostnames',
  'discardResponseBodies',
  'dns',
  'duration',
  'hosts',
  'httpDebug',
  'insecureSkipTLSVerify',
  'iterations',
  'maxRedirects',
  'minIterationDuration',
  'noConnectionReuse',
  'noCookiesReset',
  'noVUConnectionReuse',
  'scenarios',
  'setupTimeout',
  'stages',
  'summaryTimeUnit',
  'summaryTrendStats',
  'systemTags',
  'tags',
  'teardownTimeout',
  'thresholds',
  'throw',
  'userAgent',
  'vus',
]);

/** Executors of k6 1.0 that k6 2.x kept. */
export const K6_V1_EXECUTORS: readonly string[] = Object.freeze([
  'constant-arrival-rate',
  'constant-vus',
  'per-vu-iterations',
  'ramping-arrival-rate',
  'ramping-vus',
  'shared-iterations',
]);

/** Keys of a scenario of any executor. */
export const K6_V1_SCENARIO_KEYS: readonly string[] = Object.freeze([
  'duration',
  'env',
  'exec',
  'executor',
  'gracefulRampDown',
  'gracefulStop',
  'iterations',
  'maxDuration',
  'maxVUs',
  'options',
  'preAllocatedVUs',
  'rate',
  'stages',
  'startRate',
  'startTime',
  'startVUs',
  'tags',
  'timeUnit',
  'vus',
]);

/** Keys of a threshold given as an object instead of an expression. */
export const K6_V1_THRESHOLD_KEYS: readonly string[] = Object.freeze([
  'abortOnFail',
  'delayAbortEval',
  'threshold',
]);

/** What a bundle takes from k6: `module:name` for each import and each member read off a default import. */
export const k6ApiUses = (source: string): string[] => {
  // esbuild marks each bundled file with a `// path` line; a doc comment may name anything.
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const uses = new Set<string>();
  const IMPORT = /^\s*import\s+([^'";]+?)\s+from\s+["'](k6(?:\/[\w/-]+)?)["']\s*;?\s*$/gm;
  for (const [, clause = '', module = ''] of code.matchAll(IMPORT)) {
    const named = /\{([^}]*)\}/.exec(clause);
    for (const part of named?.[1]?.split(',') ?? []) {
      const name = part.trim().split(/\s+as\s+/)[0];
      if (name) uses.add(`${module}:${name}`);
    }
    const binding = /^\s*(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)/.exec(clause.replace(/\{[^}]*\}/, ''))?.[1];
    if (!binding) continue;
    const member = new RegExp(
      `(?<![\\w$.])${binding.replace(/\$/g, '\\$')}\\.([A-Za-z_$][\\w$]*)(?:\\.([A-Za-z_$][\\w$]*))?`,
      'g',
    );
    for (const [, first = '', second] of code.matchAll(member)) {
      uses.add(`${module}:${first}`);
      if (second && module === 'k6/execution') uses.add(`${module}:${first}.${second}`);
    }
  }
  return [...uses].sort();
};

/** The uses that k6 1.0 does not offer. */
export const usesBeyondK6V1 = (uses: readonly string[]): string[] =>
  uses.filter((use) => {
    const [module = '', name = ''] = use.split(':');
    return !(K6_V1_MODULES[module] ?? []).includes(name);
  });

/** Every option, scenario key, executor and threshold key of a script's options that k6 1.0 lacks. */
export const optionsBeyondK6V1 = (options: Record<string, unknown>): string[] => {
  const beyond: string[] = [];
  for (const key of Object.keys(options)) if (!K6_V1_OPTIONS.includes(key)) beyond.push(`option ${key}`);
  const scenarios = (options.scenarios ?? {}) as Record<string, Record<string, unknown>>;
  for (const [name, scenario] of Object.entries(scenarios)) {
    for (const key of Object.keys(scenario))
      if (!K6_V1_SCENARIO_KEYS.includes(key)) beyond.push(`scenario ${name}: ${key}`);
    if (!K6_V1_EXECUTORS.includes(String(scenario.executor)))
      beyond.push(`scenario ${name}: executor ${String(scenario.executor)}`);
  }
  const thresholds = (options.thresholds ?? {}) as Record<string, unknown[]>;
  for (const [metric, list] of Object.entries(thresholds)) {
    for (const entry of list) {
      if (typeof entry === 'string') continue;
      for (const key of Object.keys(entry as object))
        if (!K6_V1_THRESHOLD_KEYS.includes(key)) beyond.push(`threshold of ${metric}: ${key}`);
    }
  }
  return beyond;
};
