/**
 * Runs a k6 bundle without k6: the bundle's ES module syntax is rewritten to CommonJS by esbuild
 * (its `import … from "k6/…"` become `require("k6/…")`), and the result is evaluated in a fresh
 * node:vm context that has only the ECMAScript built-ins, less those k6 lacks (Intl, WeakRef,
 * Object.groupBy, Promise.withResolvers…), and no Node globals at all. `require` hands out fakes of
 * k6, k6/http, k6/metrics and k6/execution that record what the script does.
 */
import { readFileSync } from 'node:fs';
import { createContext, runInContext } from 'node:vm';
import { transform } from 'esbuild';

export interface FakeRequest {
  readonly method: string;
  readonly url: string;
  readonly body: string | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly tags: Readonly<Record<string, string>>;
}

export interface FakeResponse {
  readonly status: number;
  readonly body: string;
}

export interface MetricSample {
  readonly value: number;
  readonly tags: Readonly<Record<string, string>>;
}

export interface CheckRecord {
  readonly name: string;
  readonly passed: boolean;
}

export interface SandboxOptions {
  readonly env: Readonly<Record<string, string>>;
  readonly respond?: (request: FakeRequest) => FakeResponse;
}

export interface Sandbox {
  readonly exports: Record<string, unknown>;
  readonly requests: FakeRequest[];
  readonly metrics: Map<string, { type: string; samples: MetricSample[] }>;
  readonly checks: CheckRecord[];
  readonly logs: string[];
  /** What k6/execution reports for the next call: iteration number, scenario start (epoch ms). */
  readonly execution: { iterationInTest: number; startTime: number; scenarioName: string };
  /** Calls an exported function of the bundle, as k6 would. */
  call(name: string, ...args: unknown[]): unknown;
}

/** Built-ins of V8 that k6's runtime does not have: removed from the sandbox, so using one throws. */
export const REMOVED_BUILTINS = Object.freeze([
  'Intl',
  'WeakRef',
  'FinalizationRegistry',
  'Object.groupBy',
  'Map.groupBy',
  'Promise.withResolvers',
  'Array.fromAsync',
  'structuredClone',
]);

const PRELUDE = `
  for (const path of ${JSON.stringify(REMOVED_BUILTINS)}) {
    const parts = path.split('.');
    if (parts.length === 1) delete globalThis[parts[0]];
    else delete globalThis[parts[0]][parts[1]];
  }
`;

const esModule = <T extends object>(value: T): T & { __esModule: true; default: T } =>
  Object.assign(Object.create(null) as object, value, { __esModule: true as const, default: value }) as T & {
    __esModule: true;
    default: T;
  };

/** The bundle as CommonJS, ready for `runInContext`. */
export const bundleAsCommonJs = async (bundleFile: string): Promise<string> => {
  const code = readFileSync(bundleFile, 'utf8');
  const result = await transform(code, {
    format: 'cjs',
    loader: 'js',
    target: 'es2020',
    platform: 'neutral',
  });
  return result.code;
};

