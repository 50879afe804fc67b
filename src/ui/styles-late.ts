import { adoptStyles } from './adopt'

/**
 * The rules the first view does not use (buttons, toasts, the shake, screen-reader-only text):
 * adopted just after the modal first renders, and before any view from its own chunk shows
 * (views/LazyView waits for them), so the first open fetches less. Also AppKit's
 * --w3m-color-mix-strength (mixes --w3m-color-mix into the surfaces and text; unset, --m and so
 * --x1..5 are invalid and the plain colours stay) and --w3m-font-size-master (10px by default:
 * the sizes of styles.ts), so a site that sets neither sees no change when this sheet arrives.
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
:host{--b1:#141414;--b2:#1f1f21;--b3:#2a2a2e;--f1:#e4e7e7;--f2:#9a9a9e;--m:var(--w3m-color-mix,#000) var(--w3m-color-mix-strength);
--x1:color-mix(in srgb,var(--m),var(--b1));--x2:color-mix(in srgb,var(--m),var(--b2));--x3:color-mix(in srgb,var(--m),var(--b3));
--x4:color-mix(in srgb,var(--m),var(--f1));--x5:color-mix(in srgb,var(--m),var(--f2));--fs:var(--w3m-font-size-master,10px)}
:host,:host([data-theme=light]){--bg:var(--x1,var(--b1));--bg2:var(--x2,var(--b2));--bg3:var(--x3,var(--b3));--fg:var(--x4,var(--f1));--fg2:var(--x5,var(--f2))}
:host([data-theme=light]){--b1:#fff;--b2:#f3f3f3;--b3:#e9e9ea;--f1:#141414;--f2:#5e5e63}
h2{font-size:calc(var(--fs)*1.6)}.item{font-size:calc(var(--fs)*1.5)}.tag{font-size:calc(var(--fs)*1.1)}
.wimg,.muted,.toast{font-size:calc(var(--fs)*1.4)}.group{font-size:calc(var(--fs)*1.2)}
`

export const adoptLate = (root: ShadowRoot) => adoptStyles(root, LATE_CSS)
