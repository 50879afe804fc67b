// Postern injected test wallet: an EIP-1193 provider announced by EIP-6963, backed by local
// anvil nodes. Plain browser script with no imports; add it with a <script> tag or
// Playwright's addInitScript, then call PosternTestWallet.install(options).
// Types and docs for tests: ./index.ts.
;(() => {
  'use strict'
  if (typeof window === 'undefined') return
  // Loaded twice (a script tag plus an init script): keep the first copy and its wallets.
  if (window.PosternTestWallet) return

  // Addresses of anvil's 10 unlocked accounts for the 'test test ... junk' mnemonic (dev/chains/anvil.ts).
  const ANVIL_ACCOUNTS = [
    '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
    '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
    '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
    '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
  ]
  // Methods a real extension shows a confirmation for.
  const APPROVAL_METHODS = new Set([
    'eth_requestAccounts',
    'wallet_requestPermissions',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'personal_sign',
    'eth_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
  ])
  const POLICIES = ['approve', 'reject', 'hang']
  const OPTION_KEYS = new Set(['name', 'rdns', 'uuid', 'icon', 'chains', 'chainId', 'accountIndex', 'legacy', 'autoApprove', 'assets'])
  const STORAGE_PREFIX = 'posternTestWallet:'
  const RDNS_RE = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/i
  const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
  const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/
  const HEX_RE = /^0x([0-9a-fA-F]{2})*$/
  // EIP-3085/3326 chain ids: hex without leading zeros.
  const CHAIN_ID_RE = /^0x[1-9a-fA-F][0-9a-fA-F]*$/

  class ProviderRpcError extends Error {
    constructor(code, message, data) {
      super(message)
      this.name = 'ProviderRpcError'
      this.code = code
      if (data !== undefined) this.data = data
    }
  }
  const userRejected = () => new ProviderRpcError(4001, 'User rejected the request.')
  const unauthorized = () =>
    new ProviderRpcError(4100, 'The requested account and/or method has not been authorized by the user.')
  const unsupported = (method) =>
    new ProviderRpcError(4200, `The Provider does not support the requested method: ${method}`)
  const invalidParams = (message) => new ProviderRpcError(-32602, message)

  const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)
  const toHex = (n) => '0x' + n.toString(16)
  const sameAddress = (a, b) => a.toLowerCase() === b.toLowerCase()
  const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)))
  const optionError = (message) => new TypeError(`PosternTestWallet.install: ${message}`)

  function randomUuid() {
    if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
    // randomUUID only exists in secure contexts; getRandomValues exists everywhere.
    const b = crypto.getRandomValues(new Uint8Array(16))
    b[6] = (b[6] & 0x0f) | 0x40
    b[8] = (b[8] & 0x3f) | 0x80
    const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
  }

  function defaultIcon(name, rdns) {
    let hash = 0
    for (const c of rdns) hash = (hash * 31 + c.charCodeAt(0)) >>> 0
    const letter = (Array.from(name.trim())[0] || '?')
      .toUpperCase()
      .replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`)
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">' +
      `<rect width="96" height="96" rx="24" fill="hsl(${hash % 360},62%,46%)"/>` +
      '<text x="48" y="63" font-family="system-ui,sans-serif" font-size="46" font-weight="700" ' +
      `text-anchor="middle" fill="#fff">${letter}</text></svg>`
    return 'data:image/svg+xml,' + encodeURIComponent(svg)
  }

  function validateRpcUrl(url, where) {
    let parsed
    try {
      parsed = new URL(url)
    } catch {
      throw optionError(`${where} must be an http(s) URL, got ${JSON.stringify(url)}`)
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
      throw optionError(`${where} must be an http(s) URL, got ${JSON.stringify(url)}`)
  }

  function validateOptions(options) {
    if (!isObject(options)) throw optionError('options must be an object')
    for (const key of Object.keys(options)) if (!OPTION_KEYS.has(key)) throw optionError(`unknown option "${key}"`)
    const { name, rdns, uuid, icon, chains, chainId, accountIndex, legacy, autoApprove, assets } = options
    if (typeof name !== 'string' || name.trim() === '') throw optionError('name must be a non-empty string')
    if (typeof rdns !== 'string' || !RDNS_RE.test(rdns))
      throw optionError(`rdns must be a reverse domain name such as "com.example.wallet", got ${JSON.stringify(rdns)}`)
    if (uuid !== undefined && (typeof uuid !== 'string' || !UUID_RE.test(uuid)))
      throw optionError(`uuid must be a UUID, got ${JSON.stringify(uuid)}`)
    if (icon !== undefined && (typeof icon !== 'string' || !icon.startsWith('data:image/')))
      throw optionError('icon must be a data:image/ URI (EIP-6963)')
    if (!isObject(chains) || Object.keys(chains).length === 0)
      throw optionError('chains must be a non-empty object of { "<decimal chain id>": "<rpc url>" }')
    const chainMap = new Map()
    for (const [key, url] of Object.entries(chains)) {
      const id = Number(key)
      if (!/^[1-9][0-9]*$/.test(key) || !Number.isSafeInteger(id))
        throw optionError(`chains keys must be decimal chain ids, got ${JSON.stringify(key)}`)
      if (typeof url !== 'string') throw optionError(`chains["${key}"] must be an RPC URL string`)
      validateRpcUrl(url, `chains["${key}"]`)
      chainMap.set(id, url)
    }
    if (chainId !== undefined && (!Number.isSafeInteger(chainId) || !chainMap.has(chainId)))
      throw optionError(`chainId must be one of the chains' ids (${[...chainMap.keys()].join(', ')}), got ${JSON.stringify(chainId)}`)
    let indexes = [0]
    if (accountIndex !== undefined) {
      if (!Array.isArray(accountIndex) || accountIndex.length === 0)
        throw optionError('accountIndex must be a non-empty array of indexes 0..9')
      for (const i of accountIndex)
        if (!Number.isInteger(i) || i < 0 || i >= ANVIL_ACCOUNTS.length)
          throw optionError(`accountIndex entries must be integers 0..9, got ${JSON.stringify(i)}`)
      if (new Set(accountIndex).size !== accountIndex.length) throw optionError('accountIndex has duplicates')
      indexes = accountIndex
    }
    if (legacy !== undefined && typeof legacy !== 'boolean') throw optionError('legacy must be a boolean')
    if (autoApprove !== undefined && typeof autoApprove !== 'boolean') throw optionError('autoApprove must be a boolean')
    if (assets !== undefined && !isObject(assets)) throw optionError('assets must be an object of { "<hex chain id>": [asset, ...] }')
    return {
      assets,
      name,
      rdns,
      uuid: uuid ?? randomUuid(),
      icon: icon ?? defaultIcon(name, rdns),
      chains: chainMap,
      chainId: chainId ?? chainMap.keys().next().value,
      accounts: indexes.map((i) => ANVIL_ACCOUNTS[i]),
      legacy: legacy === true,
      autoApprove: autoApprove !== false,
    }
  }

  // The page's localStorage stands in for the extension's per-site memory; unusable storage
  // (opaque origins) or a corrupt entry means a fresh wallet, never a crash.
  function readStored(key) {
    try {
      const raw = window.localStorage.getItem(key)
      if (raw === null) return null
      const data = JSON.parse(raw)
      if (!isObject(data) || data.v !== 1) return null
      const added = new Map()
      if (isObject(data.addedChains))
        for (const [k, url] of Object.entries(data.addedChains))
          if (/^[1-9][0-9]*$/.test(k) && typeof url === 'string') added.set(Number(k), url)
      return {
        authorized: data.authorized === true,
        chainId: Number.isSafeInteger(data.chainId) ? data.chainId : null,
        addedChains: added,
      }
    } catch {
      return null
    }
  }
  function writeStored(key, value) {
    try {
      if (value === null) window.localStorage.removeItem(key)
      else window.localStorage.setItem(key, JSON.stringify(value))
    } catch {
      // no storage for this origin: state lives for this page only
    }
  }

  // --- param checks for the methods the wallet answers itself ---
  function paramList(params, method, min) {
    if (!Array.isArray(params) || params.length < min)
      throw invalidParams(`${method} expects an array of at least ${min} param${min === 1 ? '' : 's'}`)
    return params
  }
  function chainIdParam(value, method) {
    if (typeof value !== 'string' || !CHAIN_ID_RE.test(value))
      throw invalidParams(`${method}: chainId must be a 0x-prefixed hex string without leading zeros, got ${JSON.stringify(value)}`)
    const id = Number.parseInt(value, 16)
    if (!Number.isSafeInteger(id)) throw invalidParams(`${method}: chainId ${value} is too large`)
    return id
  }
  function addressParam(value, method) {
    if (typeof value !== 'string' || !ADDRESS_RE.test(value))
      throw invalidParams(`${method}: expected an address, got ${JSON.stringify(value)}`)
    return value
  }
  function permissionsParam(params, method) {
    const [request] = paramList(params, method, 1)
    if (!isObject(request) || !isObject(request.eth_accounts))
      throw invalidParams(`${method} expects [{ eth_accounts: {} }]`)
  }
  function addChainParam(params) {
    const method = 'wallet_addEthereumChain'
    const [p] = paramList(params, method, 1)
    if (!isObject(p)) throw invalidParams(`${method} expects [{ chainId, chainName, rpcUrls, nativeCurrency }]`)
    const id = chainIdParam(p.chainId, method)
    if (typeof p.chainName !== 'string' || p.chainName.trim() === '')
      throw invalidParams(`${method}: chainName must be a non-empty string`)
    if (!Array.isArray(p.rpcUrls) || p.rpcUrls.length === 0)
      throw invalidParams(`${method}: rpcUrls must be a non-empty array`)
    for (const url of p.rpcUrls) {
      let ok = false
      try {
        const u = new URL(url)
        ok = u.protocol === 'http:' || u.protocol === 'https:'
      } catch {}
      if (!ok) throw invalidParams(`${method}: rpcUrls must be http(s) URLs, got ${JSON.stringify(url)}`)
    }
    const c = p.nativeCurrency
    if (
      !isObject(c) ||
      typeof c.name !== 'string' ||
      c.name === '' ||
      typeof c.symbol !== 'string' ||
      c.symbol.length < 1 ||
      c.symbol.length > 6 ||
      c.decimals !== 18
    )
      throw invalidParams(`${method}: nativeCurrency must be { name, symbol (1-6 chars), decimals: 18 }`)
    if (p.blockExplorerUrls !== undefined && p.blockExplorerUrls !== null && !Array.isArray(p.blockExplorerUrls))
      throw invalidParams(`${method}: blockExplorerUrls must be an array`)
    return { id, rpcUrl: p.rpcUrls[0] }
  }
  function messageParam(value, method) {
    if (typeof value !== 'string') throw invalidParams(`${method}: message must be a string`)
    if (HEX_RE.test(value)) return value
    // Like extension wallets, accept plain text and sign its UTF-8 bytes.
    return '0x' + Array.from(new TextEncoder().encode(value), (b) => b.toString(16).padStart(2, '0')).join('')
  }

  function createWallet(config) {
    const storageKey = STORAGE_PREFIX + config.rdns
    const listeners = new Map()
    const log = []
    const overrides = new Map()
    let defaultPolicy = config.autoApprove ? 'approve' : 'hang'
    let accounts = config.accounts.slice()
    let chains, chainId, authorized

    function load() {
      const stored = readStored(storageKey)
      chains = new Map(config.chains)
      if (stored) for (const [id, url] of stored.addedChains) if (!chains.has(id)) chains.set(id, url)
      chainId = stored && stored.chainId !== null && chains.has(stored.chainId) ? stored.chainId : config.chainId
      authorized = stored ? stored.authorized : false
    }
    function persist() {
      const addedChains = {}
      for (const [id, url] of chains) if (!config.chains.has(id)) addedChains[id] = url
      writeStored(storageKey, { v: 1, authorized, chainId, addedChains })
    }
    load()

    function emit(event, payload) {
      const set = listeners.get(event)
      if (!set) return
      for (const listener of [...set]) {
        try {
          listener(payload)
        } catch (error) {
          // A failing listener must not break the wallet; surface it like an uncaught error.
          setTimeout(() => {
            throw error
          })
        }
      }
    }
    const visibleAccounts = () => (authorized ? accounts.slice() : [])
    function setAuthorized(value) {
      const before = visibleAccounts()
      authorized = value
      persist()
      const after = visibleAccounts()
      if (before.length !== after.length || before.some((a, i) => a !== after[i])) emit('accountsChanged', after)
    }
    function switchTo(id) {
      if (id === chainId) return
      chainId = id
      persist()
      emit('chainChanged', toHex(id))
    }
    function policyFor(method) {
      return overrides.get(method) ?? (APPROVAL_METHODS.has(method) ? defaultPolicy : 'approve')
    }
    // The confirmation a person would see, decided by the policy in force at that moment.
    function prompt(entry) {
      const policy = policyFor(entry.method)
      entry.prompt = policy
      if (policy === 'reject') return Promise.reject(userRejected())
      if (policy === 'hang') return new Promise(() => {})
      return Promise.resolve()
    }
    function requireAccount(address) {
      if (!authorized || !accounts.some((a) => sameAddress(a, address))) throw unauthorized()
    }
    function permissions() {
      if (!authorized) return []
      return [
        {
          parentCapability: 'eth_accounts',
          invoker: window.location.origin,
          caveats: [{ type: 'restrictReturnedAccounts', value: accounts.slice() }],
        },
      ]
    }

    async function forward(method, params) {
      const url = chains.get(chainId)
      let response
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
        })
        response = await res.json()
      } catch (error) {
        throw new ProviderRpcError(-32603, `RPC request to ${url} failed: ${error && error.message}`)
      }
      if (!isObject(response)) throw new ProviderRpcError(-32603, `RPC at ${url} returned no JSON-RPC response`)
      if (response.error) {
        const { code, message, data } = response.error
        throw new ProviderRpcError(typeof code === 'number' ? code : -32603, String(message ?? 'RPC error'), data)
      }
      return response.result
    }

    async function answer(method, params, entry) {
      switch (method) {
        case 'eth_chainId':
          return toHex(chainId)
        case 'net_version':
          return String(chainId)
        case 'eth_accounts':
          return visibleAccounts()
        case 'eth_coinbase':
          return visibleAccounts()[0] ?? null
        case 'eth_requestAccounts':
          // A site the wallet already trusts gets its accounts without a prompt.
          if (authorized) return visibleAccounts()
          await prompt(entry)
          setAuthorized(true)
          return visibleAccounts()
        case 'wallet_requestPermissions':
          permissionsParam(params, method)
          await prompt(entry)
          setAuthorized(true)
          return permissions()
        case 'wallet_getPermissions':
          return permissions()
        case 'wallet_revokePermissions':
          permissionsParam(params, method)
          setAuthorized(false)
          return null
        case 'wallet_switchEthereumChain': {
          const [p] = paramList(params, method, 1)
          if (!isObject(p)) throw invalidParams(`${method} expects [{ chainId }]`)
          const id = chainIdParam(p.chainId, method)
          if (!chains.has(id))
            throw new ProviderRpcError(
              4902,
              `Unrecognized chain ID "${toHex(id)}". Try adding the chain using wallet_addEthereumChain first.`,
            )
          if (id === chainId) return null
          await prompt(entry)
          switchTo(id)
          return null
        }
        case 'wallet_addEthereumChain': {
          const { id, rpcUrl } = addChainParam(params)
          await prompt(entry)
          // A chain the wallet already knows keeps its RPC, as extension wallets do.
          if (!chains.has(id)) chains.set(id, rpcUrl)
          persist()
          switchTo(id)
          return null
        }
        case 'personal_sign': {
          const [message, address] = paramList(params, method, 2)
          const data = messageParam(message, method)
          requireAccount(addressParam(address, method))
          await prompt(entry)
          return forward(method, [data, address])
        }
        case 'eth_sign': {
          const [address, data] = paramList(params, method, 2)
          requireAccount(addressParam(address, method))
          if (typeof data !== 'string' || !HEX_RE.test(data)) throw invalidParams(`${method}: data must be hex`)
          await prompt(entry)
          return forward(method, [address, data])
        }
        case 'eth_signTypedData_v4': {
          const [address, typed] = paramList(params, method, 2)
          requireAccount(addressParam(address, method))
          let parsed = typed
          if (typeof typed === 'string') {
            try {
              parsed = JSON.parse(typed)
            } catch {
              throw invalidParams(`${method}: typed data is not valid JSON`)
            }
          }
          if (!isObject(parsed) || !isObject(parsed.types) || typeof parsed.primaryType !== 'string')
            throw invalidParams(`${method}: typed data needs types, primaryType, domain and message`)
          await prompt(entry)
          return forward(method, [address, typed])
        }
        case 'eth_sendTransaction':
        case 'eth_signTransaction': {
          const [tx] = paramList(params, method, 1)
          if (!isObject(tx)) throw invalidParams(`${method} expects [transaction]`)
          if (!authorized) throw unauthorized()
          const from = tx.from === undefined ? accounts[0] : addressParam(tx.from, method)
          if (from === undefined) throw unauthorized()
          requireAccount(from)
          await prompt(entry)
          return forward(method, [{ ...tx, from }])
        }
        // EIP-7811, only for a wallet given `assets`: it reports asset discovery on those chains and
        // answers with what the test gave it, as is (so tests can hand the modal malformed answers).
        case 'wallet_getCapabilities':
          if (!config.assets) throw unsupported(method)
          return Object.fromEntries(Object.keys(config.assets).map((hex) => [hex, { assetDiscovery: { supported: true } }]))
        case 'wallet_getAssets': {
          if (!config.assets) throw unsupported(method)
          const [query] = paramList(params, method, 1)
          const filter = isObject(query) && Array.isArray(query.chainFilter) ? query.chainFilter : Object.keys(config.assets)
          return Object.fromEntries(filter.filter((hex) => hex in config.assets).map((hex) => [hex, config.assets[hex]]))
        }
        default:
          // wallet_* are the wallet's own methods; the ones not implemented here are unsupported.
          if (method.startsWith('wallet_')) throw unsupported(method)
          return forward(method, params)
      }
    }

    async function request(args) {
      if (!isObject(args) || typeof args.method !== 'string' || args.method === '')
        throw new ProviderRpcError(-32600, 'request expects a single object argument { method: string, params? }')
      const { method, params } = args
      if (params !== undefined && (typeof params !== 'object' || params === null))
        throw new ProviderRpcError(-32600, `${method}: params must be an array or an object`)
      let paramsCopy
      try {
        paramsCopy = clone(params)
      } catch {
        throw new ProviderRpcError(-32600, `${method}: params must be JSON data`)
      }
      const entry = { method, params: paramsCopy, outcome: 'pending', prompt: null }
      log.push(entry)
      if (overrides.has(method) && !APPROVAL_METHODS.has(method)) {
        // Tests may script any method (e.g. make a read hang); approval methods prompt in place.
        try {
          await prompt(entry)
        } catch (error) {
          entry.outcome = 'rejected'
          entry.error = { code: error.code, message: error.message }
          throw error
        }
      }
      try {
        const result = await answer(method, params, entry)
        entry.outcome = 'ok'
        entry.result = clone(result)
        return result
      } catch (caught) {
        const error =
          caught instanceof ProviderRpcError
            ? caught
            : new ProviderRpcError(-32603, String((caught && caught.message) || caught))
        entry.outcome = error.code === 4001 ? 'rejected' : 'error'
        entry.error = { code: error.code, message: error.message }
        if (error.data !== undefined) entry.error.data = clone(error.data)
        throw error
      }
    }

    const provider = {
      isPosternTestWallet: true,
      request,
      on(event, listener) {
        if (typeof event !== 'string' || typeof listener !== 'function')
          throw new TypeError('provider.on(event: string, listener: function)')
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event).add(listener)
        return provider
      },
      once(event, listener) {
        const wrapped = (payload) => {
          provider.removeListener(event, wrapped)
          listener(payload)
        }
        wrapped.original = listener
        return provider.on(event, wrapped)
      },
      removeListener(event, listener) {
        const set = listeners.get(event)
        // Also removes a once() wrapper when given the listener it wraps.
        if (set) for (const l of set) if (l === listener || l.original === listener) set.delete(l)
        return provider
      },
    }
    provider.off = provider.removeListener

    const info = Object.freeze({ uuid: config.uuid, name: config.name, icon: config.icon, rdns: config.rdns })
    const detail = Object.freeze({ info, provider })
    const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))

    const handle = {
      provider,
      info,
      get requests() {
        // structuredClone keeps `params: undefined` for calls made without params.
        return log.map((entry) => structuredClone(entry))
      },
      get state() {
        return {
          authorized,
          accounts: accounts.slice(),
          chainId,
          chains: Object.fromEntries([...chains].map(([id, url]) => [String(id), url])),
          policy: { default: defaultPolicy, ...Object.fromEntries(overrides) },
        }
      },
      setPolicy(policy, methods) {
        if (!POLICIES.includes(policy))
          throw new TypeError(`setPolicy: policy must be one of ${POLICIES.join(', ')}, got ${JSON.stringify(policy)}`)
        if (methods === undefined) {
          defaultPolicy = policy
          overrides.clear()
          return
        }
        if (!Array.isArray(methods) || methods.some((m) => typeof m !== 'string' || m === ''))
          throw new TypeError('setPolicy: methods must be an array of method names')
        for (const m of methods) overrides.set(m, policy)
      },
      clearLog() {
        log.length = 0
      },
      setAccounts(addresses) {
        if (!Array.isArray(addresses) || addresses.some((a) => typeof a !== 'string' || !ADDRESS_RE.test(a)))
          throw new TypeError('setAccounts: expected an array of 0x-prefixed 20-byte addresses')
        accounts = addresses.slice()
        if (authorized) emit('accountsChanged', accounts.slice())
      },
      emit(event, payload) {
        if (typeof event !== 'string' || event === '') throw new TypeError('emit: event must be a non-empty string')
        emit(event, payload)
      },
      disconnect() {
        // The person disconnected the site in the wallet: forget it, and tell the page.
        authorized = false
        persist()
        emit('disconnect', new ProviderRpcError(4900, 'The provider is disconnected from all chains.'))
      },
      reset() {
        const wasAuthorized = authorized
        const previousChain = chainId
        writeStored(storageKey, null)
        log.length = 0
        overrides.clear()
        defaultPolicy = config.autoApprove ? 'approve' : 'hang'
        accounts = config.accounts.slice()
        load()
        if (wasAuthorized) emit('accountsChanged', [])
        if (previousChain !== chainId) emit('chainChanged', toHex(chainId))
      },
    }

    return { handle, announce, legacy: config.legacy, connect: () => emit('connect', { chainId: toHex(chainId) }) }
  }

  const wallets = new Map()

  function install(options) {
    const config = validateOptions(options)
    if (wallets.has(config.rdns)) throw optionError(`a wallet with rdns "${config.rdns}" is already installed`)
    const wallet = createWallet(config)
    wallets.set(config.rdns, wallet)
    if (wallet.legacy && window.ethereum === undefined) window.ethereum = wallet.handle.provider
    wallet.announce()
    // After the current task, so a page that takes the provider from the announcement can listen first.
    setTimeout(wallet.connect, 0)
    return wallet.handle
  }

  window.addEventListener('eip6963:requestProvider', () => {
    for (const wallet of wallets.values()) wallet.announce()
  })

  const api = Object.freeze({
    version: 1,
    install,
    get(rdns) {
      const wallet = wallets.get(rdns)
      if (!wallet) throw new Error(`PosternTestWallet.get: no wallet with rdns ${JSON.stringify(rdns)} is installed`)
      return wallet.handle
    },
    list() {
      return [...wallets.keys()]
    },
  })
  Object.defineProperty(window, 'PosternTestWallet', { value: api, enumerable: false, configurable: false, writable: false })
})();
