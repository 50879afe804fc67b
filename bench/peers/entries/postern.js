// Postern, ESM entry: the same options as the AppKit + wagmi entry (mainnet, an EVM adapter that
// lists the injected wallets), then open().
import { createAppKit } from 'postern';
import { mainnet } from 'postern/networks';
import { eip155 } from 'postern/adapters';

const projectId = '0123456789abcdef0123456789abcdef'; // fake
const modal = createAppKit({
  projectId,
  networks: [mainnet],
  adapters: [eip155()],
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
