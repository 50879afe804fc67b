// The catalogue's keys, read statically from src/: every t('…'), the English forms of plural(n, '…', '…'),
// the views' titles in views/routes.ts (Modal passes them through t()), and the message constants
// of signals and lazy code that views say through said() (messageConstants).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

export const SRC = fileURLToPath(new URL('../../src/', import.meta.url))

export function sourceFiles(dir: string, ext: RegExp): string[] {
  const out: string[] = []
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path, ext))
    else if (ext.test(name)) out.push(path)
  }
  return out
}

const LIT = String.raw`('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`
const unquote = (literal: string) => JSON.parse(literal.startsWith("'") ? `"${literal.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : literal) as string

/** Every key used in src/ (outside the i18n code itself), with the files that use it; `one` holds plural(…)'s singular forms. */
export function usedKeys(): { keys: Map<string, string[]>; one: Set<string> } {
  const keys = new Map<string, string[]>()
  const one = new Set<string>()
  const add = (key: string, file: string) => keys.set(key, [...(keys.get(key) ?? []), file])
  for (const file of sourceFiles(SRC, /\.tsx?$/)) {
    // The message functions' own doc comments show made-up examples.
    if (file.includes('/src/i18n/') || /ui\/(base|format)\.tsx?$/.test(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(new RegExp(String.raw`\bt\(\s*` + LIT, 'g'))) add(unquote(m[1]!), file)
    // Toasts are sent in English by signals and lazy code; views/Toast says them through t().
    for (const m of text.matchAll(new RegExp(String.raw`\bshowToast\([^,]+,\s*'\w+',\s*` + LIT, 'g'))) add(unquote(m[1]!), file)
    for (const m of text.matchAll(new RegExp(String.raw`\bplural\([^,]+,\s*` + LIT + String.raw`\s*,\s*` + LIT, 'g'))) {
      one.add(unquote(m[1]!))
      add(unquote(m[2]!), file)
    }
    if (file.endsWith('views/routes.ts')) {
      for (const m of text.matchAll(new RegExp(String.raw`title: \([^)]*\) => (?:String\(.*?\?\? )?` + LIT, 'g'))) add(unquote(m[1]!), file)
    }
  }
  return { keys, one }
}

/** A sentence, not a code or an address: what a message constant holds. */
const SENTENCE = /\p{L}\S*\s+\S/u

/**
 * The message texts in an exported UPPER_CASE constant of src/signals and src/lazy: a sentence
 * (`FETCH_TRANSACTIONS_FAILED = 'Failed to fetch transactions'`) or an object of sentences and of
 * functions filling one in (`register: (name) => \`Error registering name ${name}\``, whose key is
 * 'Error registering name {name}'). Views show these in the locale through said() (ui/said).
 */
export function messageConstants(files = [...sourceFiles(join(SRC, 'signals'), /\.tsx?$/), ...sourceFiles(join(SRC, 'lazy'), /\.tsx?$/)], names = new Set<string>()): Map<string, string[]> {
  const found = new Map<string, string[]>()
  let constant = ''
  const add = (key: string, file: string) => SENTENCE.test(key) && names.add(constant) && found.set(key, [...(found.get(key) ?? []), file])
  const unwrap = (e: ts.Expression): ts.Expression => (ts.isAsExpression(e) || ts.isParenthesizedExpression(e) ? unwrap(e.expression) : e)
  const template = (e: ts.Expression): string | undefined => {
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return e.text
    if (ts.isTemplateExpression(e)) return e.head.text + e.templateSpans.map((s) => `{${s.expression.getText().replace(/^.*\./, '')}}${s.literal.text}`).join('')
    return undefined
  }
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS)
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement) || !statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) continue
      for (const decl of statement.declarationList.declarations) {
        if (!ts.isIdentifier(decl.name) || !/^[A-Z][A-Z0-9_]*$/.test(decl.name.text) || !decl.initializer) continue
        constant = decl.name.text
        const value = unwrap(decl.initializer)
        // A bare template is CSS or markup; a message is a plain string.
        if (ts.isStringLiteral(value)) add(value.text, file)
        if (!ts.isObjectLiteralExpression(value)) continue
        for (const prop of value.properties) {
          if (!ts.isPropertyAssignment(prop)) continue
          const init = unwrap(prop.initializer)
          const text = ts.isArrowFunction(init) && !ts.isBlock(init.body) ? template(unwrap(init.body)) : ts.isStringLiteral(init) ? init.text : undefined
          if (text !== undefined) add(text, file)
        }
      }
    }
  }
  return found
}

/** The names of those constants (SEND_ERRORS, TOKEN_BALANCE_UNAVAILABLE): a view shows them through said() or t(). */
export function messageConstantNames(): Set<string> {
  const names = new Set<string>()
  messageConstants(undefined, names)
  return names
}
