/** The swap view's rules, shipped in its chunk; text colours as the send view's (WCAG AA on both themes). */
export const SWAP_CSS = `.swap{display:flex;flex-direction:column;gap:10px}
.swap .box{display:flex;flex-direction:column;gap:6px;padding:12px;border-radius:calc(var(--r)*4);background:var(--bg2)}
.swap .row{display:flex;gap:8px;align-items:center}
.swap label{font-size:calc(var(--fs)*1.3);font-weight:600;color:var(--fg2)}
.swap input{flex:1;min-width:0;min-height:44px;padding:0 8px;border:0;background:transparent;color:var(--fg);font:inherit;font-size:calc(var(--fs)*2.4)}
.swap .tok{min-height:40px;padding:0 12px;border-radius:999px}
.swap .hint{margin:0;font-size:calc(var(--fs)*1.3);color:var(--fg2)}
.swap .flip{align-self:center;min-height:36px;width:36px;padding:0;border-radius:50%}
.swap dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0;padding:12px;border-radius:calc(var(--r)*4);background:var(--bg2)}
.swap dt{color:var(--fg2);font-size:calc(var(--fs)*1.3)}.swap dd{margin:0;text-align:right;font-size:calc(var(--fs)*1.3)}
.swap .error{margin:0;font-size:calc(var(--fs)*1.4)}
:host([data-theme=light]) .swap .error{color:#b3141f}
.swap .list{display:flex;flex-direction:column;gap:4px;max-height:320px;overflow:auto;margin:0;padding:0;list-style:none}
.swap .list button{width:100%;justify-content:space-between}
.swap .chips{display:flex;flex-wrap:wrap;gap:6px}
.swap .search{border:1px solid var(--fg2);border-radius:calc(var(--r)*3);font-size:calc(var(--fs)*1.5);padding:0 12px}`
