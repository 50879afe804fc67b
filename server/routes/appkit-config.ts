// GET /appkit/v1/config: AppKit 1.8's remote project configuration (ApiController.fetchProjectConfig),
// in AppKit's shape ({ features: TypedFeatureConfig[] }), for the projects whose owner configured
// features here (APPKIT_FEATURES), plus the URL of the secure site those projects use
// (SECURE_SITE_URL), so a site that names none still gets e-mail and social login. A project
// without a configuration gets an empty list: the site's own options stand.
import * as v from 'valibot'
import { parse } from '../http.ts'
import type { Route } from '../router.ts'
import { SdkQuery } from '../schemas.ts'

/** What a site owner configures for one project: e-mail login and the social providers. */
export interface ProjectFeatures {
  email: boolean
  socials: string[]
}

export interface RemoteConfigOptions {
  /** The secure site (embedded wallet) the configured projects use. */
  secureSiteUrl?: string
  /** Features by project id. */
  projects: Record<string, ProjectFeatures>
}

const Query = v.object(SdkQuery)
/** A configuration changes rarely; a minute of staleness is fine. */
const CACHE = { 'cache-control': 'public, max-age=60' }

/** AppKit's answer for one project: `social_login` lists 'email' beside the providers, as Reown's cloud does. */
export function projectConfig(config: RemoteConfigOptions | undefined, projectId: string): { features: unknown[]; secureSiteUrl?: string } {
  const project = config?.projects[projectId]
  if (!project) return { features: [] }
  const login = [...(project.email ? ['email'] : []), ...project.socials]
  return {
    features: [{ id: 'social_login', isEnabled: login.length > 0, config: login }],
    ...(config.secureSiteUrl && { secureSiteUrl: config.secureSiteUrl }),
  }
}

export const appkitConfigRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/appkit\/v1\/config$/,
    access: 'query',
    handle({ state, query }) {
      const { projectId } = parse(Query, query, 'query')
      return { json: projectConfig(state.remoteConfig, projectId), headers: CACHE }
    },
  },
]
