#!/usr/bin/env node
// Module check: dead exports (ts-prune style, on the TypeScript compiler already in
// devDependencies): every exported value (function, constant, class) of src/
// must be imported by some other module of src/ or test/. An export nobody
// imports is dead code, or a name that should not be exported. Exported types
// are not checked: they name the parameters and results of exported functions.
// It also checks the layering and import cycles (below). Run by .ci/run; `npm run check-modules` locally.
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
// delivery format and the spec's value sets (with the time units they are
// written in: src/time-units.ts, a leaf of constants).
// src/api/vocabulary.ts is the spec's value sets and limits, pure data importing only time-units:
// input rules and output columns check against those values without reaching into the API layer.
const LEAVES = ['src/errors.ts', 'src/io.ts', 'src/format.ts', 'src/duration.ts', 'src/time-units.ts', 'src/hash.ts', 'src/counts.ts', 'src/api/vocabulary.ts'];
const LAYERS = {
  'src/output/': LEAVES,
  'src/input/': LEAVES,
  'src/config/': LEAVES,
  'src/api/': LEAVES,
  'src/emulator/': ['src/webhooks/', 'src/api/vocabulary.ts', 'src/time-units.ts'],
};
const wrongWay = [];
for (const [from, to] of edges) {
  if (!from.startsWith('src/') || !to.startsWith('src/') || from === to) continue;
  const layer = Object.keys(LAYERS).find((l) => from.startsWith(l));
  const allowed = layer ? [layer, ...LAYERS[layer]] : undefined;
  const refused = allowed ? !allowed.some((a) => to.startsWith(a)) : to.startsWith('src/commands/') && !/^src\/(commands\/|program\.ts|main\.ts|app\.ts)/.test(from);
  if (refused) wrongWay.push(`${from} imports ${to}`);
}
if (wrongWay.length) {
  process.stderr.write(`${wrongWay.length} import(s) against the layering of architecture.md:\n${[...new Set(wrongWay)].map((w) => `  ${w}`).join('\n')}\n`);
}

// Import cycles (issue 27, item 6): any cycle of imports between modules of
// src/ fails, type-only imports included (a cycle of types is still two
// modules that cannot be understood one without the other). Each strongly
// connected component of the import graph is a cycle; it is printed as one
// path through it. KNOWN_CYCLES are the cycles main still had when the check
// came (each is being removed by the branch that owns its files): a component
// made of exactly the modules of one entry passes, anything else fails, so no
// new cycle can come in. Empty the list as they go.
const KNOWN_CYCLES = [];

function importCycles() {
  const graph = new Map();
  for (const [from, to] of edges) {
    if (!from.startsWith('src/') || !to.startsWith('src/') || from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  }
  // Tarjan's strongly connected components, iteratively (no recursion limit on a deep graph)
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work = [[start, [...(graph.get(start) ?? [])].sort(), 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const frame = work[work.length - 1];
      const [node, targets] = frame;
      if (frame[2] < targets.length) {
        const target = targets[frame[2]++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, [...(graph.get(target) ?? [])].sort(), 0]);
        } else if (onStack.has(target)) low.set(node, Math.min(low.get(node), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === index.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1) components.push(component.sort());
      }
    }
  }
  return components.map((members) => ({ members, path: cyclePath(graph, members) }));
}

/** One cycle through a component, as a path that ends where it starts. */
function cyclePath(graph, members) {
  const inside = new Set(members);
  const start = members[0];
  // breadth-first from the start back to it, inside the component
  const previous = new Map();
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    for (const target of [...(graph.get(node) ?? [])].sort()) {
      if (!inside.has(target)) continue;
      if (target === start) {
        const path = [start];
        for (let at = node; at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (!previous.has(target)) {
        previous.set(target, node);
        queue.push(target);
      }
    }
  }
  return members;
}

const known = (members) =>
  KNOWN_CYCLES.some((entry) => members.every((m) => entry.some((e) => (e.endsWith('/') ? m.startsWith(e) : m === e))) && entry.every((e) => members.some((m) => (e.endsWith('/') ? m.startsWith(e) : m === e))));
const cycles = importCycles().filter((c) => !known(c.members));
if (cycles.length) {
  process.stderr.write(
    `${cycles.length} import cycle(s) in src/ (break each: move what both sides need into a module both import):\n${cycles
      .map((c) => `  ${c.path.join(' -> ')}${c.members.length > c.path.length - 1 ? ` (and ${c.members.length - (c.path.length - 1)} more modules in the same cycle: ${c.members.filter((m) => !c.path.includes(m)).join(', ')})` : ''}`)
      .join('\n')}\n`,
  );
}

if (dead.length || wrongWay.length || cycles.length) {
  if (dead.length) {
    process.stderr.write(`${dead.length} export(s) that no other module imports (remove them, or drop "export"):\n${dead.map((d) => `  ${d}`).join('\n')}\n`);
  }
  process.exit(1);
}
process.stdout.write('check-modules: every export of src/ is imported somewhere, every import follows the layering, and no import cycle is new\n');
