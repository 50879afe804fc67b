/** The account views' own rules, shipped in their chunk rather than in the modal's stylesheet. The feature buttons wrap at 320 px. */
export const ACCOUNT_CSS = `.avatar{width:64px;height:64px;border-radius:50%;background:conic-gradient(var(--acc),#00c2a8,var(--acc));object-fit:cover}
.balance{font-size:calc(var(--fs)*2);color:var(--fg2)}
.features{display:flex;flex-wrap:wrap;gap:8px}.features .btn{flex:1 1 auto;padding:0 12px}
.tabs{display:flex;gap:4px;padding:4px;border-radius:calc(var(--r)*4);background:var(--bg2)}
.tabs [role=tab]{flex:1;min-height:36px;border:0;border-radius:calc(var(--r)*3);background:none;color:var(--fg2);font-weight:600;cursor:pointer}
.tabs [role=tab][aria-selected=true]{background:var(--bg3);color:var(--fg)}
.tabs-wrap{display:flex;flex-direction:column;gap:8px;min-height:120px}
.item.static{cursor:default}.item.static:hover{background:var(--bg2)}
.item .name{display:flex;flex-direction:column;gap:2px;min-width:0}
.item .sub{font-size:calc(var(--fs)*1.3);color:var(--fg2)}.item .usd{font-variant-numeric:tabular-nums}`
