/**
 * Kit tests of the listing walk against a listing that names none of its paging in its answers: the
 * parameters a provider's description declares (config/described-listing.ts) reach pages the kit's own
 * guess never asks for.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { describedListingLine, listingParametersOf, readDescribedListing } from '../../config/index.ts';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { EVENTS_PATH } from '../../spec/index.ts';
import type { ServiceClient } from '../transport/service-client.ts';
import { serviceResponse } from '../transport/test-support/service-responses.ts';
import { walkListing } from './listing-walk.ts';

/** Paging names no answer echoes and no guess of the kit holds, each said by its description. */
const DESCRIPTION = `openapi: 3.0.3
info: { title: A provider, version: "1" }
paths:
  /ingestion/financial-events:
    get:
      parameters:
        - { name: seite, in: query, description: The page to return, from 1, schema: { type: integer, minimum: 1 } }
        - { name: anzahl, in: query, description: Events per page, schema: { type: integer, maximum: 100 } }
        - { name: from, in: query, schema: { type: string, format: date-time } }
      responses: { "200": { description: The tenant's events } }
`;

/** Tenant A's listing paged by `seite` and `anzahl` (default 5), answering `{ events }` alone; later pages leak. */
const fakeListing = () => {
  const own = Array.from({ length: 7 }, (_, i) => ({ uuid: `own-${i}` }));
  const leaked = [...own, { uuid: 'foreign-1' }];
  const asked: string[] = [];
  const client = {
    send: async ({ path }: { path: string }) => {
      asked.push(path.slice(EVENTS_PATH.length));
      const query = new URLSearchParams(path.split('?')[1] ?? '');
      const page = Number(query.get('seite') ?? 1);
      const size = Number(query.get('anzahl') ?? 5);
      const events = (page > 1 ? leaked : own).slice((page - 1) * size, page * size);
      return serviceResponse(200, { events });
    },
  } as unknown as ServiceClient;
  return { client, asked };
};

test('LISTING WALK: the paging a description declares, under names no guess holds, reaches the later pages', async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'kit-description-')), 'provider.yaml');
  writeFileSync(file, DESCRIPTION);
  const described = readDescribedListing({ TARGET_OPENAPI_FILE: file });
  expect(described?.parameters).toEqual({ page: 'seite', size: 'anzahl', firstPage: 1 });
  expect(describedListingLine(described as NonNullable<typeof described>)).toContain(
    'declares the listing GET /ingestion/financial-events, paged by page seite, size anzahl',
  );
  const shown = (walk: Awaited<ReturnType<typeof walkListing>>) =>
    walk.pages.flatMap((page) => (page.items ?? []).map((item) => (item as { uuid: string }).uuid));

  const withDescription = fakeListing();
  const walked = await walkListing(withDescription.client, '', {
    size: 3,
    maxPages: 10,
    owner: 'tenant A',
    declared: described?.parameters,
  });
  expect(withDescription.asked).toEqual([
    '',
    '?seite=1&anzahl=3',
    '?seite=2&anzahl=3',
    '?seite=3&anzahl=3',
    '?seite=4&anzahl=3',
  ]);
  expect(shown(walked)).toContain('foreign-1');
  expect(walked.means).toBe('page numbers (seite, anzahl)');
  expect(walked.complete).toBe(true);

  // Without it the kit's guess is ignored: the first page, shown again and again, and the walk ends.
  const guessed = fakeListing();
  const alone = await walkListing(guessed.client, '', { size: 3, maxPages: 10, owner: 'tenant A' });
  expect(guessed.asked).toEqual(['', '?page=1&size=3', '?page=2&size=3']);
  expect(shown(alone)).not.toContain('foreign-1');
});

test('LISTING WALK: a description is read as YAML or JSON; one that is none, or missing, is one clear line', () => {
  expect(listingParametersOf(parse(DESCRIPTION))?.path).toBe('/ingestion/financial-events');
  expect(
    listingParametersOf({
      openapi: '3.1.0',
      paths: {
        '/financial-events': {
          get: {
            parameters: [
              { $ref: '#/components/parameters/Skip' },
              { name: 'limit', in: 'query', schema: { type: 'integer' } },
            ],
          },
        },
      },
      components: {
        parameters: { Skip: { name: 'skip', in: 'query', schema: { type: 'integer', minimum: 0 } } },
      },
    })?.parameters,
  ).toEqual({ offset: 'skip', size: 'limit', firstPage: 1 });
  expect(listingParametersOf({ openapi: '3.1.0', paths: {} })).toBeUndefined();
  const folder = mkdtempSync(join(tmpdir(), 'kit-description-'));
  writeFileSync(join(folder, 'not.yaml'), 'title: [unclosed');
  writeFileSync(join(folder, 'swagger.json'), '{"swagger": "2.0"}');
  expect(() => readDescribedListing({ TARGET_OPENAPI_FILE: join(folder, 'missing.yaml') })).toThrow(
    /^TARGET_OPENAPI_FILE names .*missing\.yaml, which cannot be read \(ENOENT\)$/,
  );
  expect(() => readDescribedListing({ TARGET_OPENAPI_FILE: join(folder, 'not.yaml') })).toThrow(
    /is neither YAML nor JSON$/,
  );
  expect(() => readDescribedListing({ TARGET_OPENAPI_FILE: join(folder, 'swagger.json') })).toThrow(
    /is not an OpenAPI 3\.0 or 3\.1 document/,
  );
  expect(readDescribedListing({})).toBeUndefined();
});
