import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { ConfigError } from './config-error.ts';
import { loadDotEnv } from './dotenv.ts';

// Node's own loader (process.loadEnvFile) writes into this process's environment: the names are this
// file's own, and each test removes what it set.
const NAMES = ['DOTENV_TEST_BASE_URL', 'DOTENV_TEST_QUOTED', 'DOTENV_TEST_KEPT'];

test.describe('CONFIG: .env through process.loadEnvFile', () => {
  let folder: string;
  test.beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'dotenv-'));
  });
  test.afterEach(() => {
    for (const name of NAMES) delete process.env[name];
    rmSync(folder, { recursive: true, force: true });
  });

  test('reads the working folder’s .env; a variable already set wins; no file is fine', () => {
    expect(loadDotEnv({}, folder)).toBeUndefined();
    writeFileSync(
      join(folder, '.env'),
      '# the target\nDOTENV_TEST_BASE_URL=https://sandbox.example\nDOTENV_TEST_QUOTED="a b # c"\nDOTENV_TEST_KEPT=from-file\n',
    );
    process.env.DOTENV_TEST_KEPT = 'from-environment';
    expect(loadDotEnv({}, folder)).toBe(join(folder, '.env'));
    expect(process.env.DOTENV_TEST_BASE_URL).toBe('https://sandbox.example');
    expect(process.env.DOTENV_TEST_QUOTED).toBe('a b # c');
    expect(process.env.DOTENV_TEST_KEPT).toBe('from-environment');
  });

  test('KIT_ENV_FILE names another file; a named file that is missing stops the run in one line', () => {
    writeFileSync(join(folder, 'staging.env'), 'DOTENV_TEST_BASE_URL=https://staging.example\n');
    expect(loadDotEnv({ KIT_ENV_FILE: 'staging.env' }, folder)).toBe(join(folder, 'staging.env'));
    expect(process.env.DOTENV_TEST_BASE_URL).toBe('https://staging.example');
    expect(() => loadDotEnv({ KIT_ENV_FILE: 'gone.env' }, folder)).toThrow(ConfigError);
    expect(() => loadDotEnv({ KIT_ENV_FILE: 'gone.env' }, folder)).toThrow(
      /^KIT_ENV_FILE names .*gone\.env, which does not exist$/,
    );
  });

  test('a .env that is a folder cannot be read: one line, a configuration error', () => {
    mkdirSync(join(folder, 'not-a-file'));
    expect(() => loadDotEnv({ KIT_ENV_FILE: 'not-a-file' }, folder)).toThrow(ConfigError);
    expect(() => loadDotEnv({ KIT_ENV_FILE: 'not-a-file' }, folder)).toThrow(
      /could not be read as an env file/,
    );
  });
});
