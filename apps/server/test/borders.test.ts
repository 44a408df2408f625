import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The borders of the server's source (DESIGN §1, issue 13 part 6), read from its import statements with the TypeScript
 * parser. Type-only imports count everywhere (a type reaching inside another module is a border crossed all the same).
 *
 * - No import cycles.
 * - The modules and integrations import down one order (`ORDER`, apps/server/README.md): each only those before it.
 * - The workflows are above the modules: a module never imports `workflows/` (the workflows import the modules).
 * - A unit is a module (`modules/<m>/`), an integration (`integrations/<i>/`), or `core`, `db`, `hub`, `workflows`,
 *   `demo` and the top-level files (`app.ts`, `main.ts`, …). Each module and integration owns the tables its
 *   `*.tables.ts` files declare; core owns `core/**\/*.tables.ts` (oper_logs, notices, idempotency, outbox), db its
 *   `db/core.tables.ts`.
 * - (a) A file imports from another module or integration only its `index.ts`, its public face, never an inner file.
 *   Allowed crossings: `db/schema.ts` gathers every `*.tables.ts` (for Drizzle and drizzle-kit), and a `*.tables.ts`
 *   may import another's tables for a foreign key (one database; the keys cross the borders the code may not).
 *   `core/context.ts` names the services' types (`FileStorage`, `Payments`) type-only at their own files (the
 *   modules' index files import core/context, so going through them would be a cycle).
 * - (b) A module's `index.ts` exports no tables and no repositories (names from `*.tables.ts` that are tables, names
 *   from `*.repository.ts`, names ending in `Repo`): services, types and constants only.
 * - (c) The tables and the other names of a `*.tables.ts` are imported, directly or through `db/schema.ts`, only by
 *   their own unit (and by `db/`, other table files for foreign keys, and `demo/`, whose seeds write demo rows the way
 *   test fixtures do). Another unit asks the owner's service functions.
 * - (d) core imports no module, integration, workflow or the demo; `core/context.ts` names the services' types
 *   type-only (above).
 * - Tests (test/*.ts) may reach inside anything; they are not read here.
 *
 * What does not hold yet is listed in `KNOWN` with its reason; the test fails on anything else, and on a listed line
 * that no longer happens (take it off the list).
 */

const SRC = path.resolve(__dirname, '../src');

interface Import {
  /** The imported file, relative to src (`modules/goods/index.ts`). */
  to: string;
  /** The names it imports (`*` for a namespace or `export *`). */
  names: string[];
  /** `import type …` / `export type …`, or every name marked `type`. */
  typeOnly: boolean;
  /** An `export … from` (a re-export), not an import. */
  reexport: boolean;
}

/** What the checks read of one file. */
interface SourceFile {
  imports: Import[];
  /** For a `*.tables.ts`: its exported names, and which of them are tables (`pgTable(…)`). */
  exported: string[];
  tables: string[];
}

/** The file a relative (or `@/`) specifier names (`./x` → x.ts or x/index.ts); packages are not followed. */
function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith('.')
    ? path.resolve(path.dirname(path.join(SRC, from)), spec)
    : spec.startsWith('@/')
      ? path.join(SRC, spec.slice(2))
      : null;
  if (!base) return null;
  for (const f of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(f) && fs.statSync(f).isFile()) return path.relative(SRC, f).split(path.sep).join('/');
  }
  throw new Error(`${from}: cannot resolve ${spec}`);
}

function namesOf(node: ts.ImportDeclaration | ts.ExportDeclaration): { names: string[]; typeOnly: boolean } {
  if (ts.isImportDeclaration(node)) {
    const c = node.importClause;
    if (!c) return { names: [], typeOnly: false };
    const names: string[] = c.name ? ['default'] : [];
    const b = c.namedBindings;
    if (b && ts.isNamespaceImport(b)) names.push('*');
    if (b && ts.isNamedImports(b)) names.push(...b.elements.map((e) => (e.propertyName ?? e.name).text));
    const allTyped = !!b && ts.isNamedImports(b) && !c.name && b.elements.length > 0 && b.elements.every((e) => e.isTypeOnly);
    return { names, typeOnly: c.isTypeOnly || allTyped };
  }
  const c = node.exportClause;
  if (!c || ts.isNamespaceExport(c)) return { names: ['*'], typeOnly: node.isTypeOnly };
  const allTyped = c.elements.length > 0 && c.elements.every((e) => e.isTypeOnly);
  return { names: c.elements.map((e) => (e.propertyName ?? e.name).text), typeOnly: node.isTypeOnly || allTyped };
}

