/** The certificate's notes (certificate-notes.ts): each said when, and only when, its fact holds. */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { certificateNotes, type NotesFacts, unknownObservationsOf } from './certificate-notes.ts';

const whole: NotesFacts = {
  shard: null,
  filters: [],
  listed: true,
  hasRunInfo: true,
  unknownObservations: [],
  declarations: null,
};

test('CERTIFICATE NOTES: a whole, listed, recorded run has none; each fact that limits the certificate adds its note', () => {
  expect(certificateNotes(whole)).toEqual([]);
  const notes = certificateNotes({
    shard: { current: 2, total: 3 },
    filters: ['--grep @auth'],
    listed: false,
    hasRunInfo: false,
    unknownObservations: ['GAP-RETIRED'],
    declarations: null,
  });
  expect(notes).toEqual([
    expect.stringMatching(/^Shard 2 of 3: /),
    'This run was filtered (--grep @auth): it is not a certificate of the whole suite.',
    'The suite could not be listed: rules without a test in this run are shown as not covered.',
    'The run left no run.json: the target is not recorded.',
    'Observations for GAP-RETIRED, which is not in the catalog, are not shown.',
  ]);
});

test('CERTIFICATE NOTES: observations of ids the catalog does not hold are named, sorted', () => {
  expect(
    unknownObservationsOf({ 'GAP-B': {}, 'GAP-PUT-STATUS': {}, 'GAP-A': {} }, ['GAP-PUT-STATUS']),
  ).toEqual(['GAP-A', 'GAP-B']);
});
