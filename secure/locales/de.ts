import type { Messages } from '../../src/i18n/types'

// de: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Deine eingebettete Wallet",
  "Loading…": "Wird geladen…",
  "Account": "Konto",
  "Signed in as": "Angemeldet als",
  "Owner address (EVM)": "Eigentümeradresse (EVM)",
  "Solana address": "Solana-Adresse",
  "Upgrade to a self-custodial wallet": "Zu einer selbstverwahrten Wallet wechseln",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Dein privater Schlüssel gibt volle Kontrolle über dieses Konto und alles darin. Wer ihn sieht, kann dein Guthaben nehmen, und niemand kann das rückgängig machen. Zeige ihn nur dort an, wo niemand deinen Bildschirm sehen kann, gib ihn niemals weiter, füge ihn nie in eine Website ein und importiere ihn nur in eine Wallet-App, der du vertraust. Danach verwahrt diese Wallet den Schlüssel: Bewahre ihre Wiederherstellungsphrase sicher auf.",
  "I understand: anyone with this key controls my funds.": "Ich verstehe: Wer diesen Schlüssel hat, kontrolliert mein Guthaben.",
  "Reveal my private keys": "Meine privaten Schlüssel anzeigen",
  "EVM private key": "Privater EVM-Schlüssel",
  "Solana private key (base58)": "Privater Solana-Schlüssel (base58)",
  "Hide the keys": "Schlüssel ausblenden",
  "Log out of this browser": "Von diesem Browser abmelden",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Beendet hier die Sitzung der eingebetteten Wallet: Websites, die sie nutzen, müssen sich aus Sicherheitsgründen neu verbinden.",
  "This secure site is not set up (config.js is missing).": "Diese sichere Website ist nicht eingerichtet (config.js fehlt).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "In diesem Browser ist keine eingebettete Wallet angemeldet. Verbinde dich zuerst auf der Website mit deiner E-Mail-Adresse oder einem Social Login und öffne diese Seite dann erneut.",
  "Logged in.": "Angemeldet.",
  "Your private keys are shown below. Hide them when you are done.": "Deine privaten Schlüssel werden unten angezeigt. Blende sie aus, wenn du fertig bist.",
  "The keys could not be loaded.": "Die Schlüssel konnten nicht geladen werden.",
  "The keys are hidden.": "Die Schlüssel sind ausgeblendet.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Du bist von diesem Browser abgemeldet. Websites, die diese Wallet nutzen, bitten dich, dich erneut zu verbinden.",
  "Something went wrong": "Etwas ist schiefgelaufen",
  "The key shares do not match": "Die Schlüsselteile passen nicht zusammen",
  "Not logged in": "Nicht angemeldet",
  "No e-mail login is pending": "Keine E-Mail-Anmeldung ausstehend",
  "An error occurred": "Ein Fehler ist aufgetreten",
  "Approve this device": "Dieses Gerät bestätigen",
  "Approving…": "Wird bestätigt…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Dieses Gerät ist bestätigt. Geh zurück zur Website: Ein Anmeldecode ist unterwegs an {email}.",
  "This link could not be used.": "Dieser Link konnte nicht verwendet werden.",
  "The approval could not reach the server. Try the link again.": "Die Bestätigung hat den Server nicht erreicht. Versuche den Link erneut.",
}

export default messages
