/**
 * Every verdict is the oracle's: a file of suites/ hands an oracle judgement answers and context, never
 * a rule id written out, never a message, and builds no violation itself; nor does it hand a rule id to
 * a wrapper of the oracle (`check.error(answer, code, 'RULE')`): only the calls that declare or record
 * what a check is about (RULE_ID_DECLARATIONS) take one. Read with the TypeScript
 * compiler (its syntax tree, not regular expressions), so strings, comments and templates that merely
 * look like a verdict are never mistaken for one. Kit tests (`*.test.ts`, `test-support/`) are left
 * out: they build violations on purpose. The one file that turns a judgement into a failure
 * (suites/verdicts/verdicts.ts) re-places each violation with its message redacted; it may.
 */
import { relative } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';
import { isRuleId, ruleById } from '../spec/index.ts';

export interface OracleVerdictBreach {
  readonly file: string;
  readonly line: number;
  readonly what: string;
}

/** The parameters of one exported oracle function: their names, and whether each is typed a rule id. */
type Signature = readonly { readonly name: string; readonly isMessage: boolean }[];

const MAY_PLACE_VIOLATIONS = new Set(['suites/verdicts/verdicts.ts']);

/**
 * The calls of suites/ that may be handed a rule id written out: they declare what a check is about
 * (`ruleCheck`, with `reachesRules` for the rules its judgements reach beyond them), record what it saw (`observe`, and `sendBursts`, which records each burst under its
 * rule), or declare the failure a case of faulty data expects (`fault`, `faultOfAnyCode`, `neighbour`,
 * `failureOfAnyCode`: test data, the rule the case is listed under). Every other call
 * that takes a rule id is a wrapper forwarding it to the oracle, which must name it itself.
 */
export const RULE_ID_DECLARATIONS: ReadonlySet<string> = new Set([
  'ruleCheck',
  'reachesRules',
  'observe',
  'sendBursts',
  'fault',
  'faultOfAnyCode',
  'neighbour',
  'failureOfAnyCode',
]);

const isKitTest = (path: string): boolean => path.endsWith('.test.ts') || path.includes('/test-support/');

// The syntax tree's nodes carry more than the generated types name; these readers say what is used.
type Any = Node & Record<string, unknown>;
const children = (node: Node): Node[] => {
  const found: Node[] = [];
  node.forEachChild((child) => {
    found.push(child);
    return undefined;
  });
  return found;
};
const walk = (node: Node, visit: (node: Any) => void): void => {
  visit(node as Any);
  for (const child of children(node)) walk(child, visit);
};
const textOf = (file: SourceFile, node: Node): string => file.text.slice(node.getStart(file), node.end);
const lineOf = (file: SourceFile, node: Node): number =>
  file.text.slice(0, node.getStart(file)).split('\n').length;
const nameOf = (node: Any | undefined): string | undefined =>
  node?.kind === SyntaxKind.Identifier ? String(node.text) : undefined;

/** The exported functions of an oracle file, `export const f = (…) =>` and `export function f(…)`. */
const signaturesOf = (file: SourceFile, into: Map<string, Signature>): void => {
  const paramsOf = (fn: Any): Signature =>
    ((fn.parameters ?? []) as Any[]).map((parameter) => ({
      name: nameOf(parameter.name as Any) ?? '',
      isMessage: /message$/i.test(nameOf(parameter.name as Any) ?? ''),
    }));
  walk(file, (node) => {
    if (node.kind === SyntaxKind.FunctionDeclaration) {
      const name = nameOf(node.name as Any);
      if (name) into.set(name, paramsOf(node));
    }
    if (node.kind === SyntaxKind.VariableDeclaration) {
      const init = node.initializer as Any | undefined;
      const name = nameOf(node.name as Any);
      if (name && (init?.kind === SyntaxKind.ArrowFunction || init?.kind === SyntaxKind.FunctionExpression))
        into.set(name, paramsOf(init));
    }
  });
};

const isStringLiteral = (node: Any): boolean =>
  node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral;

/** The rule ids a call's argument writes out: itself, or the values of an object or array it spells. */
const ruleIdsIn = (node: Any): string[] => {
  if (isStringLiteral(node)) {
    const text = String(node.text);
    return isRuleId(text) ? [text] : [];
  }
  if (node.kind === SyntaxKind.ObjectLiteralExpression || node.kind === SyntaxKind.ArrayLiteralExpression)
    return children(node).flatMap((child) =>
      child.kind === SyntaxKind.PropertyAssignment
        ? ruleIdsIn((child as Any).initializer as Any)
        : ruleIdsIn(child as Any),
    );
  return [];
};

/** The name a call is made by: `f(…)` or `x.f(…)`. */
const calledName = (call: Any): string | undefined => {
  const called = call.expression as Any;
  return called.kind === SyntaxKind.PropertyAccessExpression ? nameOf(called.name as Any) : nameOf(called);
};

/**
 * A stated rule's id written anywhere else than where a check declares or records its rules, or where
 * a call hands it on (breached on its own): in a value a check returns, keeps or passes around, which
 * then decides whose rule an answer is judged under outside the oracle. Types and gap ids are left
 * alone: a gap is observed, never violated.
 */
const strayRuleIds = (node: Any, report: (node: Any, id: string) => void): void => {
  if (node.kind === SyntaxKind.LiteralType) return;
  if (node.kind === SyntaxKind.CallExpression) {
    const name = calledName(node);
    if (name !== undefined && RULE_ID_DECLARATIONS.has(name)) return;
    strayRuleIds(node.expression as Any, report);
    // Its arguments are judged as a call's: a rule id written in them is breached there.
    for (const argument of (node.arguments ?? []) as Any[])
      if (ruleIdsIn(argument).length === 0) strayRuleIds(argument, report);
    return;
  }
  if (isStringLiteral(node)) {
    const text = String(node.text);
    if (isRuleId(text) && ruleById(text).kind === 'rule') report(node, text);
    return;
  }
  for (const child of children(node)) strayRuleIds(child as Any, report);
};

