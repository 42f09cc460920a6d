/**
 * Kit tests of a tenant sending another tenant's paging tokens: the other's walk is in small pages,
 * each later page is asked for by the tenant exactly as the other's walk asked, and a deployment that
 * refuses the small-page hints is walked without them.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../../spec/index.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { replayOthersPages } from './token-replay.ts';

/** A cursor listing of one item a page whose cursor names its tenant; `strict` refuses unknown parameters. */
const cursorListing = (tenant: string, asked: string[], strict = false) =>
  ({
    send: async ({ path }: { path: string }) => {
      asked.push(`${tenant} ${path.slice(EVENTS_PATH.length)}`);
      const query = new URLSearchParams(path.split('?')[1] ?? '');
      if (strict && (query.has('size') || query.has('pageSize')))
        return serviceResponse(400, { status: 400 });
      const owner = query.get('cursor')?.split(':')[0] ?? tenant;
      const at = Number(query.get('cursor')?.split(':')[1] ?? 0);
      const size = Number(query.get('limit') ?? 2);
      const events = [0, 1, 2].map((i) => ({ uuid: `${owner}-${i}` })).slice(at, at + size);
      const next = at + size < 3 ? `${owner}:${at + size}` : null;
      return serviceResponse(200, { data: events, nextCursor: next });
    },
  }) as unknown as ServiceClient;

test("TOKEN REPLAY: the tenant asks for the other's later pages with the other's own cursors, in small pages", async () => {
  const asked: string[] = [];
  const replay = await replayOthersPages(
    { client: cursorListing('a', asked), name: 'tenant A' },
    { client: cursorListing('b', asked), name: 'tenant B' },
    'from=x',
    2,
  );
  expect(replay.othersUuids).toEqual(['b-0', 'b-1', 'b-2']);
  expect(replay.pages.map((page) => page.response.text)).toEqual([
    JSON.stringify({ data: [{ uuid: 'b-1' }], nextCursor: 'b:2' }),
    JSON.stringify({ data: [{ uuid: 'b-2' }], nextCursor: null }),
  ]);
  expect(asked.filter((line) => line.startsWith('a '))).toEqual([
    'a ?from=x&limit=1&size=1&pageSize=1&cursor=b%3A1',
    'a ?from=x&limit=1&size=1&pageSize=1&cursor=b%3A2',
  ]);
  expect(replay.pages[0]?.where).toContain("tenant A's GET of tenant B's later page");
});

test('TOKEN REPLAY: a listing that refuses the small-page hints is walked without them', async () => {
  const asked: string[] = [];
  const replay = await replayOthersPages(
    { client: cursorListing('a', asked, true), name: 'tenant A' },
    { client: cursorListing('b', asked, true), name: 'tenant B' },
    '',
    1,
  );
  expect(replay.othersUuids).toEqual(['b-0', 'b-1', 'b-2']);
  expect(asked.at(-1)).toBe('a ?cursor=b%3A2');
});
