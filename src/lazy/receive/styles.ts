/** The Receive view's rules (minified at build). */
export const RECEIVE_CSS = `.receive{display:flex;flex-direction:column;align-items:center;gap:16px;padding:8px 4px 0}
.receive .qr{border-radius:calc(var(--r)*4);max-width:100%;height:auto}
.receive .addr{font-family:ui-monospace,monospace;font-size:calc(var(--fs)*1.3);word-break:break-all;text-align:center;margin:0;color:var(--fg)}
.receive .nets{display:flex;flex-wrap:wrap;gap:8px;justify-content:center;margin:0;padding:0;list-style:none}
.receive .nets li{display:flex;align-items:center;gap:6px;padding:4px 10px 4px 4px;border-radius:999px;background:var(--bg2);font-size:calc(var(--fs)*1.3)}`
