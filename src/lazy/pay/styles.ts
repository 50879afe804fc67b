/** The Pay views' rules, shipped in their chunk. */
export const PAY_CSS = `.pay{display:flex;flex-direction:column;gap:12px}
.pay .amount{display:flex;flex-direction:column;align-items:center;gap:4px;padding:8px 0}
.pay .amount strong{font-size:calc(var(--fs)*3.2);font-weight:500}
.pay .amount span{color:var(--fg2);font-size:calc(var(--fs)*1.4)}
.pay .or{display:flex;align-items:center;gap:8px;color:var(--fg2);font-size:calc(var(--fs)*1.3)}
.pay .or::before,.pay .or::after{content:'';flex:1;border-top:1px solid var(--bg3, var(--fg2));opacity:.5}
.pay .detail{margin:0;text-align:center;font-size:calc(var(--fs)*1.4)}
.pay .state{font-size:40px;line-height:1}`
