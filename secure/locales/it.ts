import type { Messages } from '../../src/i18n/types'

// it: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Il tuo wallet integrato",
  "Loading…": "Caricamento…",
  "Account": "Account",
  "Signed in as": "Accesso effettuato come",
  "Owner address (EVM)": "Indirizzo del proprietario (EVM)",
  "Solana address": "Indirizzo Solana",
  "Upgrade to a self-custodial wallet": "Passa a un wallet in autocustodia",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "La tua chiave privata dà il pieno controllo di questo account e di tutto ciò che contiene. Chiunque la veda può prendere i tuoi fondi e nessuno può annullarlo. Mostrala solo dove nessuno può vedere il tuo schermo, non condividerla mai né incollarla in un sito web e importala solo in un'app wallet di cui ti fidi. Da quel momento quel wallet custodisce la chiave: conserva al sicuro la sua frase di recupero.",
  "I understand: anyone with this key controls my funds.": "Ho capito: chiunque abbia questa chiave controlla i miei fondi.",
  "Reveal my private keys": "Mostra le mie chiavi private",
  "EVM private key": "Chiave privata EVM",
  "Solana private key (base58)": "Chiave privata Solana (base58)",
  "Hide the keys": "Nascondi le chiavi",
  "Log out of this browser": "Esci da questo browser",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Termina qui la sessione del wallet integrato: per sicurezza, i siti che lo usano dovranno riconnettersi.",
  "This secure site is not set up (config.js is missing).": "Questo sito sicuro non è configurato (manca config.js).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "Nessun wallet integrato ha effettuato l'accesso in questo browser. Connettiti prima sul sito con la tua e-mail o con un accesso social, poi riapri questa pagina.",
  "Logged in.": "Accesso effettuato.",
  "Your private keys are shown below. Hide them when you are done.": "Le tue chiavi private sono mostrate qui sotto. Nascondile quando hai finito.",
  "The keys could not be loaded.": "Impossibile caricare le chiavi.",
  "The keys are hidden.": "Le chiavi sono nascoste.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Sei uscito da questo browser. I siti che usano questo wallet ti chiederanno di riconnetterti.",
  "Something went wrong": "Qualcosa è andato storto",
  "The key shares do not match": "Le parti della chiave non corrispondono",
  "Not logged in": "Accesso non effettuato",
  "No e-mail login is pending": "Nessun accesso via e-mail in sospeso",
  "An error occurred": "Si è verificato un errore",
  "Approve this device": "Approva questo dispositivo",
  "Approving…": "Approvazione in corso…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Questo dispositivo è approvato. Torna al sito: un codice di accesso sta arrivando a {email}.",
  "This link could not be used.": "Impossibile usare questo link.",
  "The approval could not reach the server. Try the link again.": "L'approvazione non ha raggiunto il server. Riprova il link.",
}

export default messages
