/**
 * The buttons' own stylesheet; colours follow the modal's --w3m-* variables when a site sets them.
 * White text sits on the accent at CIE lightness 40 at most, 4.5:1 (AA) for any accent, as in the modal.
 */
export const BUTTON_CSS = `:host{display:inline-block;font-family:var(--w3m-font-family,system-ui,sans-serif)}
button{display:inline-flex;align-items:center;gap:8px;height:40px;padding:0 16px;border:0;cursor:pointer;
border-radius:calc(var(--w3m-border-radius-master,4px)*4);font-family:inherit;
background:lch(from var(--w3m-accent,#667dff) min(l,40) c h);color:#fff;transition:filter .15s}
button:hover{filter:brightness(1.08)}button:focus-visible{outline:2px solid var(--w3m-accent,#667dff);outline-offset:2px}
button[data-size=sm]{height:32px;padding:0 12px;font-size:13px}
button[data-variant=account]{background:#1b1b1f;color:#e4e7e7;padding:0 8px 0 12px}
button:disabled{opacity:.5;cursor:not-allowed}
.addr{background:#ffffff14;border-radius:999px;padding:6px 10px}`
