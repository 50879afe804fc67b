// axe-core run inside the modal's shadow root: WCAG 2.0-2.2 A/AA and best practice, as issue 17 measures.
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import type { Frame, Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice']

export interface AxeViolation {
  id: string
  impact: string | null
  help: string
  nodes: { target: unknown; summary: string }[]
}

/** The violations inside the dialog (axe reaches into the open shadow root through fromShadowDom). */
export function axeDialog(page: Page): Promise<AxeViolation[]> {
  return axeIn(page, ['w3m-modal', '[role=dialog]'])
}

/** The violations inside one shadow-DOM path, e.g. ['appkit-button', 'button']. */
export async function axeIn(page: Page, path: string[]): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(async ({ tags, path }) => {
    const axe = (window as any).axe
    const result = await axe.run({ fromShadowDom: path }, { runOnly: { type: 'tag', values: tags } })
    // A context that matched nothing passes nothing either: that is a broken test, not a clean view.
    if (!result.passes.length) throw new Error(`axe checked nothing inside ${path.join(' ')}`)
    return result.violations.map((v: any) => ({
      id: v.id, impact: v.impact, help: v.help,
      nodes: v.nodes.map((n: any) => ({ target: n.target, summary: String(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240) })),
    }))
  }, { tags: TAGS, path })
}

/**
 * Waits until no CSS transition or animation of finite length runs in the page, shadow roots
 * included (Chromium's document.getAnimations() leaves them out), so colours are measured at rest:
 * as long as the longest one (a 0.5 s shake) and no longer. Endless ones (spinners) are not waited for.
 */
export function atRest(page: Page | Frame, maxMs = 3000): Promise<void> {
  // No named functions inside: tsx would wrap them in a helper the page does not have.
  return page.evaluate(async (maxMs) => {
    const deadline = Date.now() + maxMs
    // Two frames first: a style change just made starts its transition at the next style update.
    for (let frames = 1; ; frames++) {
      await new Promise((resolve) => requestAnimationFrame(resolve))
      if (frames < 2) continue
      const roots: (Document | ShadowRoot)[] = [document]
      for (let i = 0; i < roots.length; i++) for (const el of roots[i]!.querySelectorAll('*')) if (el.shadowRoot) roots.push(el.shadowRoot)
      const left = roots.flatMap((root) => root.getAnimations()).filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime))
      if (!left.length || Date.now() >= deadline) return
      await Promise.race([Promise.all(left.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, deadline - Date.now()))])
    }
  }, maxMs)
}

/** One line per node, for a failure message a person can act on. */
export function describe(view: string, violations: AxeViolation[]): string[] {
  return violations.flatMap((v) => v.nodes.map((n) => `${view}: ${v.id} (${v.impact}) ${JSON.stringify(n.target)} ${n.summary}`))
}
