/**
 * The modal's stylesheet. Colours come from --w3m-* variables so themeVariables reach every rule.
 * AA contrast (4.5:1) holds for any site accent: white text sits on --acc-bg (the accent at CIE
 * lightness 40 at most; CIE L is luminance, whatever the hue) and accent-coloured text uses --acc-fg
 * (at least 66 in dark, --acc-bg in light).
 */
export const MODAL_CSS = `
:host{--acc:var(--w3m-accent,#667dff);--r:var(--w3m-border-radius-master,4px);--bg:#141414;--bg2:#1f1f21;--bg3:#2a2a2e;--fg:#e4e7e7;--fg2:#9a9a9e;--err:#ff6b78;--ok:#26d962;
--acc-bg:lch(from var(--acc) min(l,40) c h);--acc-fg:lch(from var(--acc) max(l,66) c h);
font-family:var(--w3m-font-family,system-ui,-apple-system,sans-serif);color:var(--fg)}
:host([data-theme=light]){--bg:#fff;--bg2:#f3f3f3;--bg3:#e9e9ea;--fg:#141414;--fg2:#5e5e63;--err:#b3141f;--ok:#087033;--acc-fg:var(--acc-bg)}
*{box-sizing:border-box}
.overlay{position:fixed;inset:0;z-index:var(--w3m-z-index,999);display:flex;align-items:center;justify-content:center;
background:color-mix(in srgb,var(--w3m-color-mix,#000) 50%,transparent);animation:fade .15s ease-out}
.embedded{position:static;background:none;animation:none}
.hid,.hid .card{visibility:hidden;animation:none}
.card{position:relative;width:360px;max-width:100vw;max-height:90vh;overflow:auto;background:var(--bg);border-radius:calc(var(--r)*9);
box-shadow:0 0 0 1px #ffffff14,0 16px 48px #0006;padding:0 12px 16px;animation:rise .2s ease-out}
@media (max-width:430px){.overlay{align-items:flex-end}.card{width:100vw;border-radius:calc(var(--r)*9) calc(var(--r)*9) 0 0}
:host([data-mobile-fullscreen]) .overlay{align-items:stretch}:host([data-mobile-fullscreen]) .card{max-height:none;border-radius:0}}
.head{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;height:64px}
h2{margin:0;text-align:center;font-size:16px;font-weight:600}h2:focus{outline:none}
.icon-btn{width:36px;height:36px;border:0;border-radius:calc(var(--r)*3);background:none;color:var(--fg2);font-size:20px;cursor:pointer}
.icon-btn:hover{background:var(--bg2)}
button,a{font:inherit;color:inherit}
:focus-visible{outline:2px solid var(--acc);outline-offset:2px}
.list{display:flex;flex-direction:column;gap:8px;margin:0;padding:0;list-style:none}.list[inert]{opacity:.3}
.item{display:flex;align-items:center;gap:12px;width:100%;padding:8px;padding-inline-end:12px;border:0;border-radius:calc(var(--r)*4);
background:var(--bg2);cursor:pointer;text-align:start;font-size:15px}
.item:hover{background:var(--bg3)}.item[aria-current=true]{box-shadow:inset 0 0 0 1px var(--acc)}
.item .name{flex:1}.tag{font-size:11px;font-weight:600;padding:3px 6px;border-radius:calc(var(--r)*2);background:var(--bg3);color:var(--fg2)}
.tag.ok{color:var(--ok)}.tag.acc{color:var(--acc-fg)}
.wimg{width:40px;height:40px;border-radius:calc(var(--r)*3);object-fit:cover;background:var(--bg3);display:grid;place-items:center;font-weight:700;font-size:14px;color:var(--fg2);flex:none}
.group{margin:12px 4px 6px;font-size:12px;color:var(--fg2);text-transform:uppercase;letter-spacing:.04em}
.center{display:flex;flex-direction:column;align-items:center;gap:12px;text-align:center;padding:16px 8px}
.muted{color:var(--fg2);font-size:14px;margin:0}.error{color:var(--err)}
.stack{display:flex;flex-direction:column;gap:8px}
.spinner{width:40px;height:40px;border-radius:50%;border:3px solid var(--bg3);border-top-color:var(--acc);animation:spin 1s linear infinite}
@keyframes spin{to{transform:rotate(360deg)}}@keyframes fade{from{opacity:0}}@keyframes rise{from{transform:translateY(12px);opacity:0}}
@media (prefers-reduced-motion:reduce){*{animation:none!important;transition:none!important;scroll-behavior:auto!important}}
`
