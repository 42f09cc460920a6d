import { expect, test } from '../kit-tests/test-support/kit-test.ts';
import { isRuleId } from '../spec/index.ts';
import { buildReferenceApp } from './app.ts';
import { DEPLOYMENTS, deploymentByName } from './deployments.ts';
import { MUTANTS } from './mutants.ts';
import { VARIANT_NAMES } from './variants.ts';

test('DEPLOYMENTS: each puts a known variant and known mutants together, and deviates from exactly their rules', () => {
  expect(DEPLOYMENTS.length).toBeGreaterThan(0);
  for (const deployment of DEPLOYMENTS) {
    expect(VARIANT_NAMES, deployment.name).toContain(deployment.variant);
    const rules = deployment.mutants.flatMap((name): string[] => [
      ...(MUTANTS.find((m) => m.name === name)?.catchingRules ?? [`unknown mutant ${name}`]),
    ]);
    expect([...new Set(rules)].sort(), deployment.name).toEqual([...deployment.deviatesFrom].sort());
    for (const rule of deployment.deviatesFrom) expect(isRuleId(rule), rule).toBe(true);
  }
  expect(() => deploymentByName('no-such-deployment')).toThrow(
    /Unknown reference deployment "no-such-deployment". Known deployments: public-deployment/,
  );
});

test('DEPLOYMENTS: public-deployment is its variant and its mutants, in both environments', async () => {
  for (const [environment, prefix] of [
    ['sandbox', 'th_test_'],
    ['production', 'th_live_'],
  ] as const) {
    const app = buildReferenceApp({ deployment: 'public-deployment', environment });
    expect(app.reference.deployment).toBe('public-deployment');
    expect(app.reference.variant).toBe('public-listing-and-versions');
    expect(app.reference.mutant).toBe('tokens-of-another-prefix,type-bank-movement-accepted');
    expect(app.reference.behaviour.listing).toBe('page-and-page-size');
    for (const tenant of app.reference.allTenants) expect(tenant.accessToken.startsWith(prefix)).toBe(true);
    await app.close();
  }
});
