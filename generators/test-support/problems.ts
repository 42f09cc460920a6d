/**
 * For the generators' kit tests: checks collect their failures and a test makes one assertion at the
 * end. Playwright's expect records a step for every call, far too slow for tens of thousands of checks.
 */
export class Problems {
  readonly list: string[] = [];

  check(condition: boolean, message: string): void {
    if (!condition && this.list.length < 20) this.list.push(message);
  }

  equal(actual: unknown, expected: unknown, message: string): void {
    const a = JSON.stringify(actual);
    const b = JSON.stringify(expected);
    this.check(a === b, `${message}: ${a} is not ${b}`);
  }
}