/** Every .ts file of src (tests aside) with the files it imports. */
/** Imports that climb out of their folder by '../' (found by sourceGraph). */
const climbing: string[] = [];

function sourceGraph(): Map<string, SourceFile> {
  const graph = new Map<string, SourceFile>();
  climbing.length = 0;
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) walk(full);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')) {
        const file = path.relative(SRC, full).split(path.sep).join('/');
        const sf = ts.createSourceFile(file, fs.readFileSync(full, 'utf8'), ts.ScriptTarget.Latest, false);
        const found: SourceFile = { imports: [], exported: [], tables: [] };
        const visit = (node: ts.Node) => {
          if (
            (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
            node.moduleSpecifier &&
            ts.isStringLiteral(node.moduleSpecifier)
          ) {
            const to = resolve(file, node.moduleSpecifier.text);
            if (node.moduleSpecifier.text.startsWith('../')) climbing.push(`${file}: ${node.moduleSpecifier.text}`);
            if (to) found.imports.push({ to, ...namesOf(node), reexport: ts.isExportDeclaration(node) });
          } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
            const [arg] = node.arguments;
            const to = arg && ts.isStringLiteral(arg) ? resolve(file, arg.text) : null;
            if (to) found.imports.push({ to, names: ['*'], typeOnly: false, reexport: false });
          }
          ts.forEachChild(node, visit);
        };
        visit(sf);
        if (file.endsWith('.tables.ts')) {
          for (const st of sf.statements) {
            const exported = ts.canHaveModifiers(st) && ts.getModifiers(st)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
            if (!exported) continue;
            if (ts.isVariableStatement(st)) {
              for (const d of st.declarationList.declarations) {
                if (!ts.isIdentifier(d.name)) continue;
                found.exported.push(d.name.text);
                const init = d.initializer;
                if (init && ts.isCallExpression(init) && ts.isIdentifier(init.expression) && init.expression.text === 'pgTable') {
                  found.tables.push(d.name.text);
                }
              }
            } else if ((ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || ts.isFunctionDeclaration(st)) && st.name) {
              found.exported.push(st.name.text);
            }
          }
        }
        graph.set(file, found);
      }
    }
  };
  walk(SRC);
  return graph;
}

/** The cycles of the graph, one per strongly connected component of more than one file (Tarjan), each as a path. */
function cyclesOf(edges: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1 || (edges.get(v) ?? []).includes(v)) components.push(c);
    }
  };
  for (const v of [...edges.keys()].sort()) if (!index.has(v)) visit(v);
  // One readable cycle per component: the shortest way from its first file back to itself.
  return components.map((c) => {
    const inC = new Set(c);
    const start = [...c].sort()[0];
    const prev = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const v = queue.shift() as string;
      for (const w of edges.get(v) ?? []) {
        if (!inC.has(w)) continue;
        if (w === start) {
          const way = [v];
          while (way[0] !== start) way.unshift(prev.get(way[0]) as string);
          return [...way, start];
        }
        if (!prev.has(w)) {
          prev.set(w, v);
          queue.push(w);
        }
      }
    }
    return c;
  });
}

/** The unit a file belongs to: `modules/goods`, `integrations/payment`, `core`, `db`, …, `app` for the top-level files. */
function unitOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) return 'app';
  if (parts[0] === 'modules' || parts[0] === 'integrations') return `${parts[0]}/${parts[1]}`;
  return parts[0];
}

const isModule = (unit: string) => unit.startsWith('modules/') || unit.startsWith('integrations/');
const isTables = (file: string) => file.endsWith('.tables.ts');
/** core/context.ts names the services' types at their own files (through the index files it would be a cycle). */
const SERVICE_TYPES = new Set(['integrations/payment/payments.ts', 'modules/files/file-storage.ts']);

