/**
 * Every command of the kit speaks in the same one-line form, `<command>: <what happened>`, so that a
 * pipeline's log reads the same whichever command wrote it, and an error is always one line.
 */
export type SayLine = (line: string) => void;

export const consoleLine =
  (prefix: string, stream: NodeJS.WriteStream = process.stdout): SayLine =>
  (line) => {
    stream.write(`${prefix}: ${line}\n`);
  };

/** The first line of an error's message: a stack trace or a multi-line message never reaches the user. */
export const firstLineOf = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