/** Comparisons and conditions: a verdict computed where a check hands over an answer. */
const JUDGING = new Set<SyntaxKind>([
  SyntaxKind.LessThanToken,
  SyntaxKind.GreaterThanToken,
  SyntaxKind.LessThanEqualsToken,
  SyntaxKind.GreaterThanEqualsToken,
  SyntaxKind.EqualsEqualsToken,
  SyntaxKind.ExclamationEqualsToken,
  SyntaxKind.EqualsEqualsEqualsToken,
  SyntaxKind.ExclamationEqualsEqualsToken,
  SyntaxKind.AmpersandAmpersandToken,
  SyntaxKind.BarBarToken,
]);

/** `holds` for `check.holds(…)` (or `propertyCheck.…`), the method a call of a check names. */
const checkMethodOf = (call: Any): string | undefined => {
  const callee = call.expression as Any;
  if (callee.kind !== SyntaxKind.PropertyAccessExpression) return undefined;
  const owner = nameOf(callee.expression as Any);
  return owner === 'check' || owner === 'propertyCheck' ? nameOf(callee.name as Any) : undefined;
};

/** The breaches of one file of suites/, given the oracle's exported functions. */
export const breachesOf = (
  file: SourceFile,
  path: string,
  oracle: ReadonlyMap<string, Signature>,
): OracleVerdictBreach[] => {
  const found: OracleVerdictBreach[] = [];
  const breach = (node: Node, what: string) => found.push({ file: path, line: lineOf(file, node), what });
  const fromOracle = new Set<string>();
  walk(file, (node) => {
    if (node.kind !== SyntaxKind.ImportDeclaration) return;
    const specifier = String((node.moduleSpecifier as { text?: unknown }).text ?? '');
    if (!/(^|\/)oracle\//.test(specifier)) return;
    walk(node, (inner) => {
      if (inner.kind === SyntaxKind.ImportSpecifier) {
        const name = nameOf(inner.name as Any);
        if (name) fromOracle.add(name);
      }
    });
  });
  walk(file, (node) => {
    if (node.kind === SyntaxKind.ObjectLiteralExpression && !MAY_PLACE_VIOLATIONS.has(path)) {
      const keys = children(node).map((child) => nameOf((child as Any).name as Any));
      if (keys.includes('rule') && keys.includes('message'))
        breach(node, 'a violation built outside the oracle (an object with a rule and a message)');
    }
    if (node.kind !== SyntaxKind.CallExpression) return;
    const checkCall = checkMethodOf(node);
    if (checkCall === 'holds') breach(node, 'an inline condition (check.holds)');
    else if (checkCall !== undefined)
      for (const argument of (node.arguments ?? []) as Any[])
        walk(argument, (inner) => {
          if (inner.kind === SyntaxKind.BinaryExpression && JUDGING.has((inner.operatorToken as Any).kind))
            breach(inner, `a condition in the arguments of check.${checkCall} (${textOf(file, inner)})`);
        });
    const callee = nameOf(node.expression as Any);
    if (callee === undefined || !fromOracle.has(callee)) {
      const called = node.expression as Any;
      const name = called.kind === SyntaxKind.PropertyAccessExpression ? nameOf(called.name as Any) : callee;
      if (name === undefined || RULE_ID_DECLARATIONS.has(name)) return;
      for (const argument of (node.arguments ?? []) as Any[])
        for (const id of ruleIdsIn(argument))
          breach(argument, `the rule id ${id} handed to ${textOf(file, called)}`);
      return;
    }
    if (callee === 'violationOf') {
      if (!MAY_PLACE_VIOLATIONS.has(path)) breach(node, 'a violation made outside the oracle (violationOf)');
      return;
    }
    const signature = oracle.get(callee) ?? [];
    ((node.arguments ?? []) as Any[]).forEach((argument, index) => {
      const parameter = signature[index];
      for (const id of ruleIdsIn(argument)) breach(argument, `the rule id ${id} handed to ${callee}`);
      if (parameter?.name === 'message' || parameter?.isMessage)
        breach(argument, `a message handed to ${callee} (its wording is the oracle's)`);
    });
  });
  strayRuleIds(file as unknown as Any, (node, id) =>
    breach(
      node,
      `the rule id ${id} written outside a check's declaration (a verdict's rule is the oracle's)`,
    ),
  );
  return found;
};

/**
 * Reads the project of `root` (its tsconfig.json) with the compiler and returns every breach in its
 * suites/ files, judged against the functions its oracle/ exports.
 */
export const oracleVerdictBreaches = (root: string): OracleVerdictBreach[] => {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [`${root}/tsconfig.json`] });
    const program = snapshot.getProjects()[0]?.program;
    if (program === undefined) throw new Error(`no TypeScript project at ${root}/tsconfig.json`);
    const files = program
      .getSourceFileNames()
      .map((name) => ({ name, path: relative(root, name).split('\\').join('/') }))
      .filter(({ path }) => !path.startsWith('..') && !isKitTest(path));
    const oracle = new Map<string, Signature>();
    for (const { name, path } of files)
      if (path.startsWith('oracle/')) signaturesOf(program.getSourceFile(name) as SourceFile, oracle);
    return files
      .filter(({ path }) => path.startsWith('suites/'))
      .flatMap(({ name, path }) => breachesOf(program.getSourceFile(name) as SourceFile, path, oracle));
  } finally {
    api.close();
  }
};
