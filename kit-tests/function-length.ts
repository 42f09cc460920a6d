/**
 * No function of the kit's product code runs over FUNCTION_LINE_LIMIT lines: a reader sees a long
 * job's steps when each is a function of its own. Read with the TypeScript compiler (its syntax tree),
 * over the projects of the root tsconfig.json and of load/ (the k6 side and its Node runners). Kit
 * tests (`*.test.ts`, `test-support/`) are left out. A data table is not a sequence of steps: a
 * function that is one object or array literal (`() => ({ … })`, or a block that only returns one) is
 * never counted, and the tables written as code are named in LONG_FUNCTIONS_ALLOWED, each with why.
 */
import { relative } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API } from 'typescript/unstable/sync';

export const FUNCTION_LINE_LIMIT = 80;

/**
 * Functions allowed past the limit, as `file:name`, each with why: the data tables written as code.
 * A kit test fails on an entry that names no function over the limit, so the list only shrinks;
 * nothing new joins it but a data table.
 */
export const LONG_FUNCTIONS_ALLOWED: ReadonlyMap<string, string> = new Map([
  // A table: each OpenAPI component is a zod schema declared in turn, then written out by zod.
  ['openapi/schemas.ts:componentSchemas', 'a data table'],
]);

export interface LongFunction {
  readonly file: string;
  readonly line: number;
  /** `name`, or `name › (callback)` for a function with no name of its own. */
  readonly name: string;
  readonly lines: number;
}

const FUNCTION_KINDS = new Set<SyntaxKind>([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);

const WRAPPERS = new Set<SyntaxKind>([
  SyntaxKind.ParenthesizedExpression,
  SyntaxKind.AsExpression,
  SyntaxKind.SatisfiesExpression,
]);

type Any = Node & Record<string, unknown>;

const childrenOf = (node: Node): Any[] => {
  const found: Any[] = [];
  node.forEachChild((child) => {
    found.push(child as Any);
    return undefined;
  });
  return found;
};

const nameOf = (node: Any | undefined): string | undefined =>
  node !== undefined &&
  (node.kind === SyntaxKind.Identifier ||
    node.kind === SyntaxKind.StringLiteral ||
    node.kind === SyntaxKind.PrivateIdentifier)
    ? String(node.text)
    : undefined;

const isLiteralTable = (node: Any | undefined): boolean => {
  let inner = node;
  while (inner !== undefined && WRAPPERS.has(inner.kind)) inner = inner.expression as Any;
  return (
    inner?.kind === SyntaxKind.ObjectLiteralExpression || inner?.kind === SyntaxKind.ArrayLiteralExpression
  );
};

/** A function whose whole body is one object or array literal: a table, not steps. */
export const isDataTable = (fn: Any): boolean => {
  const body = fn.body as Any | undefined;
  if (body === undefined) return false;
  if (body.kind !== SyntaxKind.Block) return isLiteralTable(body);
  const statements = (body.statements ?? []) as Any[];
  const only = statements[0];
  return (
    statements.length === 1 &&
    only?.kind === SyntaxKind.ReturnStatement &&
    isLiteralTable(only.expression as Any)
  );
};

/** The name a function goes by: its own, its variable's or property's, or its enclosing function's. */
const functionName = (fn: Any, enclosing: string | undefined): string => {
  const own = nameOf(fn.name as Any);
  if (own !== undefined) return own;
  const parent = fn.parent as Any | undefined;
  const held =
    parent?.kind === SyntaxKind.VariableDeclaration || parent?.kind === SyntaxKind.PropertyAssignment
      ? nameOf(parent.name as Any)
      : undefined;
  if (held !== undefined) return held;
  const called = parent?.kind === SyntaxKind.CallExpression ? calledName(parent) : undefined;
  const callback = called === undefined ? '(callback)' : `(callback of ${called})`;
  return enclosing === undefined ? callback : `${enclosing} › ${callback}`;
};

/** `describe` for `describe(…)`, `test.describe(…)` and `test.describe.serial(…)`. */
const calledName = (call: Any): string | undefined => {
  const parts: string[] = [];
  let callee = call.expression as Any | undefined;
  while (callee?.kind === SyntaxKind.PropertyAccessExpression) {
    parts.unshift(nameOf(callee.name as Any) ?? '');
    callee = callee.expression as Any;
  }
  const root = nameOf(callee);
  return root === undefined ? undefined : [root, ...parts].join('.');
};

/**
 * A suite's describe block is a list of its checks, each a function of its own (and counted): its
 * length is the number of checks of one area of the spec, not a sequence of steps.
 */
const isDescribeBlock = (fn: Any): boolean => {
  const parent = fn.parent as Any | undefined;
  if (parent?.kind !== SyntaxKind.CallExpression) return false;
  return /(^|\.)describe(\.(serial|parallel|only|skip|fixme))*$/.test(calledName(parent) ?? '');
};

const lineOf = (file: SourceFile, position: number): number =>
  file.getLineAndCharacterOfPosition(position).line + 1;

/** The functions of one file over the limit, data tables aside. */
export const longFunctionsOf = (
  file: SourceFile,
  path: string,
  limit = FUNCTION_LINE_LIMIT,
): LongFunction[] => {
  const found: LongFunction[] = [];
  const visit = (node: Any, enclosing: string | undefined): void => {
    let name = enclosing;
    if (FUNCTION_KINDS.has(node.kind)) {
      name = functionName(node, enclosing);
      const line = lineOf(file, node.getStart(file));
      const lines = lineOf(file, node.end) - line + 1;
      if (lines > limit && !isDataTable(node) && !isDescribeBlock(node))
        found.push({ file: path, line, name, lines });
    }
    for (const child of childrenOf(node)) visit(child, name);
  };
  visit(file as unknown as Any, undefined);
  return found;
};

const isKitTest = (path: string): boolean => path.endsWith('.test.ts') || path.includes('test-support/');

/** The projects whose files are the kit's code: the root's, and load/'s two (k6 and Node). */
export const KIT_PROJECTS = ['tsconfig.json', 'load/tsconfig.json', 'load/tsconfig.node.json'] as const;

/** Every function over the limit in the product code of `root`'s projects, data tables aside. */
export const longFunctions = (
  root: string,
  projects: readonly string[] = KIT_PROJECTS,
  limit = FUNCTION_LINE_LIMIT,
): LongFunction[] => {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: projects.map((project) => `${root}/${project}`) });
    const seen = new Set<string>();
    const found: LongFunction[] = [];
    for (const { program } of snapshot.getProjects())
      for (const name of program.getSourceFileNames()) {
        const path = relative(root, name).split('\\').join('/');
        if (seen.has(path) || path.startsWith('..') || path.includes('node_modules/') || isKitTest(path))
          continue;
        seen.add(path);
        for (const long of longFunctionsOf(program.getSourceFile(name) as SourceFile, path, limit))
          found.push(long);
      }
    return found.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  } finally {
    api.close();
  }
};
