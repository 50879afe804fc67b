// The secure site's page: answers the modal's frame messages (SPEC section 7). It talks only to the
// page that embeds it (event.source is window.parent AND event.origin its origin), checks every
// message with valibot, and replies to that origin alone with the request's id.
import * as v from 'valibot'
import { AppMessage, APP, FRAME, type AppType } from '../src/utils/frame-messages'
import { ancestorOrigins, originAllowed, parentOrigin, readConfig } from './config'
import { AuthError, createCustody } from './custody'
import { askApproval, cancelApprovals, type ApprovalDetails } from './approve'
import { applyTheme } from './theme'
import { handleRpc, RpcError } from './rpc'
import { socialCallback, socialRedirectUri } from './social'
import { createFarcaster, farcasterLogin } from './farcaster'
import { createSmart } from './smart'
import { CALLS_METHODS, handleSmartRpc } from './smart-rpc'
import { handleSolanaRpc } from './solana'

const config = readConfig()
const origin = parentOrigin()
const custody = createCustody(config)
const smart = createSmart(config)
const farcaster = createFarcaster(config, (token) => custody.connectToken(token))
const chain = { id: config.chainId, rpcUrl: undefined as string | undefined }
// enableAuthLogger: the site's console output (its warnings and errors, AppKit's default level) only when on.
const warn = (...args: unknown[]) => config.logger && console.warn('[postern secure]', ...args)
const logError = (...args: unknown[]) => config.logger && console.error('[postern secure]', ...args)

const CHANGE_WARNING = 'Whoever reads the new address can log in to this wallet and use its key. Approve only if that address is yours.'

const post = (message: Record<string, unknown>) => origin && window.parent.postMessage(message, origin)
/** The visitor's approval in this frame, the page told to show the frame while it is asked. */
const approveInFrame = (details: ApprovalDetails) => askApproval(details, () => post({ type: `${FRAME}SHOW` }), () => post({ type: `${FRAME}HIDE` }))

const Origins = v.object({ allowedOrigins: v.array(v.string()) })
/** SPEC section 5: the embedding origin, and every origin above it, must be on the project's allowed list; any doubt refuses. */
async function verifyOrigin(): Promise<boolean> {
  if (!origin) return false
  try {
    const res = await fetch(`${config.authUrl}/projects/v1/origins?projectId=${encodeURIComponent(config.projectId)}&st=postern&sv=secure`)
    const parsed = v.safeParse(Origins, await res.json())
    return res.ok && parsed.success && ancestorOrigins().every((o) => originAllowed(o, parsed.output.allowedOrigins))
  } catch {
    return false
  }
}
const verified = verifyOrigin()

async function user() {
  const session = custody.session
  if (!session) throw new AuthError('Not logged in')
  // Social users are keyed 'social:<provider>:<subject>': no e-mail, the subject as user name.
  // Farcaster users are keyed 'farcaster:<fid>', the same way with their Farcaster user name.
  const social = /^social:[a-z]+:(.+)$/.exec(session.email) ?? farcasterLogin(session.email, session.username)
  // The account of the preferred type where this network has smart accounts, else the EOA.
  return { email: social ? null : session.email, userName: social ? social[1] : null, chainId: chain.id, solanaAddress: session.solana.address, ...(await smart.describe(session.account, chain.id, chain.rpcUrl)) }
}

function setChain(chainId: string | number | undefined, rpcUrl: string | undefined) {
  if (chainId !== undefined) {
    const id = Number(String(chainId).replace(/^eip155:/, ''))
    if (!Number.isSafeInteger(id) || id <= 0) throw new AuthError('Chain is not supported')
    chain.id = id
  }
  if (rpcUrl) chain.rpcUrl = rpcUrl
}

