/** Kit tests of how a listing's paging is learnt from its answers (listing-paging.ts). */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { declaredOffer, nextLinkHeader, pagingOffer } from './listing-paging.ts';

test('LISTING PAGING: a next link in a Link header, among other relations, or in the body', () => {
  expect(nextLinkHeader('<https://h/x?page=1>; rel="prev", </x?page=3>; rel="next"')).toBe('/x?page=3');
  expect(nextLinkHeader('</x?c=2>; rel="last next"')).toBe('/x?c=2');
  expect(nextLinkHeader('</x?page=1>; rel=prev')).toBeUndefined();
  expect(pagingOffer({ items: [] }, '</e?cursor=b>; rel="next"')).toEqual({
    kind: 'link',
    next: '/e?cursor=b',
  });
  expect(pagingOffer({ data: [], links: { next: '/e?p=2' } }, undefined)).toEqual({
    kind: 'link',
    next: '/e?p=2',
  });
  expect(pagingOffer({ data: [], _links: { next: { href: 'https://h/e?p=2' } } }, undefined)).toEqual({
    kind: 'link',
    next: 'https://h/e?p=2',
  });
  expect(pagingOffer({ results: [], next: null }, undefined)).toEqual({ kind: 'last' });
  // A `next` that is no link (a flag, a number) says nothing.
  expect(pagingOffer({ results: [], next: true }, undefined)).toEqual({ kind: 'none' });
});

test('LISTING PAGING: a cursor or page token is sent back under the name it answers without "next"', () => {
  expect(pagingOffer({ data: [], nextCursor: 'abc' }, undefined)).toEqual({
    kind: 'cursor',
    parameter: 'cursor',
    value: 'abc',
  });
  expect(pagingOffer({ events: [], next_page_token: 't' }, undefined)).toEqual({
    kind: 'cursor',
    parameter: 'page_token',
    value: 't',
  });
  expect(pagingOffer({ events: [], meta: { nextPageToken: 't' } }, undefined)).toEqual({
    kind: 'cursor',
    parameter: 'pageToken',
    value: 't',
  });
  expect(pagingOffer({ data: [], cursor: { next: 'n' } }, undefined)).toEqual({
    kind: 'cursor',
    parameter: 'cursor',
    value: 'n',
  });
  expect(pagingOffer({ data: [], nextCursor: null }, undefined)).toEqual({ kind: 'last' });
});

test('LISTING PAGING: page numbers under the names the answer echoes, with the last page it names', () => {
  expect(pagingOffer({ items: [], page: 1, pageSize: 50, total: 120 }, undefined)).toEqual({
    kind: 'page-number',
    pageParameter: 'page',
    sizeParameter: 'pageSize',
    page: 1,
    lastPage: 3,
  });
  expect(pagingOffer({ items: [], page: 2, size: 20, totalItems: 0 }, undefined)).toMatchObject({
    sizeParameter: 'size',
    lastPage: 1,
  });
  expect(pagingOffer({ data: [], meta: { current_page: 1, per_page: 15, last_page: 4 } }, undefined)).toEqual(
    {
      kind: 'page-number',
      pageParameter: 'current_page',
      sizeParameter: 'per_page',
      page: 1,
      lastPage: 4,
    },
  );
  // Spring's page object: `number` from 0, requested as `page`.
  expect(
    pagingOffer({ content: [], number: 0, size: 20, totalPages: 2, totalElements: 30 }, undefined),
  ).toEqual({ kind: 'page-number', pageParameter: 'page', sizeParameter: 'size', page: 0, lastPage: 1 });
  expect(pagingOffer({ items: [], page: 1 }, undefined)).toEqual({
    kind: 'page-number',
    pageParameter: 'page',
    sizeParameter: undefined,
    page: 1,
    lastPage: undefined,
  });
});

test('LISTING PAGING: an offset and a limit; nothing to go on is none; a description fills in', () => {
  expect(pagingOffer({ items: [], offset: 0, limit: 25, total: 60 }, undefined)).toEqual({
    kind: 'offset',
    offsetParameter: 'offset',
    limitParameter: 'limit',
    offset: 0,
    total: 60,
  });
  expect(pagingOffer([{ uuid: 'a' }], undefined)).toEqual({ kind: 'none' });
  expect(pagingOffer({ items: [] }, undefined)).toEqual({ kind: 'none' });
  expect(declaredOffer({ page: 'pg', size: 'n', firstPage: 0 })).toEqual({
    kind: 'page-number',
    pageParameter: 'pg',
    sizeParameter: 'n',
    page: 0,
    lastPage: undefined,
  });
  expect(declaredOffer({ offset: 'skip', size: 'take', firstPage: 1 })).toMatchObject({
    kind: 'offset',
    offsetParameter: 'skip',
    limitParameter: 'take',
  });
  expect(declaredOffer({ cursor: 'after', firstPage: 1 })).toBeUndefined();
  expect(declaredOffer(undefined)).toBeUndefined();
});
