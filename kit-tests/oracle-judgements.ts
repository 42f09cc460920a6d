/**
 * One name, one shape: an exported `judge…` of the oracle is a judgement (it returns a `Judgement`,
 * oracle/judgement.ts), and each is named in a kit test that shows it hold and break; no exported
 * `judge…` anywhere returns bare violations (`Violation[]`): a function that does is a part of a
 * judgement and is named for what it finds (`…Violations`). Read with the TypeScript compiler: its
 * checker gives each function's return type, and the syntax trees of the kit tests the names they use
 * (a name in a comment or a string is no test of it).
 */
import { relative } from 'node:path';
import { type Node, type SourceFile, SyntaxKind } from 'typescript/unstable/ast';
import { API, type Checker, SignatureKind } from 'typescript/unstable/sync';

/** The interface every exported `judge…` of the oracle returns (oracle/judgement.ts). */
export const JUDGEMENT_SHAPE = 'Judgement';

export interface JudgementBreach {
  readonly file: string;
  readonly name: string;
  readonly what: string;
}

interface ExportedJudge {
  readonly file: string;
  readonly name: string;
  /** The return type as the compiler writes it: `Judgement<A>`, `Violation[]`. */
  readonly returns: string;
  /** The name of the interface or class it is, through any alias (`Judgement`), if it is one. */
  readonly shape: string | undefined;
}

type Any = Node & Record<string, unknown>;

const isKitTest = (path: string): boolean => path.endsWith('.test.ts') || path.includes('test-support/');
const isExported = (statement: Any): boolean =>
  ((statement.modifiers ?? []) as Any[]).some((modifier) => modifier.kind === SyntaxKind.ExportKeyword);

const statementsOf = (file: SourceFile): Any[] => {
  const found: Any[] = [];
  file.forEachChild((child) => {
    found.push(child as Any);
    return undefined;
  });
  return found;
};

/** The names a top-level statement exports: a function's, or each variable's. */
const exportedNames = (statement: Any): Any[] => {
  if (!isExported(statement)) return [];
  if (statement.kind === SyntaxKind.FunctionDeclaration) return [statement.name as Any];
  if (statement.kind !== SyntaxKind.VariableStatement) return [];
  const list = statement.declarationList as Any;
  return ((list.declarations ?? []) as Any[]).map((declaration) => declaration.name as Any);
};

const returnTypeOf = (checker: Checker, name: Node): Pick<ExportedJudge, 'returns' | 'shape'> => {
  const symbol = checker.getSymbolAtLocation(name);
  const type = symbol === undefined ? undefined : checker.getTypeOfSymbol(symbol);
  const [signature] = type === undefined ? [] : checker.getSignaturesOfType(type, SignatureKind.Call);
  const returned = signature === undefined ? undefined : checker.getReturnTypeOfSignature(signature);
  if (returned === undefined) return { returns: 'not a function', shape: undefined };
  return { returns: checker.typeToString(returned), shape: returned.getSymbol()?.name };
};

const judgesOf = (file: SourceFile, path: string, checker: Checker): ExportedJudge[] =>
  statementsOf(file)
    .flatMap(exportedNames)
    .filter((name) => name.kind === SyntaxKind.Identifier && /^judge[A-Z]/.test(String(name.text)))
    .map((name) => ({ file: path, name: String(name.text), ...returnTypeOf(checker, name) }));

/** Every identifier a file's syntax tree holds (not its comments, not its strings). */
const identifiersOf = (file: SourceFile, into: Set<string>): void => {
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.Identifier) into.add(String((node as Any).text));
    node.forEachChild((child) => {
      visit(child);
      return undefined;
    });
  };
  visit(file);
};

const isBareViolations = (returns: string): boolean => /^(readonly )?Violation\[\]$/.test(returns);

/** What each exported judge breaks of the rules above, given the names the kit tests use. */
export const judgementBreachesOf = (
  judges: readonly ExportedJudge[],
  namedInTests: ReadonlySet<string>,
): JudgementBreach[] =>
  judges.flatMap((judge) => {
    const inOracle = judge.file.startsWith('oracle/');
    const breaches: string[] = [];
    if (isBareViolations(judge.returns))
      breaches.push(`returns ${judge.returns}: name it for the part of a judgement it is (…Violations)`);
    else if (inOracle && judge.shape !== JUDGEMENT_SHAPE)
      breaches.push(`returns ${judge.returns}, not a Judgement`);
    if (inOracle && !namedInTests.has(judge.name)) breaches.push('is named in no kit test');
    return breaches.map((what) => ({ file: judge.file, name: judge.name, what }));
  });

/** Reads the project of `root` (its tsconfig.json) and returns every breach of its exported judges. */
export const judgementBreaches = (root: string): JudgementBreach[] => {
  const api = new API({ cwd: root });
  try {
    const snapshot = api.updateSnapshot({ openProjects: [`${root}/tsconfig.json`] });
    const project = snapshot.getProjects()[0];
    if (project === undefined) throw new Error(`no TypeScript project at ${root}/tsconfig.json`);
    const judges: ExportedJudge[] = [];
    const namedInTests = new Set<string>();
    for (const name of project.program.getSourceFileNames()) {
      const path = relative(root, name).split('\\').join('/');
      if (path.startsWith('..') || path.includes('node_modules/')) continue;
      const file = project.program.getSourceFile(name) as SourceFile;
      if (isKitTest(path)) identifiersOf(file, namedInTests);
      else for (const judge of judgesOf(file, path, project.checker)) judges.push(judge);
    }
    return judgementBreachesOf(judges, namedInTests);
  } finally {
    api.close();
  }
};
