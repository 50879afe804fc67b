import * as v from 'valibot'
import { walletNameByImageId } from '../catalogue.ts'
import { parse, type Reply } from '../http.ts'
import type { Route } from '../router.ts'
import { AssetId, SdkQuery } from '../schemas.ts'
import { iconSvg, initials, svgReply } from '../svg.ts'

const Params = v.object({ id: AssetId })

/** Short symbol-like ids (ETH, USDC, USD) are printed on their icon; other ids get a plain tile. */
const symbolLabel = (id: string) => (/^[A-Za-z0-9]{1,5}$/.test(id) ? id.toUpperCase() : '')

function assetRoute(path: RegExp, label: (id: string) => string): Route {
  return {
    method: 'GET',
    path,
    access: 'public',
    handle({ params }): Reply {
      const { id } = parse(Params, params, 'path')
      return svgReply(iconSvg(id, label(id)))
    },
  }
}

export const imageRoutes: Route[] = [
  {
    method: 'GET',
    path: /^\/getWalletImage\/(?<id>[^/]+)$/,
    access: 'query',
    handle({ params, query }): Reply {
      parse(v.object(SdkQuery), query, 'query')
      const { id } = parse(Params, params, 'path')
      const name = walletNameByImageId(id)
      return svgReply(iconSvg(id, name ? initials(name) : ''))
    },
  },
  assetRoute(/^\/public\/getAssetImage\/(?<id>[^/]+)$/, symbolLabel),
  assetRoute(/^\/public\/getCurrencyImage\/(?<id>[^/]+)$/, symbolLabel),
  assetRoute(/^\/public\/getTokenImage\/(?<id>[^/]+)$/, symbolLabel),
  // Avatars of the names registry (see routes/identity.ts).
  {
    method: 'GET',
    path: /^\/public\/avatar\/(?<id>[^/]+)$/,
    access: 'public',
    handle({ params }): Reply {
      const { id } = parse(Params, params, 'path')
      return svgReply(iconSvg(`avatar:${id}`, initials(id), 'circle'))
    },
  },
]
