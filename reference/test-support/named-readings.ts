import { expect } from '@playwright/test';
import {
  type Answer,
  type ReadingFact,
  simpleErrorFact,
  structuredErrorFact,
  validationErrorsFact,
} from './reference-app.ts';

/**
 * What a test read, named, beside what each reading must be: compared in one expect at the end
 * (`expectAll`), whose diff names every reading that differs. Playwright makes every expect a step
 * with a stack trace mapped through the source maps, dearer than the reading itself; the reference's
 * tests read hundreds of answers (a variant's compact check some forty for each of thirty variants,
 * the validation tests one for each faulty value).
 */
export class Readings {
  readonly read: Record<string, unknown> = {};
  readonly expected: Record<string, unknown> = {};

  fact(name: string, reading: unknown, expected: unknown): void {
    if (name in this.read) throw new Error(`two readings named ${name}`);
    this.read[name] = reading;
    this.expected[name] = expected;
  }

  /** A reading of an answer and what it must be, with the body beside it to show what came instead. */
  answer(name: string, answer: Answer, { reading, expected }: ReadingFact): void {
    this.fact(name, { ...reading, body: answer.text }, { ...expected, body: expect.any(String) });
  }

  /** Part 7.1 with this status and code. */
  simpleError(name: string, answer: Answer, status: number, errorCode: string): void {
    this.answer(name, answer, simpleErrorFact(answer, status, errorCode));
  }

  /** Part 7.1 at whatever status the answer has. */
  structuredError(name: string, answer: Answer): void {
    this.answer(name, answer, structuredErrorFact(answer));
  }

  /** Part 7.2 with the reference's defaults and exactly these failures, in this order. */
  validationErrors(name: string, answer: Answer, failures: readonly (readonly [string, string])[]): void {
    this.answer(name, answer, validationErrorsFact(answer, failures));
  }

  /** Every reading beside what it must be, in one expect. */
  expectAll(): void {
    expect(this.read).toEqual(this.expected);
  }
}
