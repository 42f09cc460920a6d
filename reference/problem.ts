/**
 * The error bodies of part 7: the simple body (7.1) and the validation body (7.2), and HttpProblem,
 * the one error type the server throws to answer with either. The app's error handler turns anything
 * else into 500 ERR-5001 with no stack trace.
 */
import { REFERENCE_CODES, titleOf } from './codes.ts';

export interface SimpleErrorBody {
  readonly status: number;
  readonly errorCode: string;
  readonly title: string;
  readonly [extra: string]: unknown;
}

export interface ValidationErrorItem {
  readonly field?: string;
  readonly errorCode: string;
  readonly message: string;
}

export interface ValidationErrorBody extends SimpleErrorBody {
  readonly errors: readonly ValidationErrorItem[];
}

export type ErrorBody = SimpleErrorBody | ValidationErrorBody;

/** An error answered with something other than a JSON body: never the reference's own, only a mutant's. */
export interface UnstructuredAnswer {
  readonly contentType: string;
  readonly text: string;
}

export class HttpProblem extends Error {
  override readonly name = 'HttpProblem';
  /** Set only by mutants that answer an error without a JSON body. */
  plainText: UnstructuredAnswer | undefined;

  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;
  constructor(status: number, body: ErrorBody, headers: Readonly<Record<string, string>> = {}) {
    super(`${status} ${body.errorCode}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }

  /** An unstructured answer (text/plain unless said otherwise): never the reference's own, only a mutant's. */
  static plain(status: number, text: string, contentType = 'text/plain; charset=utf-8'): HttpProblem {
    const answer = new HttpProblem(status, { status, errorCode: '', title: text });
    answer.plainText = { contentType, text };
    return answer;
  }
}

export const simpleBody = (
  status: number,
  errorCode: string,
  title: string = titleOf(errorCode),
): SimpleErrorBody => Object.freeze({ status, errorCode, title });

/** A problem with the simple body; the title defaults to the spec's condition (or the invented code's title). */
export const problem = (status: number, errorCode: string, title?: string): HttpProblem =>
  new HttpProblem(status, simpleBody(status, errorCode, title));

export const internalErrorBody = (): SimpleErrorBody => simpleBody(500, 'ERR-5001');

export const referenceProblem = (which: keyof typeof REFERENCE_CODES): HttpProblem => {
  const { status, code, title } = REFERENCE_CODES[which];
  return problem(status, code, title);
};
