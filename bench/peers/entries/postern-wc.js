// Postern, ESM entry with no adapter: the same options as the AppKit no-adapter entry, then open()
// (opens on the WalletConnect view, which starts a pairing).
import { createAppKit } from 'postern';
import { mainnet } from 'postern/networks';

const projectId = '0123456789abcdef0123456789abcdef'; // fake
const modal = createAppKit({
  projectId,
  networks: [mainnet],
  metadata: { name: 'peerbench', description: 'peerbench', url: location.origin, icons: [] },
});
// '#tap' (the phone profile's second page): the modal opens on a tap on the site's connect button instead.
if (location.hash === '#tap') {
  const button = document.body.appendChild(document.createElement('button'));
  button.id = 'pb-connect';
  button.textContent = 'Connect';
  button.addEventListener('click', () => modal.open());
} else {
  modal.open();
}
