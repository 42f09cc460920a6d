/**
 * A problem with the kit's input (the target contract, the target itself) that stops the run before
 * any test. Its message is meant for a person: one line, naming the variable, never a secret value.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
