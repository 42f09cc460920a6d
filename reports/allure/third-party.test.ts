/**
 * The report's page calls no third party: the template's tag-manager loader and inline gtag script
 * are removed, a Content-Security-Policy is added, and anything external left is found. The template
 * text below is the one Allure's awesome plugin writes (node_modules/@allurereport/plugin-awesome);
 * the first test reads it from there, so a new Allure version that changes it fails here first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test } from '../../kit-tests/test-support/kit-test.ts';
import { CONTENT_SECURITY_POLICY, externalResourceUrls, stripThirdPartyScripts } from './third-party.ts';

const require = createRequire(import.meta.url);

const PAGE = `<!DOCTYPE html>
<html dir="ltr" lang="en">
<head>
    <meta charset="utf-8">
    <title> report </title>
    <link rel="icon" href="data:image/svg+xml,%3Csvg%3E">
    <script>
      window.allureReportOptions = {"reportName":"x"}
    </script>
</head>
<body>
    <div id="app"></div>
    <script src="data:text/javascript;base64,Y29uc29sZS5sb2coMSk="></script>
    <script async src="https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0"></script>
    <script>
        window.dataLayer = window.dataLayer || [];
        function gtag(){dataLayer.push(arguments);}
        gtag('js', new Date());
        gtag('config', 'G-LNDJ3J7WT0', { "report": "awesome" });
    </script>
    <script>window.allureReportDataReady = true;</script>
</body>
</html>`;

test('THIRD-PARTY: the installed Allure template still carries the tag manager this kit removes', () => {
  const plugin = dirname(require.resolve('@allurereport/plugin-awesome'));
  const generators = readFileSync(join(plugin, 'generators.js'), 'utf8');
  expect(generators).toContain('https://www.googletagmanager.com/gtag/js');
  expect(generators).toMatch(/analyticsEnable: true/);
});

test('THIRD-PARTY: the loader and the gtag script go, the report’s own scripts stay, a policy is added', () => {
  expect(externalResourceUrls(PAGE)).toEqual(['https://www.googletagmanager.com/gtag/js?id=G-LNDJ3J7WT0']);
  const { html, removed } = stripThirdPartyScripts(PAGE);
  expect(removed).toBe(2);
  expect(html).not.toMatch(/googletagmanager|gtag|dataLayer/);
  expect(html).toContain('window.allureReportOptions = {"reportName":"x"}');
  expect(html).toContain('<script src="data:text/javascript;base64,Y29uc29sZS5sb2coMSk="></script>');
  expect(html).toContain('window.allureReportDataReady = true;');
  expect(html).toContain(
    `<meta charset="utf-8">\n    <meta http-equiv="Content-Security-Policy" content="${CONTENT_SECURITY_POLICY}">`,
  );
  expect(externalResourceUrls(html)).toEqual([]);
  // Stripping twice changes nothing more: the builder may run on a page it already cleaned.
  expect(stripThirdPartyScripts(html)).toEqual({ html, removed: 0 });
});

test('THIRD-PARTY: the policy lets the page load only what it carries', () => {
  const directives = Object.fromEntries(
    CONTENT_SECURITY_POLICY.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]),
  );
  for (const [name, sources] of Object.entries(directives)) {
    for (const source of sources as string[]) {
      expect(
        ["'self'", "'none'", "'unsafe-inline'", "'unsafe-eval'", 'data:', 'blob:'],
        `${name} ${source}`,
      ).toContain(source);
    }
  }
  expect(directives['connect-src']).not.toContain('*');
});

test('THIRD-PARTY: every kind of outside reference is found', () => {
  const page = `<link rel="stylesheet" href="https://fonts.example/css"><img src="//cdn.example/x.png">
<iframe src="http://frame.example/"></iframe><style>@import url("https://fonts.example/a.css");</style>
<a href="https://docs.example/">a link is not a load</a><script src="main.js"></script>`;
  expect(externalResourceUrls(page)).toEqual([
    '//cdn.example/x.png',
    'http://frame.example/',
    'https://fonts.example/a.css',
    'https://fonts.example/css',
  ]);
});