/** Every crossing of rules (a)–(d) (doc comment above), one line each: `rule file → imported file [names]`. */
function borderBreaches(graph: Map<string, SourceFile>): string[] {
  // Which unit owns each name of a tables file; db/schema.ts re-exports them all.
  const owner = new Map<string, string>();
  const tableNames = new Set<string>();
  for (const [f, s] of graph) {
    if (!isTables(f)) continue;
    for (const n of s.exported) owner.set(n, unitOf(f));
    for (const n of s.tables) tableNames.add(n);
  }
  const out: string[] = [];
  for (const [f, s] of [...graph].sort(([a], [b]) => a.localeCompare(b))) {
    const from = unitOf(f);
    for (const i of s.imports) {
      const to = unitOf(i.to);
      const line = (rule: string, names = i.names) => out.push(`${rule} ${f} → ${i.to} [${names.join(', ')}]`);
      const serviceType = f === 'core/context.ts' && i.typeOnly && SERVICE_TYPES.has(i.to);
      // (a) another module only through its index.
      if (isModule(to) && to !== from && i.to !== `${to}/index.ts`) {
        const tablesCrossing = isTables(i.to) && (f === 'db/schema.ts' || isTables(f));
        if (!tablesCrossing && !serviceType) line('(a)');
      }
      // (b) an index exports no tables and no repositories.
      if (f === `${from}/index.ts` && isModule(from) && i.reexport && to === from) {
        const bad = i.names.filter((n) => n === '*' || tableNames.has(n) || i.to.endsWith('.repository.ts') || /Repo$/.test(n));
        if (bad.length) line('(b)', bad);
      }
      // (c) tables (and their files' other names) only for their owner, whichever way they are reached.
      if (from !== 'db' && from !== 'demo' && !isTables(f) && (isTables(i.to) || i.to === 'db/schema.ts')) {
        const foreign = i.names.filter((n) => n === '*' || (owner.get(n) ?? from) !== from);
        if (foreign.length) line('(c)', foreign);
      }
      // (d) core stays below the modules.
      if (from === 'core' && (isModule(to) || to === 'workflows' || to === 'demo') && !serviceType) {
        if (!(f === 'core/context.ts' && i.typeOnly)) line('(d)');
      }
    }
  }
  return out;
}

/**
 * What does not keep the borders yet, each with why. Take a line off when it is fixed (the test says so); never add
 * one without a reason and a plan.
 */
const KNOWN: Record<string, string> = {};

/**
 * The order of the modules and integrations (apps/server/README.md, "Module order"): a unit imports only units before
 * it, so a flow between two modules lives in the later one (or above both: src/routes.ts, src/wiring.ts, workflows/).
 */
const ORDER = [
  'integrations/sms',
  'integrations/payment',
  'integrations/logistics',
  'modules/login',
  'modules/team',
  'modules/shop',
  'modules/billing',
  'modules/staff',
  'modules/files',
  'modules/forms',
  'modules/delivery',
  'modules/goods',
  'modules/members',
  'modules/orders',
  'modules/home',
  'modules/account',
];

const graph = sourceGraph();
const edges = new Map([...graph].map(([f, s]) => [f, [...new Set(s.imports.map((i) => i.to))]]));

