/** The model of a tenant's view: a change nobody of the tenant made fails, whatever it holds. */
import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { type EventView, judgeViewKept, shownAnswer, shownListing } from './tenant-view.ts';
import { answer } from './test-support/answers.ts';

const event = { uuid: 'u-1', externalId: 'e-1', status: 'PENDING', amount: 10 };
const history = (...entries: object[]) => answer(200, { uuid: 'u-1', versions: entries });

const view = (get: object, versions: object[], item: object | undefined, place?: number): EventView => {
  const listing = shownListing("A's listing", item, place);
  return {
    GET: shownAnswer('GET', "A's GET", answer(200, get)),
    versions: shownAnswer('versions', "A's GET ?versions=true", history(...versions)),
    ...(listing ? { listing } : {}),
  };
};

const first = view(event, [{ version: 1, event }], event, 0);

test('ORACLE: an unchanged view holds over every step', () => {
  for (const step of [
    'foreign-put',
    'foreign-post',
    'foreign-read',
    'duplicate-post',
    'own-refused',
    'own-other',
  ] as const)
    expect(judgeViewKept(step, { before: first, after: first }).violations).toEqual([]);
});

test("ORACLE: ISOLATION-PUT breaks on a history entry a foreign PUT added, whatever it holds (none of B's data)", () => {
  const after = view(
    event,
    [
      { version: 1, event },
      { version: 2, status: 'REJECTED' },
    ],
    event,
    0,
  );
  const [violation, ...rest] = judgeViewKept('foreign-put', { before: first, after }).violations;
  expect(rest).toEqual([]);
  expect(violation?.rule).toBe('ISOLATION-PUT');
  expect(violation?.message).toContain("A's GET ?versions=true changed");
  expect(violation?.message).toContain('body.versions');
});

test('ORACLE: a touched timestamp, a listing item or a new place breaks the rule of the step, one violation a read', () => {
  const touched = { ...event, updatedAt: 'later' };
  const after = view(touched, [{ version: 1, event }], touched, 1);
  const violations = judgeViewKept('foreign-put', { before: first, after }).violations;
  expect(violations.map((v) => v.rule)).toEqual(['ISOLATION-PUT', 'ISOLATION-PUT']);
  expect(violations[1]?.message).toContain('item.updatedAt, place');
  const read = judgeViewKept('foreign-read', { before: first, after }).violations.map((v) => v.rule);
  expect(read).toEqual(['ISOLATION-GET', 'ISOLATION-LISTING']);
  expect(judgeViewKept('duplicate-post', { before: first, after }).violations[0]?.rule).toBe(
    'DEDUP-EXTERNAL-ID',
  );
  expect(judgeViewKept('own-other', { before: first, after }).violations[0]?.rule).toBe(
    'RETRIEVE-RETURNS-EVENT',
  );
  const refused = judgeViewKept('own-refused', { before: first, after }).violations[0];
  expect(refused?.rule).toBe('UPDATE-VALIDATES');
  expect(refused?.message).toContain('refused for its body');
});

test('ORACLE: a change the untouched twin shows as well is the deployment own move, observed and not failed', () => {
  const moved = { ...event, status: 'BOOKED' };
  const after = view(
    moved,
    [
      { version: 1, event },
      { version: 2, event: moved },
    ],
    moved,
    0,
  );
  const judged = judgeViewKept('foreign-put', { before: first, after }, { before: first, after });
  expect(judged.violations).toEqual([]);
  expect(judged.evidence?.ownMoves).toContain('GET body.status');
  // The twin moved its status, but only the touched event's history grew: that part is the step's.
  const twinAfter = view(moved, [{ version: 1, event }], moved, 0);
  const [violation] = judgeViewKept(
    'foreign-put',
    { before: first, after },
    { before: first, after: twinAfter },
  ).violations;
  expect(violation?.rule).toBe('ISOLATION-PUT');
  expect(violation?.message).toContain('while its twin, touched by nobody, did not');
});

test('ORACLE: a read missing on either side is not compared (a reading the deployment does not offer)', () => {
  const withoutListing: EventView = { GET: first.GET };
  expect(judgeViewKept('foreign-put', { before: withoutListing, after: first }).violations).toEqual([]);
});

test('ORACLE: a refusal in the view is kept as it reads about any uuid: a per-request reference or time changes nothing, a new code does', () => {
  const refusal = (code: string) =>
    answer(400, {
      status: 400,
      errorCode: code,
      title: 'Unknown query parameter',
      detail: `Quote reference ${crypto.randomUUID().slice(0, 8).toUpperCase()} to support.`,
      timestamp: new Date(Date.now() + Math.floor(Math.random() * 1e6)).toISOString(),
    });
  const refusedView = (code: string): EventView => ({
    GET: shownAnswer('GET', "A's GET", answer(200, event)),
    versions: shownAnswer('versions', "A's GET ?versions=true", refusal(code)),
  });
  expect(
    judgeViewKept('own-other', { before: refusedView('ERR-9010'), after: refusedView('ERR-9010') })
      .violations,
  ).toEqual([]);
  const [violation, ...rest] = judgeViewKept('foreign-put', {
    before: refusedView('ERR-9010'),
    after: refusedView('ERR-9011'),
  }).violations;
  expect(rest).toEqual([]);
  expect(violation?.rule).toBe('ISOLATION-PUT');
});
