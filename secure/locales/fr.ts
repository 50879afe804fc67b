import type { Messages } from '../../src/i18n/types'

// fr: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Votre portefeuille intégré",
  "Loading…": "Chargement…",
  "Account": "Compte",
  "Signed in as": "Connecté en tant que",
  "Owner address (EVM)": "Adresse du propriétaire (EVM)",
  "Solana address": "Adresse Solana",
  "Upgrade to a self-custodial wallet": "Passer à un portefeuille en auto-conservation",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Votre clé privée donne le contrôle total de ce compte et de tout ce qu’il contient. Quiconque la voit peut prendre vos fonds, et personne ne pourra revenir en arrière. Affichez-la uniquement là où personne ne peut voir votre écran, ne la partagez jamais, ne la collez jamais dans un site web et importez-la uniquement dans une application de portefeuille de confiance. Ensuite, ce portefeuille conserve la clé : gardez sa phrase de récupération en lieu sûr.",
  "I understand: anyone with this key controls my funds.": "Je comprends : quiconque possède cette clé contrôle mes fonds.",
  "Reveal my private keys": "Afficher mes clés privées",
  "EVM private key": "Clé privée EVM",
  "Solana private key (base58)": "Clé privée Solana (base58)",
  "Hide the keys": "Masquer les clés",
  "Log out of this browser": "Se déconnecter de ce navigateur",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Met fin ici à la session du portefeuille intégré : par sécurité, les sites qui l’utilisent devront se reconnecter.",
  "This secure site is not set up (config.js is missing).": "Ce site sécurisé n’est pas configuré (config.js est manquant).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "Aucun portefeuille intégré n’est connecté dans ce navigateur. Connectez-vous d’abord sur le site avec votre e-mail ou une connexion sociale, puis rouvrez cette page.",
  "Logged in.": "Connecté.",
  "Your private keys are shown below. Hide them when you are done.": "Vos clés privées sont affichées ci-dessous. Masquez-les lorsque vous avez terminé.",
  "The keys could not be loaded.": "Les clés n’ont pas pu être chargées.",
  "The keys are hidden.": "Les clés sont masquées.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Vous êtes déconnecté de ce navigateur. Les sites qui utilisent ce portefeuille vous demanderont de vous reconnecter.",
  "Something went wrong": "Une erreur s’est produite",
  "The key shares do not match": "Les parts de la clé ne correspondent pas",
  "Not logged in": "Non connecté",
  "No e-mail login is pending": "Aucune connexion par e-mail en attente",
  "An error occurred": "Une erreur est survenue",
  "Approve this device": "Approuver cet appareil",
  "Approving…": "Approbation…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Cet appareil est approuvé. Revenez sur le site : un code de connexion est en route vers {email}.",
  "This link could not be used.": "Ce lien n’a pas pu être utilisé.",
  "The approval could not reach the server. Try the link again.": "L’approbation n’a pas pu joindre le serveur. Réessayez le lien.",
}

export default messages
