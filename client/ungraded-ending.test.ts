/** Which certify-client runs end ungraded, with which line and exit code; the rest go on to grading. */

import { EXIT } from '../config/index.ts';
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import type { RecordedExchange } from './exchange.ts';
import { UNANSWERED } from './recording-proxy.ts';
import type { CommandResult } from './run-command.ts';
import { ungradedEnding } from './ungraded-ending.ts';

const context = { timeLimitSeconds: 30, service: 'https://sandbox.example.test/base' };
const exited: CommandResult = { kind: 'exited', code: 0, signal: null, seconds: 1.5 };

const exchange = (refused?: string): RecordedExchange => ({
  seq: 1,
  method: 'GET',
  url: '/events',
  headers: {},
  body: '',
  sentAt: 0,
  answeredAt: refused === undefined ? 5 : undefined,
  status: refused === undefined ? 200 : undefined,
  responseBody: '',
  responseHeaders: {},
  fault: undefined,
  forwarded: refused === undefined,
  ...(refused === undefined ? {} : { refused }),
});

test('a command not found, interrupted or past its time limit is not graded', () => {
  expect(ungradedEnding({ kind: 'not-found', message: 'no such file: ./client' }, [], context)).toEqual({
    kind: 'ungraded',
    line: 'could not run: no such file: ./client',
    code: EXIT.couldNotRun,
  });
  expect(ungradedEnding({ kind: 'interrupted', signal: 'SIGINT' }, [exchange()], context)).toMatchObject({
    kind: 'ungraded',
    code: EXIT.interrupted,
  });
  expect(ungradedEnding({ kind: 'interrupted', signal: 'SIGTERM' }, [exchange()], context)).toMatchObject({
    kind: 'ungraded',
    line: 'interrupted (SIGTERM): the command was stopped, nothing graded',
    code: EXIT.terminated,
  });
  expect(ungradedEnding({ kind: 'timed-out', seconds: 30 }, [exchange()], context)).toEqual({
    kind: 'ungraded',
    line: 'could not run: the command ran past its time limit of 30 s and was stopped',
    code: EXIT.couldNotRun,
  });
});

test('a command that never called the service is not graded; its exit or signal is named', () => {
  expect(ungradedEnding({ ...exited, code: 3 }, [], context)).toMatchObject({
    kind: 'ungraded',
    line: expect.stringMatching(/^could not run: the command \(exit 3\) never called the service at /),
    code: EXIT.couldNotRun,
  });
  const killed: CommandResult = { kind: 'exited', code: null, signal: 'SIGKILL', seconds: 2 };
  expect(ungradedEnding(killed, [], context)).toMatchObject({
    line: expect.stringContaining('(exit signal SIGKILL)'),
  });
});

test('a service that never answered any request is not graded; one answer is enough to grade', () => {
  const unanswered = `${UNANSWERED}: connection refused`;
  expect(ungradedEnding(exited, [exchange(unanswered), exchange(unanswered)], context)).toEqual({
    kind: 'ungraded',
    line: `could not run: https://sandbox.example.test never answered (${unanswered})`,
    code: EXIT.couldNotRun,
  });
  expect(ungradedEnding(exited, [exchange(unanswered), exchange()], context)).toBe(exited);
  expect(ungradedEnding(exited, [exchange('a refusal of the kit, not an unanswered request')], context)).toBe(
    exited,
  );
});
