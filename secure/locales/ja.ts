import type { Messages } from '../../src/i18n/types'

// ja: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "あなたの埋め込みウォレット",
  "Loading…": "読み込み中…",
  "Account": "アカウント",
  "Signed in as": "ログイン中のアカウント",
  "Owner address (EVM)": "所有者アドレス（EVM）",
  "Solana address": "Solana アドレス",
  "Upgrade to a self-custodial wallet": "セルフカストディ型ウォレットに移行",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "秘密鍵があれば、このアカウントとその中のすべてを完全に操作できます。秘密鍵を見た人は誰でもあなたの資金を持ち出すことができ、それを取り消すことは誰にもできません。画面を誰にも見られない場所でのみ表示し、決して共有したりウェブサイトに貼り付けたりせず、信頼できるウォレットアプリにのみインポートしてください。その後はそのウォレットが鍵を保管します。そのリカバリーフレーズは安全に保管してください。",
  "I understand: anyone with this key controls my funds.": "理解しました：この鍵を持つ人は誰でも私の資金を操作できます。",
  "Reveal my private keys": "秘密鍵を表示",
  "EVM private key": "EVM 秘密鍵",
  "Solana private key (base58)": "Solana 秘密鍵（base58）",
  "Hide the keys": "鍵を隠す",
  "Log out of this browser": "このブラウザからログアウト",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "このブラウザでの埋め込みウォレットのセッションを終了します。セキュリティのため、このウォレットを使うサイトでは再接続が必要になります。",
  "This secure site is not set up (config.js is missing).": "このセキュアサイトは設定されていません（config.js がありません）。",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "このブラウザでログインしている埋め込みウォレットはありません。まずサイトでメールアドレスまたはソーシャルログインで接続してから、このページをもう一度開いてください。",
  "Logged in.": "ログインしました。",
  "Your private keys are shown below. Hide them when you are done.": "秘密鍵を下に表示しています。終わったら非表示にしてください。",
  "The keys could not be loaded.": "鍵を読み込めませんでした。",
  "The keys are hidden.": "鍵を非表示にしました。",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "このブラウザからログアウトしました。このウォレットを使うサイトでは、再度接続を求められます。",
  "Something went wrong": "問題が発生しました",
  "The key shares do not match": "鍵のシェアが一致しません",
  "Not logged in": "ログインしていません",
  "No e-mail login is pending": "保留中のメールログインはありません",
  "An error occurred": "エラーが発生しました",
  "Approve this device": "このデバイスを承認",
  "Approving…": "承認しています…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "このデバイスは承認されました。サイトに戻ってください。ログインコードを {email} に送信しています。",
  "This link could not be used.": "このリンクは使用できませんでした。",
  "The approval could not reach the server. Try the link again.": "承認をサーバーに送信できませんでした。もう一度リンクを開いてください。",
}

export default messages
