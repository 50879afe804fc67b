// The one table the examples check prints (and the README holds).

const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ')

/** Rows of { app, build, connects, buttons, firstError, marks } as a Markdown table. */
export function formatTable(rows) {
  const lines = ['| app | build (tsc + bundler) | connects | buttons working / total | first error |', '|---|---|---|---|---|']
  for (const r of rows) {
    const app = r.marks?.length ? `${r.app} (${r.marks.join(', ')})` : r.app
    lines.push(`| ${cell(app)} | ${cell(r.build)} | ${cell(r.connects)} | ${cell(r.buttons)} | ${cell(r.firstError)} |`)
  }
  return lines.join('\n')
}
