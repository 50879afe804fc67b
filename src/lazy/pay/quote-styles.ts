/** The PayQuote view's rules (its options, fees and skeletons), beside the Pay views' own. */
export const QUOTE_CSS = `.pay .label{margin:0;color:var(--fg2);font-size:calc(var(--fs)*1.2);text-transform:uppercase;letter-spacing:.04em}
.pay .options{max-height:300px;overflow-y:auto}
.pay .option .name{display:flex;flex-direction:column;align-items:flex-start;gap:2px}
.pay .option .muted{font-size:calc(var(--fs)*1.3)}
.pay .option[aria-pressed=true]{box-shadow:inset 0 0 0 1px var(--acc)}
.pay .option[aria-disabled=true]{cursor:progress}
.pay .from{display:flex;align-items:center;gap:8px;margin:0}
.pay .fees{display:flex;flex-direction:column;gap:8px;margin:0}
.pay .fees div,.pay .total{display:flex;justify-content:space-between;align-items:center;gap:8px}
.pay .fees dt{color:var(--fg2)}.pay .fees dd{margin:0;text-align:end}
.pay .total strong{display:block;font-size:calc(var(--fs)*2);font-weight:500}
.pay .shimmer{display:inline-block;width:72px;height:14px;border-radius:4px;background:var(--bg3);animation:pay-pulse 1.2s ease-in-out infinite}
.pay .shimmer.round{width:32px;height:32px;border-radius:50%}
@keyframes pay-pulse{50%{opacity:.5}}
@media (prefers-reduced-motion:reduce){.pay .shimmer{animation:none}}`
