/** Catalogue ids of well-known Bitcoin wallets (AppKit's PresetsUtil.ConnectorExplorerIds), so an installed one matches its entry. */
export const EXPLORER_IDS: Record<string, string> = {
  'Xverse Wallet': '2a87d74ae02e10bdd1f51f7ce6c4e1cc53cd5f2c0b6b5ad0d7b3007d2b13de7b',
  Leather: '483afe1df1df63daf313109971ff3ef8356ddf1cc4e45877d205eee0b7893a13',
  Phantom: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393',
  'OKX Wallet': '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709',
  'Magic Eden': '8b830a2b724a9c3fbab63af6f55ed29c9dfa8a55e732dc88c80a196a2ba136c6',
  'Bitget Wallet': '38f5d18bd8522c244bdd70cb4a68e0e718865155811c043f052fb9f1c51de662',
  'Binance Wallet': '2fafea35bb471d22889ccb49c08d99dd0a18a37982602c33f696a5723934ba25',
}