export const loadInSandbox = async (bundleFile: string, options: SandboxOptions): Promise<Sandbox> => {
  const commonJs = await bundleAsCommonJs(bundleFile);
  const requests: FakeRequest[] = [];
  const metrics = new Map<string, { type: string; samples: MetricSample[] }>();
  const checks: CheckRecord[] = [];
  const logs: string[] = [];
  const execution = { iterationInTest: 0, startTime: Date.now(), scenarioName: 'default' };
  const respond = options.respond ?? (() => ({ status: 200, body: '{}' }));

  const request = (method: string, url: string, body: unknown, params: unknown): FakeResponse => {
    const p = (params ?? {}) as { headers?: Record<string, string>; tags?: Record<string, string> };
    const recorded: FakeRequest = {
      method,
      url,
      body: typeof body === 'string' ? body : body == null ? null : JSON.stringify(body),
      headers: { ...(p.headers ?? {}) },
      tags: { ...(p.tags ?? {}) },
    };
    requests.push(recorded);
    return respond(recorded);
  };

  const http = {
    get: (url: string, params?: unknown) => request('GET', url, null, params),
    post: (url: string, body?: unknown, params?: unknown) => request('POST', url, body, params),
    put: (url: string, body?: unknown, params?: unknown) => request('PUT', url, body, params),
    del: (url: string, body?: unknown, params?: unknown) => request('DELETE', url, body, params),
    request: (method: string, url: string, body?: unknown, params?: unknown) =>
      request(method, url, body, params),
    expectedStatuses: (...statuses: unknown[]) => ({ expectedStatuses: statuses }),
    setResponseCallback: () => undefined,
  };

  const metricClass = (type: string) =>
    class {
      readonly name: string;
      constructor(name: string) {
        this.name = name;
        if (metrics.has(name)) throw new Error(`metric ${name} defined twice`);
        metrics.set(name, { type, samples: [] });
      }
      add(value: number | boolean, tags?: Record<string, string>): void {
        metrics.get(this.name)?.samples.push({ value: Number(value), tags: { ...(tags ?? {}) } });
      }
    };

  const k6 = {
    check: (value: unknown, sets: Record<string, (v: unknown) => boolean>) => {
      let all = true;
      for (const [name, predicate] of Object.entries(sets)) {
        const passed = Boolean(predicate(value));
        checks.push({ name, passed });
        all &&= passed;
      }
      return all;
    },
    sleep: () => undefined,
    group: (_name: string, fn: () => unknown) => fn(),
    fail: (message?: string) => {
      throw new Error(message ?? 'fail');
    },
  };

  const exec = {
    scenario: {
      get name() {
        return execution.scenarioName;
      },
      get iterationInTest() {
        return execution.iterationInTest;
      },
      get iterationInInstance() {
        return execution.iterationInTest;
      },
      get startTime() {
        return execution.startTime;
      },
      executor: 'constant-arrival-rate',
      progress: 0,
    },
    vu: {
      idInTest: 1,
      idInInstance: 1,
      iterationInInstance: 0,
      iterationInScenario: 0,
      tags: {},
      metrics: {},
    },
    instance: {
      currentTestRunDuration: 0,
      iterationsCompleted: 0,
      iterationsInterrupted: 0,
      vusActive: 1,
      vusInitialized: 1,
    },
    test: {
      abort: (reason?: string) => {
        throw new Error(`test.abort: ${reason ?? ''}`);
      },
      options: {},
    },
  };

  const modules: Record<string, unknown> = {
    k6: esModule(k6),
    'k6/http': esModule(http),
    'k6/metrics': esModule({
      Counter: metricClass('counter'),
      Rate: metricClass('rate'),
      Trend: metricClass('trend'),
      Gauge: metricClass('gauge'),
    }),
    'k6/execution': esModule(exec),
  };
  const fakeRequire = (name: string): unknown => {
    if (!(name in modules))
      throw new Error(`the bundle requires ${name}, which is not a k6 module faked here`);
    return modules[name];
  };

  const context = createContext({
    __ENV: Object.freeze({ ...options.env }),
    console: {
      log: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
      warn: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
      error: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
      info: (...args: unknown[]) => logs.push(args.map(String).join(' ')),
      debug: () => undefined,
    },
  });
  runInContext(PRELUDE, context);
  const module = { exports: {} as Record<string, unknown> };
  const wrapped = runInContext(`(function (require, module, exports) {\n${commonJs}\n})`, context, {
    filename: bundleFile,
  }) as (r: typeof fakeRequire, m: typeof module, e: Record<string, unknown>) => void;
  wrapped(fakeRequire, module, module.exports);

  return {
    exports: module.exports,
    requests,
    metrics,
    checks,
    logs,
    execution,
    call(name, ...args) {
      const fn = module.exports[name];
      if (typeof fn !== 'function') throw new Error(`the bundle exports no function ${name}`);
      return (fn as (...a: unknown[]) => unknown)(...args);
    },
  };
};

/** Runs a snippet of code in the same kind of context, to prove the context lacks what it should. */
export const runInK6LikeContext = (code: string): unknown => {
  const context = createContext({});
  runInContext(PRELUDE, context);
  return runInContext(code, context);
};