describe('borders of apps/server/src', () => {
  it('reads the imports of the source (the graph is not empty by mistake)', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(edges.get('app.ts')).toContain('core/register.ts');
    expect(
      cyclesOf(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', ['a']],
          ['d', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
  });

  it('catches each kind of crossing on a made-up graph', () => {
    const file = (imports: Partial<Import>[], tables: string[] = []): SourceFile => ({
      imports: imports.map((i) => ({ to: '', names: [], typeOnly: false, reexport: false, ...i })),
      exported: tables,
      tables,
    });
    const fake = new Map<string, SourceFile>([
      ['modules/a/a.tables.ts', file([], ['aRows'])],
      ['modules/a/a.repository.ts', file([{ to: 'modules/a/a.tables.ts', names: ['aRows'] }])],
      [
        'modules/a/index.ts',
        file([
          { to: 'modules/a/a.repository.ts', names: ['aRepo'], reexport: true },
          { to: 'modules/a/a.tables.ts', names: ['aRows'], reexport: true },
        ]),
      ],
      ['modules/b/b.tables.ts', file([{ to: 'modules/a/a.tables.ts', names: ['aRows'] }], ['bRows'])],
      [
        'modules/b/b.service.ts',
        file([
          { to: 'modules/a/index.ts', names: ['aService'] },
          { to: 'modules/a/a.repository.ts', names: ['aRepo'] },
          { to: 'db/schema.ts', names: ['bRows', 'aRows'] },
        ]),
      ],
      ['core/thing.ts', file([{ to: 'modules/a/index.ts', names: ['aService'] }])],
      ['db/schema.ts', file([{ to: 'modules/a/a.tables.ts', names: ['*'], reexport: true }])],
      ['demo/seed.ts', file([{ to: 'db/schema.ts', names: ['aRows'] }])],
    ]);
    expect(borderBreaches(fake)).toEqual([
      '(d) core/thing.ts → modules/a/index.ts [aService]',
      '(b) modules/a/index.ts → modules/a/a.repository.ts [aRepo]',
      '(b) modules/a/index.ts → modules/a/a.tables.ts [aRows]',
      '(a) modules/b/b.service.ts → modules/a/a.repository.ts [aRepo]',
      '(c) modules/b/b.service.ts → db/schema.ts [aRows]',
    ]);
  });

  it("imports across folders by the '@/' path (src/…), never by '../' (issue 13 §6: path aliases)", () => {
    expect(climbing).toEqual([]);
  });

  it('has no import cycle, type-only imports included', () => {
    expect(cyclesOf(edges).map((c) => c.join(' → '))).toEqual([]);
  });

  it('places every module and integration in the module order, and each imports only the ones before it', () => {
    const units = new Set([...graph.keys()].map(unitOf).filter(isModule));
    expect([...units].filter((u) => !ORDER.includes(u)).sort()).toEqual([]);
    const up = [...graph].flatMap(([f, s]) => {
      const from = unitOf(f);
      if (!isModule(from)) return [];
      return s.imports
        .filter((i) => isModule(unitOf(i.to)) && unitOf(i.to) !== from && ORDER.indexOf(unitOf(i.to)) > ORDER.indexOf(from))
        .map((i) => `${f} → ${i.to}`);
    });
    expect(up).toEqual([]);
  });

  it('keeps the workflows above the modules: a module never imports workflows/ (the workflows import the modules)', () => {
    const up = [...edges].flatMap(([f, to]) =>
      f.startsWith('modules/') ? to.filter((t) => t.startsWith('workflows/')).map((t) => `${f} → ${t}`) : [],
    );
    expect(up).toEqual([]);
  });

  it('keeps the borders between units (a)–(d) but for the known lines', () => {
    const breaches = borderBreaches(graph);
    expect(breaches.filter((b) => !(b in KNOWN))).toEqual([]);
    expect(Object.keys(KNOWN).filter((k) => !breaches.includes(k))).toEqual([]);
  });

  it('leaves the system handle and the renter binding to core: modules and workflows import only the Db type of db/', () => {
    // Row-level security (core/README.md): a module gets its database as ctx.db, bound to the caller's renter by
    // core/register or core/background. openDatabase's system handle (which the policies do not hold) and renterDb
    // are core's, the job runners' and app.ts's; a module naming them could step out of its renter.
    const outside = [...graph].flatMap(([f, source]) =>
      f.startsWith('modules/') || f.startsWith('workflows/')
        ? source.imports
            .filter((i) => (i.to === 'db/client.ts' && i.names.some((n) => n !== 'Db' && n !== 'Tx')) || i.to === 'db/rls.ts')
            .map((i) => `${f} → ${i.to} (${i.names.join(', ')})`)
        : [],
    );
    expect(outside).toEqual([]);
    // It reads what it should: db/rls.ts is imported by core.
    expect(edges.get('core/register.ts')).toContain('db/rls.ts');
  });
});
