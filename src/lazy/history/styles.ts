/** The activity list's rules (minified at build). */
export const HISTORY_CSS = `.activity{display:flex;flex-direction:column;gap:8px}
.activity .day{margin:8px 4px 4px;font-size:calc(var(--fs)*1.2);font-weight:600;color:var(--fg2);text-transform:uppercase;letter-spacing:.04em}
.activity a.item{text-decoration:none}
.activity .amount{font-variant-numeric:tabular-nums;font-size:calc(var(--fs)*1.4);text-align:end}
.activity .amount.in{color:var(--ok)}
.activity .tag.err{color:var(--err)}`
