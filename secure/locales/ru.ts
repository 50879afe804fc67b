import type { Messages } from '../../src/i18n/types'

// ru: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Ваш встроенный кошелёк",
  "Loading…": "Загрузка…",
  "Account": "Аккаунт",
  "Signed in as": "Вы вошли как",
  "Owner address (EVM)": "Адрес владельца (EVM)",
  "Solana address": "Адрес Solana",
  "Upgrade to a self-custodial wallet": "Перейти на некастодиальный кошелёк",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Ваш закрытый ключ даёт полный контроль над этим аккаунтом и всем, что в нём есть. Любой, кто его увидит, может забрать ваши средства, и отменить это будет невозможно. Показывайте его только там, где никто не видит ваш экран, никогда никому не передавайте и не вставляйте его на сайты, импортируйте его только в приложение кошелька, которому доверяете. После этого ключ хранит этот кошелёк: надёжно сохраните его фразу восстановления.",
  "I understand: anyone with this key controls my funds.": "Я понимаю: тот, у кого есть этот ключ, распоряжается моими средствами.",
  "Reveal my private keys": "Показать мои закрытые ключи",
  "EVM private key": "Закрытый ключ EVM",
  "Solana private key (base58)": "Закрытый ключ Solana (base58)",
  "Hide the keys": "Скрыть ключи",
  "Log out of this browser": "Выйти в этом браузере",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Завершает здесь сеанс встроенного кошелька: в целях безопасности сайтам, которые его используют, нужно будет подключиться заново.",
  "This secure site is not set up (config.js is missing).": "Этот защищённый сайт не настроен (нет config.js).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "В этом браузере не выполнен вход ни в один встроенный кошелёк. Сначала подключитесь на сайте по электронной почте или через соцсеть, затем снова откройте эту страницу.",
  "Logged in.": "Вход выполнен.",
  "Your private keys are shown below. Hide them when you are done.": "Ваши закрытые ключи показаны ниже. Скройте их, когда закончите.",
  "The keys could not be loaded.": "Не удалось загрузить ключи.",
  "The keys are hidden.": "Ключи скрыты.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Вы вышли в этом браузере. Сайты, использующие этот кошелёк, попросят вас подключиться снова.",
  "Something went wrong": "Что-то пошло не так",
  "The key shares do not match": "Части ключа не совпадают",
  "Not logged in": "Вход не выполнен",
  "No e-mail login is pending": "Нет ожидающего входа по электронной почте",
  "An error occurred": "Произошла ошибка",
  "Approve this device": "Подтвердите это устройство",
  "Approving…": "Подтверждение…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Это устройство подтверждено. Вернитесь на сайт: код для входа уже отправлен на {email}.",
  "This link could not be used.": "Не удалось воспользоваться этой ссылкой.",
  "The approval could not reach the server. Try the link again.": "Не удалось связаться с сервером для подтверждения. Попробуйте открыть ссылку ещё раз.",
}

export default messages
