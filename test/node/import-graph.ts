// The real import graph of a source tree, read with the TypeScript compiler: every static import
// and re-export (type-only ones included), `import('x')` types and dynamic `import()` calls,
// each resolved to a file the way tsconfig resolves it.
import ts from 'typescript'
import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'

export interface Edge {
  from: string
  /** A path relative to the tree's root for our own files, else the package specifier. */
  to: string
  kind: 'static' | 'type' | 'dynamic'
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  )
}

function compilerOptions(tsconfig: string): ts.CompilerOptions {
  const { config } = ts.readConfigFile(tsconfig, ts.sys.readFile)
  return ts.parseJsonConfigFileContent(config, ts.sys, join(tsconfig, '..')).options
}

/** Whether an import or export declaration brings in types only (`import type`, or every name `type`). */
function isTypeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) return node.isTypeOnly || (!!node.exportClause && ts.isNamedExports(node.exportClause) && node.exportClause.elements.length > 0 && node.exportClause.elements.every((e) => e.isTypeOnly))
  const clause = node.importClause
  if (!clause) return false
  if (clause.isTypeOnly) return true
  const named = clause.namedBindings
  return !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly)
}

export function importGraph(root: string, tsconfig: string): Edge[] {
  const options = compilerOptions(tsconfig)
  const host = ts.createCompilerHost(options)
  const edges: Edge[] = []
  for (const file of sourceFiles(root)) {
    const from = relative(root, file)
    const source = ts.createSourceFile(file, ts.sys.readFile(file) ?? '', ts.ScriptTarget.Latest, true)
    const add = (specifier: string, kind: Edge['kind']) => {
      const resolved = ts.resolveModuleName(specifier, file, options, host).resolvedModule
      const inside = resolved && !resolved.isExternalLibraryImport && !relative(root, resolved.resolvedFileName).startsWith('..')
      edges.push({ from, to: inside ? relative(root, resolved.resolvedFileName) : specifier, kind })
    }
    const visit = (node: ts.Node): void => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, isTypeOnly(node) ? 'type' : 'static')
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, 'type')
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        add(node.arguments[0].text, 'dynamic')
      }
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return edges
}

/** Every cycle among our own files, through every kind of edge: a lazy import() is still an arrow of the architecture. */
export function cycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>()
  for (const e of edges) if (/\.tsx?$/.test(e.to)) next.set(e.from, [...(next.get(e.from) ?? []), e.to])
  // Tarjan's strongly connected components: every component of more than one file, or a file importing itself, is a cycle.
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  let counter = 0
  const connect = (v: string) => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = []
      let w: string
      do {
        w = stack.pop()!
        onStack.delete(w)
        component.push(w)
      } while (w !== v)
      if (component.length > 1 || next.get(v)?.includes(v)) found.push(component.sort())
    }
  }
  for (const v of new Set([...next.keys(), ...edges.map((e) => e.from)])) if (!index.has(v)) connect(v)
  return found
}

/** Files reachable from the entry through static edges (values only: type imports are erased). */
export function staticallyReachable(edges: Edge[], entries: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    for (const e of edges) if (e.from === file && e.kind === 'static') visit(e.to)
  }
  entries.forEach(visit)
  return seen
}
