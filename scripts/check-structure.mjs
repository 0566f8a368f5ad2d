// The house's measures (issue "Turn 3 · 1/10"), checked by `npm run check`:
//   - no import cycle among the project's own modules (type-only imports aside: they vanish at
//     build time and cannot order a module's evaluation);
//   - no non-test source file over MAX_FILE_LINES lines, except the data files listed below;
//   - no React component over MAX_COMPONENT_LINES lines.
// The floor plan (which folder may import which) is lint's job: eslint.config.js.
// `node scripts/check-structure.mjs --report` prints the measures even when they hold.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const MAX_FILE_LINES = 300;
export const MAX_COMPONENT_LINES = 150;
/** Data, not code: long because the shop's catalogue or a screenshot's fixture is. */
export const DATA_FILES = new Set(["server/db/seed/demo-catalog.ts"]);
const SOURCE_FOLDERS = ["contract", "server", "web", "scripts", "bench", "e2e"];
const SOURCE = /\.(ts|tsx|mjs|js)$/;
const isTest = (file) => /\.(test|spec)\.(ts|tsx)$/.test(file) || file.startsWith("e2e/");
const SKIP = /(^|\/)(node_modules|dist|migrations|results|public)(\/|$)/;

function listFiles(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name);
      if (SKIP.test(rel)) continue;
      if (entry.isDirectory()) walk(rel);
      else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.mts")) files.push(rel);
    }
  };
  for (const folder of SOURCE_FOLDERS) if (fs.existsSync(path.join(root, folder))) walk(folder);
  return files.sort();
}

const parse = (root, file) =>
  ts.createSourceFile(
    file,
    fs.readFileSync(path.join(root, file), "utf8"),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : undefined,
  );

/** The project files `file` imports for their values (relative specifiers only). */
function valueImports(root, file, source, known) {
  const found = [];
  const add = (specifier) => {
    if (!specifier.startsWith(".")) return;
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
    const stem = base.replace(/\.(js|mjs)$/, "");
    for (const candidate of [
      base,
      `${stem}.ts`,
      `${stem}.tsx`,
      `${stem}.mjs`,
      `${base}/index.ts`,
      `${base}/index.tsx`,
    ])
      if (known.has(candidate)) return found.push(candidate);
  };
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        clause &&
        !clause.name &&
        named &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      if (!onlyTypes) add(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (!statement.isTypeOnly) add(statement.moduleSpecifier.text);
    }
  }
  return found;
}

/** Every cycle's files (Tarjan's strongly connected components of more than one file). */
function importCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const connect = (node) => {
    indexOf.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indexOf.get(next)));
    }
    if (low.get(node) === indexOf.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || selfLoop) cycles.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) connect(node);
  return cycles;
}

const startsUpper = (name) => /^[A-Z]/.test(name);

/** The file's React components (functions named in PascalCase) and their lengths in lines. */
function components(source) {
  const found = [];
  const lines = (node) =>
    source.getLineAndCharacterOfPosition(node.getEnd()).line -
    source.getLineAndCharacterOfPosition(node.getStart(source)).line +
    1;
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && startsUpper(node.name.text))
      found.push({ name: node.name.text, lines: lines(node) });
    else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      startsUpper(node.name.text) &&
      node.initializer
    ) {
      let value = node.initializer;
      // memo(function Card() {...}), forwardRef((props, ref) => ...), lazy wrappers
      while (ts.isCallExpression(value) && value.arguments.length > 0) value = value.arguments[0];
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value))
        found.push({ name: node.name.text, lines: lines(value) });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

export function measure(root) {
  const files = listFiles(root);
  const known = new Set(files);
  const graph = new Map();
  const longFiles = [];
  const longComponents = [];
  for (const file of files) {
    const source = parse(root, file);
    graph.set(file, valueImports(root, file, source, known));
    if (isTest(file)) continue;
    const lineCount = source.text.split("\n").length - (source.text.endsWith("\n") ? 1 : 0);
    if (lineCount > MAX_FILE_LINES && !DATA_FILES.has(file))
      longFiles.push({ file, lines: lineCount });
    if (file.endsWith(".tsx"))
      for (const component of components(source))
        if (component.lines > MAX_COMPONENT_LINES) longComponents.push({ file, ...component });
  }
  return { files: files.length, cycles: importCycles(graph), longFiles, longComponents };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const { files, cycles, longFiles, longComponents } = measure(root);
  const problems = [
    ...cycles.map((cycle) => `import cycle: ${cycle.join(" ↔ ")}`),
    ...longFiles.map(
      ({ file, lines }) => `${file}: ${lines} lines (at most ${MAX_FILE_LINES}; split it)`,
    ),
    ...longComponents.map(
      ({ file, name, lines }) =>
        `${file}: component ${name} is ${lines} lines (at most ${MAX_COMPONENT_LINES})`,
    ),
  ];
  if (problems.length || process.argv.includes("--report"))
    console.log(
      `${files} source files: ${cycles.length} import cycles, ${longFiles.length} files over ` +
        `${MAX_FILE_LINES} lines, ${longComponents.length} components over ${MAX_COMPONENT_LINES} lines`,
    );
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}
