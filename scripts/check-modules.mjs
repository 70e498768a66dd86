#!/usr/bin/env node
// Module check: dead exports (ts-prune style, on the TypeScript compiler already in
// devDependencies): every exported value (function, constant, class) of src/
// must be imported by some other module of src/ or test/. An export nobody
// imports is dead code, or a name that should not be exported. Exported types
// are not checked: they name the parameters and results of exported functions.
// It also checks the layering (below). Run by .ci/run; `npm run check-modules` locally.
//
// What counts as a use: a named import or re-export; `import * as ns`,
// `export *`, `typeof import()` and an `import()` whose result is not
// destructured use every export of the module (a verb module is loaded that
// way, and read through the VerbModule interface).
import ts from 'typescript';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Exports used from outside TypeScript: bin/mailctl.js and scripts/*.mjs. */
const USED_OUTSIDE = {
  'src/main.ts': ['main'], // bin/mailctl.js
  'src/report/archive.ts': ['archiveSql'], // test/bench/report.mjs gives the sqlite3 shell the same SQL
};

function tsFiles(dir) {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => join(e.parentPath, e.name));
}

const program = ts.createProgram([...tsFiles('src'), ...tsFiles('test')], {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  target: ts.ScriptTarget.ES2023,
  allowJs: false,
  noEmit: true,
  skipLibCheck: true,
  types: ['node'],
});
const checker = program.getTypeChecker();
const ours = (sf) => !sf.isDeclarationFile && !relative(root, sf.fileName).startsWith('..') && !sf.fileName.includes('node_modules');
const rel = (sf) => relative(root, sf.fileName);

const used = new Map(); // file -> Set of export names, or '*'
const edges = []; // [importer, imported] within src/, for the layering check
function use(file, name, from) {
  if (from) edges.push([from, file]);
  if (!used.has(file)) used.set(file, new Set());
  used.get(file).add(name);
}

function targetOf(specifier, from) {
  const symbol = checker.getSymbolAtLocation(specifier);
  const decl = symbol?.declarations?.[0];
  if (decl && ts.isSourceFile(decl)) return rel(decl);
  const resolved = ts.resolveModuleName(specifier.text, from.fileName, program.getCompilerOptions(), ts.sys).resolvedModule;
  return resolved ? relative(root, resolved.resolvedFileName) : undefined;
}

for (const sf of program.getSourceFiles().filter(ours)) {
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = targetOf(node.moduleSpecifier, sf);
      const clause = node.importClause;
      if (target && clause) {
        if (clause.name) use(target, 'default', rel(sf));
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(target, '*', rel(sf));
        if (bindings && ts.isNamedImports(bindings)) for (const el of bindings.elements) use(target, (el.propertyName ?? el.name).text, rel(sf));
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const target = targetOf(node.moduleSpecifier, sf);
      if (target && (!node.exportClause || ts.isNamespaceExport(node.exportClause))) use(target, '*', rel(sf));
      else if (target) for (const el of node.exportClause.elements) use(target, (el.propertyName ?? el.name).text, rel(sf));
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      const target = targetOf(node.argument.literal, sf);
      if (target) use(target, '*', rel(sf));
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
      const target = targetOf(node.arguments[0], sf);
      // const { a, b } = await import('x'): a and b; anything else: the whole module
      const holder = ts.isAwaitExpression(node.parent) ? node.parent.parent : undefined;
      if (target && holder && ts.isVariableDeclaration(holder) && ts.isObjectBindingPattern(holder.name)) {
        for (const el of holder.name.elements) use(target, (el.propertyName ?? el.name).getText(sf), rel(sf));
      } else if (target) use(target, '*', rel(sf));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

const dead = [];
for (const sf of program.getSourceFiles().filter((f) => ours(f) && rel(f).startsWith('src/'))) {
  const moduleSymbol = checker.getSymbolAtLocation(sf);
  if (!moduleSymbol) continue;
  const file = rel(sf);
  const names = used.get(file) ?? new Set();
  if (names.has('*')) continue;
  for (const symbol of checker.getExportsOfModule(moduleSymbol)) {
    const name = symbol.getName();
    if (names.has(name) || USED_OUTSIDE[file]?.includes(name)) continue;
    // Types are not checked: an exported interface names the parameter or result of an exported function.
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
    if (!(target.flags & ts.SymbolFlags.Value)) continue;
    const decl = symbol.declarations?.[0];
    const line = decl ? sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1 : 0;
    dead.push(`${file}:${line}: ${name}`);
  }
}

// The arrows of ../shared/design/architecture.md: output/, input/, config/ and
// api/ import only the leaves (and their own folder); nothing below commands/
// imports commands/; the emulator imports nothing of the CLI side but the
// delivery format and the spec's value sets.
const LEAVES = ['src/errors.ts', 'src/io.ts', 'src/format.ts', 'src/duration.ts', 'src/hash.ts'];
const LAYERS = {
  'src/output/': LEAVES,
  'src/input/': LEAVES,
  'src/config/': LEAVES,
  'src/api/': LEAVES,
  'src/emulator/': ['src/webhooks/', 'src/api/vocabulary.ts'],
};
const wrongWay = [];
for (const [from, to] of edges) {
  if (!from.startsWith('src/') || !to.startsWith('src/') || from === to) continue;
  const layer = Object.keys(LAYERS).find((l) => from.startsWith(l));
  const allowed = layer ? [layer, ...LAYERS[layer]] : undefined;
  const refused = allowed ? !allowed.some((a) => to.startsWith(a)) : to.startsWith('src/commands/') && !/^src\/(commands\/|program\.ts|main\.ts)/.test(from);
  if (refused) wrongWay.push(`${from} imports ${to}`);
}
if (wrongWay.length) {
  process.stderr.write(`${wrongWay.length} import(s) against the layering of architecture.md:\n${[...new Set(wrongWay)].map((w) => `  ${w}`).join('\n')}\n`);
}

if (dead.length || wrongWay.length) {
  if (dead.length) {
    process.stderr.write(`${dead.length} export(s) that no other module imports (remove them, or drop "export"):\n${dead.map((d) => `  ${d}`).join('\n')}\n`);
  }
  process.exit(1);
}
process.stdout.write('check-modules: every export of src/ is imported somewhere, and every import follows the layering\n');
