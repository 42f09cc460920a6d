export * from './error-codes.ts';
export * from './event-fields.ts';
export * from './http-interface.ts';
export * from './rules.ts';
export * from './token-prefix.ts';
export * from './uuid.ts';
