// Fails when a view shows a string literal that does not go through t(): JSX text, and the
// aria-label, title, placeholder, alt and label attributes of every view (src/views, src/lazy).
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import ts from 'typescript'
import { messageConstantNames, SRC, sourceFiles } from './keys'

const ATTRIBUTES = /^(aria-label|title|placeholder|alt|label)$/
/** The message constants of signals and lazy code (keys.ts), and two made up for the scan's own test. */
const CONSTANTS = new Set([...messageConstantNames(), 'TOKEN_GONE', 'SAMPLE_ERRORS'])
/** Words, not symbols: '×', '‹', '↗' and '…' need no translation. */
const WORDS = /\p{L}{2}/u
type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression
const isLiteral = (e: ts.Node): e is Literal => ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e) || ts.isTemplateExpression(e)
/** A literal's own text: a template's code (`${amount}`) is no words. */
const words = (e: Literal) => WORDS.test(ts.isTemplateExpression(e) ? e.head.text + e.templateSpans.map((s) => s.literal.text).join(' ') : e.text)

/** Every literal a person would read in a view's source, by file and line. */
export function unwrapped(file: string, text = readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX)
  const found: string[] = []
  const at = (node: ts.Node, literal: string) => found.push(`${relative(SRC, file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1} ${literal.trim()}`)
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && WORDS.test(node.text)) at(node, node.text)
    // {busy ? '…' : 'Continue'}, {error ?? 'Failed'}: a literal a child expression can show.
    if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) shown(node.expression)
    if (ts.isJsxAttribute(node) && ATTRIBUTES.test(node.name.getText()) && node.initializer) {
      const value = ts.isJsxExpression(node.initializer) ? node.initializer.expression : node.initializer
      if (value && isLiteral(value) && words(value)) at(value, value.getText())
    }
    ts.forEachChild(node, visit)
  }
  const shown = (e: ts.Expression): void => {
    if (isLiteral(e) && words(e)) at(e, e.getText())
    // {TOKEN_BALANCE_UNAVAILABLE}, {SEND_ERRORS.TOKEN}: a message constant shown as it is stays English.
    else if (ts.isIdentifier(e) && CONSTANTS.has(e.text)) at(e, e.text)
    else if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && CONSTANTS.has(e.expression.text)) at(e, e.getText())
    else if (ts.isParenthesizedExpression(e)) shown(e.expression)
    else if (ts.isConditionalExpression(e)) (shown(e.whenTrue), shown(e.whenFalse))
    else if (ts.isBinaryExpression(e) && /^(&&|\|\||\?\?)$/.test(e.operatorToken.getText())) shown(e.right)
  }
  visit(source)
  return found
}

const test = suite('i18n: every string a view shows goes through t()')

test('behavior: the scan finds unwrapped strings (text, attributes, templates) and passes wrapped ones and symbols', () => {
  const sample = 'const A = () => <p title="Hello there">Plain text {t(\'Wrapped\')}<b aria-label={t(\'Fine\')} placeholder={`Tpl ${x}`}>×</b>{busy ? t(\'Busy\') : \'Idle now\'}{e && (\'Error here\')}{TOKEN_GONE}{SAMPLE_ERRORS.TOKEN}{t(TOKEN_GONE)}{said(SAMPLE_ERRORS.TOKEN)}{NAME_ZONE}</p>'
  assert.equal(unwrapped(join(SRC, 'views', 'Sample.tsx'), sample), ['views/Sample.tsx:1 "Hello there"', 'views/Sample.tsx:1 Plain text', 'views/Sample.tsx:1 `Tpl ${x}`', "views/Sample.tsx:1 'Idle now'", "views/Sample.tsx:1 'Error here'", 'views/Sample.tsx:1 TOKEN_GONE', 'views/Sample.tsx:1 SAMPLE_ERRORS.TOKEN'])
})

test('behavior: no view in src/views or src/lazy shows an unwrapped literal', () => {
  const files = [...sourceFiles(join(SRC, 'views'), /\.tsx$/), ...sourceFiles(join(SRC, 'lazy'), /\.tsx$/)]
  assert.ok(files.length > 20, 'the scan found the views')
  const found = files.flatMap((file) => unwrapped(file))
  assert.equal(found, [], `wrap these in t() and add them to every src/i18n/locales file:\n${found.join('\n')}`)
})

test.run()
