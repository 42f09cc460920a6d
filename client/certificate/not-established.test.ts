/**
 * A rule left not established reads so in every rendering of the client certificate, with its
 * reason, and fails nothing: certified, skipped in JUnit and Allure, its own section in Markdown and HTML.
 */
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { CLIENT_RULES } from '../../spec/client-rules.ts';
import { gradeClient, type RuleGrade } from '../grader.ts';
import { buildClientCertificate } from './client-certificate.ts';
import { allureResultsOf } from './render-allure.ts';
import { renderHtml } from './render-html.ts';
import { renderJunit } from './render-junit.ts';
import { headline, renderMarkdown } from './render-markdown.ts';

const WHY =
  'the machine was too busy to tell a delay from none: the POST of #1 got 429 and came again 130 ms later';

const certificate = () => {
  const passed = gradeClient([], { environment: 'sandbox' }).map(
    (g): RuleGrade => ({ ...g, verdict: 'passed', occasions: 1 }),
  );
  const grades = passed.map((g) =>
    g.rule.id === 'CLIENT-429-DELAY' ? { ...g, verdict: 'not-established' as const, unestablished: WHY } : g,
  );
  return buildClientCertificate({
    grades,
    exchanges: [],
    strict: true,
    mode: 'double',
    service: 'the kit’s reference server',
    environment: 'sandbox',
    faultsEnabled: ['rate-limit'],
    command: { command: 'node client.mjs', exitCode: 0, signal: null, seconds: 1 },
    generatedAt: new Date('2026-01-01T00:00:00Z'),
  });
};

test('CLIENT certificate: a rule not established is said with its reason everywhere, and fails nothing even strict', () => {
  const c = certificate();
  expect(c.certification).toBe('certified');
  expect(c.rules.find((r) => r.id === 'CLIENT-429-DELAY')).toMatchObject({
    verdict: 'not-established',
    unestablished: WHY,
    advisory: false,
  });
  expect(headline(c)).toBe(
    'CERTIFIED: the client keeps every client rule it exercised; not established: CLIENT-429-DELAY',
  );
  const markdown = renderMarkdown(c);
  expect(markdown).toContain('| CLIENT-429-DELAY | SHOULD | not established |');
  expect(markdown).toContain(`## Not established\n\nThe client did what these rules are about`);
  expect(markdown).toContain(`- CLIENT-429-DELAY: ${WHY}`);
  expect(markdown).not.toContain('## Not exercised');
  expect(renderHtml(c)).toContain(
    `<h2>Not established</h2>\n<h3>CLIENT-429-DELAY (not established)</h3><p>${WHY}</p>`,
  );
  const junit = renderJunit(c);
  expect(junit).toContain(`tests="${CLIENT_RULES.length}" failures="0" skipped="1"`);
  expect(junit).toContain(`<skipped message="not established: ${WHY}"/>`);
  const allure = allureResultsOf(c).find((r) => r.fullName === 'client-certification: CLIENT-429-DELAY');
  expect(allure).toMatchObject({ status: 'skipped', statusDetails: { message: `not established: ${WHY}` } });
});
