/** The name views' rules, shipped in their chunk (buttons and errors keep the modal's AA colours). */
export const NAMES_CSS = `.names{display:flex;flex-direction:column;gap:12px}
.names .field{display:flex;align-items:center;gap:4px;padding:0 12px;border:1px solid var(--fg2);border-radius:calc(var(--r)*3);background:var(--bg2)}
.names input{flex:1;min-width:0;min-height:44px;border:0;background:transparent;color:var(--fg);font:inherit;font-size:calc(var(--fs)*1.5)}
.names .zone{color:var(--fg2);font-size:calc(var(--fs)*1.4)}
.names .hint{margin:0;font-size:calc(var(--fs)*1.3);color:var(--fg2)}
.names .error{margin:0;font-size:calc(var(--fs)*1.4)}
.names ul{display:flex;flex-direction:column;gap:6px;margin:0;padding:0;list-style:none}
.names li button{width:100%;justify-content:space-between}`
