import type { Messages } from '../../src/i18n/types'

// es: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Tu billetera integrada",
  "Loading…": "Cargando…",
  "Account": "Cuenta",
  "Signed in as": "Sesión iniciada como",
  "Owner address (EVM)": "Dirección del propietario (EVM)",
  "Solana address": "Dirección de Solana",
  "Upgrade to a self-custodial wallet": "Cambia a una billetera de autocustodia",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Tu clave privada da control total sobre esta cuenta y todo lo que contiene. Cualquiera que la vea puede llevarse tus fondos, y nadie puede deshacerlo. Muéstrala solo donde nadie pueda ver tu pantalla, nunca la compartas ni la pegues en un sitio web, e impórtala solo en una app de billetera en la que confíes. A partir de entonces, esa billetera guarda la clave: guarda su frase de recuperación en un lugar seguro.",
  "I understand: anyone with this key controls my funds.": "Entiendo: quien tenga esta clave controla mis fondos.",
  "Reveal my private keys": "Mostrar mis claves privadas",
  "EVM private key": "Clave privada EVM",
  "Solana private key (base58)": "Clave privada de Solana (base58)",
  "Hide the keys": "Ocultar las claves",
  "Log out of this browser": "Cerrar sesión en este navegador",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Cierra aquí la sesión de la billetera integrada: por seguridad, los sitios que la usan tendrán que volver a conectarse.",
  "This secure site is not set up (config.js is missing).": "Este sitio seguro no está configurado (falta config.js).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "No hay ninguna billetera integrada con sesión iniciada en este navegador. Primero conéctate en el sitio con tu correo electrónico o inicio de sesión social y luego vuelve a abrir esta página.",
  "Logged in.": "Sesión iniciada.",
  "Your private keys are shown below. Hide them when you are done.": "Tus claves privadas se muestran abajo. Ocúltalas cuando termines.",
  "The keys could not be loaded.": "No se pudieron cargar las claves.",
  "The keys are hidden.": "Las claves están ocultas.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Cerraste sesión en este navegador. Los sitios que usan esta billetera te pedirán que vuelvas a conectarte.",
  "Something went wrong": "Algo salió mal",
  "The key shares do not match": "Las partes de la clave no coinciden",
  "Not logged in": "No has iniciado sesión",
  "No e-mail login is pending": "No hay ningún inicio de sesión por correo pendiente",
  "An error occurred": "Se produjo un error",
  "Approve this device": "Aprueba este dispositivo",
  "Approving…": "Aprobando…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Este dispositivo está aprobado. Vuelve al sitio: se está enviando un código de inicio de sesión a {email}.",
  "This link could not be used.": "No se pudo usar este enlace.",
  "The approval could not reach the server. Try the link again.": "La aprobación no pudo llegar al servidor. Vuelve a intentarlo con el enlace.",
}

export default messages
