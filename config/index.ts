export * from './config-error.ts';
export * from './declared-deviations.ts';
export * from './dotenv.ts';
export * from './exit-codes.ts';
export * from './rate-limits.ts';
export * from './target.ts';
export * from './target-ca.ts';
export * from './timeouts.ts';
