// Whether this page's origin may embed the secure frame, asked of the API before the frame loads.
// The secure site sends frame-ancestors with the project's allowed origins: a frame the browser
// blocks shows nothing and says nothing, so without asking first the modal could not show SPEC's
// unverified_domain. The frame still checks its ancestors itself.
import * as v from 'valibot'

const Reply = v.object({ allowed: v.boolean() })

/**
 * true or false as the API answers; undefined when it cannot say (unreachable, limited, a reply of
 * the wrong shape, or a page on the API's own origin, whose requests carry no Origin): the frame
 * then loads and the browser and the frame decide.
 */
export async function frameOriginAllowed(apiUrl: string, projectId: string, sdkVersion: string): Promise<boolean | undefined> {
  try {
    const url = new URL(`${apiUrl.replace(/\/+$/, '')}/auth/v1/frame-origin`)
    url.search = new URLSearchParams({ projectId, st: 'postern', sv: sdkVersion }).toString()
    const res = await fetch(url.href)
    // An unknown project: the frame would refuse it as well.
    if (res.status === 403) return false
    if (!res.ok) return undefined
    const parsed = v.safeParse(Reply, await res.json())
    return parsed.success ? parsed.output.allowed : undefined
  } catch {
    return undefined
  }
}
