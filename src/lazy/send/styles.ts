/**
 * The send view's rules, shipped in its chunk. Text colours keep WCAG AA (4.5:1) on both
 * themes through the modal's tokens (--acc-bg under white text, --err per theme).
 */
export const SEND_CSS = `.send{display:flex;flex-direction:column;gap:12px}
.send label,.send .lbl{font-size:calc(var(--fs)*1.3);font-weight:600;color:var(--fg2)}
.send .field{display:flex;flex-direction:column;gap:6px}
.send .row{display:flex;gap:8px;align-items:center}
.send input,.send select{flex:1;min-width:0;min-height:44px;padding:0 12px;border:1px solid var(--fg2);border-radius:calc(var(--r)*3);
background:var(--bg2);color:var(--fg);font:inherit;font-size:calc(var(--fs)*1.5)}
.send input[aria-invalid=true]{border-color:var(--err)}
.send input[readonly]{border-style:dashed}
.send .hint{margin:0;font-size:calc(var(--fs)*1.3);color:var(--fg2);display:flex;justify-content:space-between;gap:8px}
.send .error{margin:0;font-size:calc(var(--fs)*1.4)}
.send .btn.max{min-height:44px;padding:0 12px}
.send dl{display:grid;grid-template-columns:auto 1fr;gap:8px 12px;margin:0;padding:12px;border-radius:calc(var(--r)*4);background:var(--bg2)}
.send dt{color:var(--fg2);font-size:calc(var(--fs)*1.4)}.send dd{margin:0;text-align:right;font-size:calc(var(--fs)*1.4);overflow-wrap:anywhere}
.send .big{font-size:calc(var(--fs)*2);font-weight:600}
.send h3{margin:0;font-size:calc(var(--fs)*1.5);text-align:center}
.send .row .btn{flex:1}
.send .spin{width:16px;height:16px;border-width:2px}`
