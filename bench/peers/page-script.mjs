// Injected into every bench page before its own scripts: a test wallet that every product can
// list (EIP-6963 and window.ethereum) and that records when a connection request reaches it, and
// an observer that records when the product's connect view is visible (polled every 4 ms and
// every animation frame, open shadow roots included), the main thread's long tasks, and the
// visitor's first touch or press (a tap on the site's connect button).
export const WALLET_NAME = 'Bench Wallet'

/** `readyCriterion` (optional): when the page is ready for the visitor (the real app's connect button), recorded as readyAt. */
export function pageScript(viewCriterion, readyCriterion = 'false') {
  return `(() => {
  const deep = () => { const out = []; const st = [document.documentElement];
    while (st.length) { const n = st.pop(); if (!n) continue; if (n.nodeType === 1) { out.push(n); if (n.shadowRoot) st.push(n.shadowRoot); }
      const ch = n.children; if (ch) for (let i = 0; i < ch.length; i++) st.push(ch[i]); }
    return out; };
  // A box, and not hidden by visibility or content-visibility (a dialog rendered ahead, unseen, is not shown).
  const vis = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 && (!e.checkVisibility || e.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true })); };
  const ownText = (e) => { let s = ''; for (const n of e.childNodes) if (n.nodeType === 3) s += n.textContent; return s.replace(/\\s+/g, ' ').trim(); };
  const pb = window.__pb = { viewAt: null, readyAt: null, clickAt: null, walletAt: null, walletMethod: null, tapAt: null, longTasks: [] };
  try { performance.setResourceTimingBufferSize(5000); } catch (e) {}
  try { new PerformanceObserver((list) => { for (const t of list.getEntries()) pb.longTasks.push([t.startTime, t.duration]); })
    .observe({ type: 'longtask', buffered: true }); } catch (e) {}
  const tapped = () => { if (pb.tapAt === null) pb.tapAt = performance.now(); };
  window.addEventListener('touchstart', tapped, { capture: true, passive: true });
  window.addEventListener('pointerdown', tapped, { capture: true, passive: true });
  // Total Blocking Time up to a moment: each long task's time past 50 ms, for the tasks begun before it.
  pb.blockingUntil = (until) => pb.longTasks.filter(([start]) => start < until).reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);

  // The wallet: answers reads at once; a request for accounts is the click reaching it (left pending).
  const listeners = {};
  const provider = {
    isMetaMask: false,
    request: ({ method }) => {
      if (method === 'eth_requestAccounts' || method === 'wallet_requestPermissions') {
        if (pb.walletAt === null) { pb.walletAt = performance.now(); pb.walletMethod = method; }
        return new Promise(() => {});
      }
      if (method === 'eth_chainId') return Promise.resolve('0x1');
      if (method === 'net_version') return Promise.resolve('1');
      if (method === 'eth_accounts') return Promise.resolve([]);
      return Promise.reject(Object.assign(new Error('unsupported'), { code: 4200 }));
    },
    on: (e, f) => { (listeners[e] ||= []).push(f); return provider; },
    removeListener: (e, f) => { listeners[e] = (listeners[e] || []).filter((g) => g !== f); return provider; },
  };
  provider.off = provider.removeListener;
  window.ethereum = provider;
  const info = Object.freeze({ uuid: '6f1c5a2e-2f7b-4c1e-9a51-5b0c2d7e8f90', name: ${JSON.stringify(WALLET_NAME)}, rdns: 'dev.postern.bench',
    icon: 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 viewBox=%220 0 1 1%22%3E%3Crect width=%221%22 height=%221%22 fill=%22%23888%22/%3E%3C/svg%3E' });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();

  // Clicks the wallet's entry (its nearest clickable ancestor, across shadow roots).
  pb.clickWallet = () => {
    const label = deep().find((e) => vis(e) && ownText(e) === ${JSON.stringify(WALLET_NAME)});
    if (!label) return false;
    let target = label;
    for (let n = label; n; n = n.parentNode || n.host) {
      if (n.nodeType === 1 && (n.localName === 'button' || n.getAttribute('role') === 'button' || n.localName === 'li')) { target = n; break; }
    }
    pb.clickAt = performance.now();
    target.click();
    return true;
  };

  const check = () => { if (!document.documentElement || pb.viewAt !== null) return;
    try { if (pb.readyAt === null && (${readyCriterion})) pb.readyAt = performance.now(); } catch (e) {}
    try { if (${viewCriterion}) pb.viewAt = performance.now(); } catch (e) {} };
  const iv = setInterval(() => { check(); if (pb.viewAt !== null) clearInterval(iv); }, 4);
  const raf = () => { check(); if (pb.viewAt === null) requestAnimationFrame(raf); };
  requestAnimationFrame(raf);
})();`
}
