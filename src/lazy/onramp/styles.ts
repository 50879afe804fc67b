/** The onramp view's rules, shipped in its chunk. */
export const ONRAMP_CSS = `.onramp{display:flex;flex-direction:column;gap:12px}
.onramp .row{display:flex;gap:8px}
.onramp input,.onramp select{min-height:44px;padding:0 12px;border:1px solid var(--fg2);border-radius:calc(var(--r)*3);background:var(--bg2);color:var(--fg);font:inherit;font-size:calc(var(--fs)*1.5)}
.onramp input{flex:1;min-width:0}
.onramp label,.onramp .hint{margin:0;font-size:calc(var(--fs)*1.3);color:var(--fg2)}
.onramp dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0;padding:12px;border-radius:calc(var(--r)*4);background:var(--bg2)}
.onramp dt{color:var(--fg2);font-size:calc(var(--fs)*1.3)}.onramp dd{margin:0;text-align:right;font-size:calc(var(--fs)*1.3)}
.onramp .item .tag{margin-left:auto}
.onramp .link{background:none;border:0;color:var(--acc-fg);cursor:pointer;font-size:calc(var(--fs)*1.4);padding:4px}`