async function handle(message: AppMessage): Promise<unknown> {
  const type = message.type.slice(APP.length) as AppType
  switch (message.type) {
    case `${APP}SYNC_THEME`:
      document.documentElement.classList.toggle('dark', message.payload.themeMode === 'dark')
      applyTheme(document.documentElement, message.payload.themeVariables ?? {})
      return undefined
    case `${APP}SYNC_DAPP_DATA`:
      return undefined
    case `${APP}CONNECT_EMAIL`:
      return custody.connectEmail(message.payload.email)
    case `${APP}CONNECT_DEVICE`:
      return custody.connectDevice()
    case `${APP}CONNECT_OTP`:
      await custody.connectOtp(message.payload.otp)
      return undefined
    case `${APP}GET_SOCIAL_REDIRECT_URI`:
      return { uri: await socialRedirectUri(config, message.payload.provider) }
    case `${APP}CONNECT_SOCIAL`:
      smart.setPreferred(message.payload.preferredAccountType)
      await custody.connectSocial(await socialCallback())
      return user()
    case `${APP}GET_FARCASTER_URI`:
      return farcaster.uri()
    case `${APP}CONNECT_FARCASTER`:
      await farcaster.connect()
      return user()
    case `${APP}IS_CONNECTED`:
      return { isConnected: !!(await custody.restore()) }
    case `${APP}GET_USER`:
      await custody.restore()
      setChain(message.payload?.chainId, message.payload?.rpcUrl)
      smart.setPreferred(message.payload?.preferredAccountType)
      return user()
    case `${APP}GET_CHAIN_ID`:
      return { chainId: chain.id }
    case `${APP}SWITCH_NETWORK`: {
      setChain(message.payload.chainId, message.payload.rpcUrl)
      // The account follows the network: the smart account where the network has one and it is preferred, else the EOA.
      const address = custody.session ? (await user()).address : undefined
      return { chainId: chain.id, address }
    }
    case `${APP}SIGN_OUT`:
      await custody.signOut()
      return undefined
    case `${APP}GET_SMART_ACCOUNT_ENABLED_NETWORKS`:
      return { smartAccountEnabledNetworks: await smart.networks() }
    case `${APP}SET_PREFERRED_ACCOUNT`: {
      smart.setPreferred(message.payload.type)
      const { preferredAccountType: type, address } = await user()
      return { type, address }
    }
    case `${APP}INIT_SMART_ACCOUNT`: {
      const session = custody.session
      if (!session) throw new AuthError('Not logged in')
      if (!(await smart.enabled(chain.id))) throw new AuthError('account type not supported')
      const { account } = await smart.smartChain(session.account, chain.id, chain.rpcUrl)
      return { address: await account.getAddress(), isDeployed: await account.isDeployed() }
    }
    case `${APP}RPC_REQUEST`: {
      const session = custody.session
      if (!session) throw new AuthError('Not logged in')
      const { method, params } = message.payload
      if (message.payload.chainNamespace === 'solana') {
        return handleSolanaRpc({
          key: session.solana, chainId: message.payload.chainId, rpcUrl: message.payload.rpcUrl, origin: origin!,
          approve: approveInFrame,
        }, method, params)
      }
      setChain(message.payload.chainId, message.payload.rpcUrl)
      if (CALLS_METHODS.includes(method) || (await smart.typeFor(chain.id)) === 'smartAccount') {
        return handleSmartRpc({
          owner: session.account, chainId: chain.id, rpcUrl: chain.rpcUrl, origin: origin!, smart,
          approve: approveInFrame,
        }, method, params)
      }
      return handleRpc({
        account: session.account, chainId: chain.id, rpcUrl: chain.rpcUrl, origin: origin!,
        approve: approveInFrame,
      }, message.payload.method, message.payload.params)
    }
    case `${APP}UPDATE_EMAIL`: {
      // Whoever reads the new address can log in and take the key: the page that asks (and sees the
      // codes typed) must not move the wallet without the visitor's approval here.
      const session = custody.session
      if (!session) throw new AuthError('Not logged in')
      if (/^(social|farcaster):/.test(session.email)) throw new AuthError('Only an e-mail login can change its e-mail.')
      const details = { title: 'Change your wallet\'s e-mail', origin: origin!, rows: [['Current e-mail', session.email], ['New e-mail', message.payload.email]] as [string, string][], warning: CHANGE_WARNING }
      if (!(await approveInFrame(details))) throw new AuthError('The e-mail change was rejected in the wallet.')
      return custody.updateEmail(message.payload.email)
    }
    case `${APP}UPDATE_EMAIL_PRIMARY_OTP`:
      return custody.updateEmailPrimaryOtp(message.payload.otp)
    case `${APP}UPDATE_EMAIL_SECONDARY_OTP`:
      return custody.updateEmailSecondaryOtp(message.payload.otp)
    case `${APP}RPC_ABORT`:
      cancelApprovals()
      return undefined
    case `${APP}RELOAD`:
      setTimeout(() => location.reload(), 0)
      return undefined
    default:
      // Socials, Farcaster, smart accounts and e-mail updates are not served by this secure site yet.
      throw new AuthError(`${type} is not available`)
  }
}

window.addEventListener('message', (event: MessageEvent) => {
  // Only the embedding page, from its own origin: not another frame, not a popup, not ourselves.
  if (!origin || event.source !== window.parent || event.origin !== origin) return
  const parsed = v.safeParse(AppMessage, event.data)
  if (!parsed.success) {
    warn('dropped a message of the wrong shape:', v.summarize(parsed.issues))
    return
  }
  const { id, type } = parsed.output
  const name = type.slice(APP.length)
  verified.then((ok) => (ok ? handle(parsed.output) : Promise.reject(new AuthError('unverified_domain')))).then(
    (payload) => post({ id, type: `${FRAME}${name}_SUCCESS`, payload }),
    (error: unknown) => {
      const known = error instanceof AuthError || error instanceof RpcError
      if (!known) logError(error)
      const message = known ? error.message : 'An error occurred'
      post({ id, type: `${FRAME}${name}_ERROR`, payload: { message, ...(error instanceof RpcError && { code: error.code }) } })
    },
  )
})

void verified.then((ok) => post({ type: ok ? `${FRAME}READY` : `${FRAME}UNVERIFIED_DOMAIN` }))
