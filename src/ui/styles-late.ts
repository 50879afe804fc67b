import { adoptStyles } from './adopt'

/**
 * The rules the first view does not use (buttons, toasts, the shake, screen-reader-only text):
 * adopted just after the modal first renders, and before any view from its own chunk shows
 * (views/LazyView waits for them), so the first open fetches less.
 */
export const LATE_CSS = `
.btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:40px;padding:0 16px;border:0;
border-radius:calc(var(--r)*4);background:var(--acc-bg);color:#fff;font-weight:600;cursor:pointer;text-decoration:none}
.btn.secondary{background:var(--bg2);color:var(--fg)}.btn.wide{width:100%}
.btn:disabled{opacity:.5;cursor:not-allowed}
.toast{position:absolute;left:50%;transform:translateX(-50%);top:12px;display:flex;gap:8px;align-items:center;padding:8px 14px;
border-radius:999px;background:var(--bg3);font-size:14px;box-shadow:0 4px 16px #0005;z-index:2;white-space:nowrap;max-width:92%}
.toast.error{color:var(--err)}.toast.success{color:var(--ok)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
.shake{animation:shake .5s}
@keyframes shake{20%,60%{transform:translateX(-8px)}40%,80%{transform:translateX(8px)}}
`

export const adoptLate = (root: ShadowRoot) => adoptStyles(root, LATE_CSS)
