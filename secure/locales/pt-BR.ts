import type { Messages } from '../../src/i18n/types'

// pt-BR: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Sua carteira integrada",
  "Loading…": "Carregando…",
  "Account": "Conta",
  "Signed in as": "Conectado como",
  "Owner address (EVM)": "Endereço do proprietário (EVM)",
  "Solana address": "Endereço Solana",
  "Upgrade to a self-custodial wallet": "Migrar para uma carteira de autocustódia",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Sua chave privada dá controle total sobre esta conta e tudo o que há nela. Qualquer pessoa que a veja pode levar seus fundos, e ninguém pode desfazer isso. Revele-a apenas onde ninguém possa ver sua tela, nunca a compartilhe nem a cole em um site e importe-a apenas em um app de carteira em que você confia. Depois disso, essa carteira guarda a chave: mantenha a frase de recuperação dela em segurança.",
  "I understand: anyone with this key controls my funds.": "Entendo: quem tiver esta chave controla meus fundos.",
  "Reveal my private keys": "Revelar minhas chaves privadas",
  "EVM private key": "Chave privada EVM",
  "Solana private key (base58)": "Chave privada Solana (base58)",
  "Hide the keys": "Ocultar as chaves",
  "Log out of this browser": "Sair deste navegador",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Encerra aqui a sessão da carteira integrada: por segurança, os sites que a usam precisarão se conectar de novo.",
  "This secure site is not set up (config.js is missing).": "Este site seguro não está configurado (falta o config.js).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "Nenhuma carteira integrada está conectada neste navegador. Conecte-se primeiro no site com seu e-mail ou login social e depois abra esta página novamente.",
  "Logged in.": "Conectado.",
  "Your private keys are shown below. Hide them when you are done.": "Suas chaves privadas são mostradas abaixo. Oculte-as quando terminar.",
  "The keys could not be loaded.": "Não foi possível carregar as chaves.",
  "The keys are hidden.": "As chaves estão ocultas.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Você saiu deste navegador. Os sites que usam esta carteira pedirão que você se conecte novamente.",
  "Something went wrong": "Algo deu errado",
  "The key shares do not match": "As partes da chave não correspondem",
  "Not logged in": "Não conectado",
  "No e-mail login is pending": "Nenhum login por e-mail pendente",
  "An error occurred": "Ocorreu um erro",
  "Approve this device": "Aprovar este dispositivo",
  "Approving…": "Aprovando…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Este dispositivo foi aprovado. Volte ao site: um código de login está a caminho de {email}.",
  "This link could not be used.": "Não foi possível usar este link.",
  "The approval could not reach the server. Try the link again.": "A aprovação não conseguiu chegar ao servidor. Tente o link novamente.",
}

export default messages
