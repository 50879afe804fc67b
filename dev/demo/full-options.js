// The createAppKit options that turn on everything the local stack runs, shared by the script-tag
// and ESM demos: e-mail and social logins (Farcaster among them) through the embedded wallet's
// secure site, its smart accounts (ERC-4337 on the local bundlers) and smart sessions, swaps,
// onramp, names and history (on by default; listed so the page says what it shows).
window.demoOptions = (config) => ({
  projectId: config.projectId,
  metadata: { name: 'Postern demo', description: 'The Postern demo', url: location.origin, icons: [] },
  apiUrl: config.apiUrl,
  blockchainApiUrl: config.blockchainApiUrl,
  relayUrl: config.relayUrl,
  rpcUrls: config.rpcUrls,
  secureSiteUrl: config.secureSiteUrl,
  defaultAccountTypes: { eip155: 'smartAccount' },
  features: {
    email: true,
    socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    emailShowWallets: true,
    swaps: true,
    onramp: true,
    send: true,
    receive: true,
    history: true,
    smartSessions: true,
  },
})
