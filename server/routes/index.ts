import type { Route } from '../router.ts'
import { authRoutes } from './auth.ts'
import { balanceRoutes } from './balance.ts'
import { chainRoutes } from './chains.ts'
import { convertRoutes } from './convert.ts'
import { historyRoutes } from './history.ts'
import { identityRoutes } from './identity.ts'
import { imageRoutes } from './images.ts'
import { nameRoutes } from './names.ts'
import { onrampRoutes } from './onramp.ts'
import { payRoutes } from './pay.ts'
import { payTransferRoutes } from './pay-transfers.ts'
import { projectRoutes } from './project.ts'
import { walletRoutes } from './wallets.ts'
import { emailAuthRoutes } from '../auth-email/routes.ts'
import { smartAccountRoutes } from '../auth-email/smart-accounts.ts'
import { eventRoutes } from '../events.ts'
import { frameOriginRoutes } from './frame-origin.ts'
import { cosignerRoutes } from './cosigner.ts'
import { walletRpcRoutes } from './wallet-rpc.ts'
import { appkitConfigRoutes } from './appkit-config.ts'

/** Every endpoint: the provider API, then the blockchain API. */
export const routes: Route[] = [
  ...walletRoutes,
  ...imageRoutes,
  ...projectRoutes,
  ...eventRoutes,
  ...balanceRoutes,
  ...historyRoutes,
  ...identityRoutes,
  ...chainRoutes,
  ...convertRoutes,
  ...nameRoutes,
  ...onrampRoutes,
  ...payRoutes,
  ...payTransferRoutes,
  ...authRoutes,
  ...frameOriginRoutes,
  ...emailAuthRoutes,
  ...smartAccountRoutes,
  ...cosignerRoutes,
  ...walletRpcRoutes,
  ...appkitConfigRoutes,
]
