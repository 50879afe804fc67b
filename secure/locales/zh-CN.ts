import type { Messages } from '../../src/i18n/types'

// zh-CN: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "你的嵌入式钱包",
  "Loading…": "加载中…",
  "Account": "账户",
  "Signed in as": "登录身份",
  "Owner address (EVM)": "所有者地址（EVM）",
  "Solana address": "Solana 地址",
  "Upgrade to a self-custodial wallet": "升级为自托管钱包",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "你的私钥可以完全控制此账户及其中的一切。任何看到它的人都能拿走你的资金，而且无人能够撤销。只在没有人能看到你屏幕的地方显示它，绝不要分享它或将它粘贴到任何网站，只将它导入你信任的钱包应用。之后由该钱包保管私钥：请妥善保管它的助记词。",
  "I understand: anyone with this key controls my funds.": "我明白：任何拥有此私钥的人都能控制我的资金。",
  "Reveal my private keys": "显示我的私钥",
  "EVM private key": "EVM 私钥",
  "Solana private key (base58)": "Solana 私钥（base58）",
  "Hide the keys": "隐藏私钥",
  "Log out of this browser": "在此浏览器中退出登录",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "在此结束嵌入式钱包的会话：出于安全考虑，使用它的网站需要重新连接。",
  "This secure site is not set up (config.js is missing).": "此安全站点尚未设置（缺少 config.js）。",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "此浏览器中没有已登录的嵌入式钱包。请先在网站上使用电子邮件或社交账号登录连接，然后再次打开此页面。",
  "Logged in.": "已登录。",
  "Your private keys are shown below. Hide them when you are done.": "你的私钥显示在下方。用完后请隐藏。",
  "The keys could not be loaded.": "无法加载私钥。",
  "The keys are hidden.": "私钥已隐藏。",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "你已在此浏览器中退出登录。使用此钱包的网站会要求你重新连接。",
  "Something went wrong": "出了点问题",
  "The key shares do not match": "私钥分片不匹配",
  "Not logged in": "未登录",
  "No e-mail login is pending": "没有待处理的电子邮件登录",
  "An error occurred": "发生错误",
  "Approve this device": "批准此设备",
  "Approving…": "正在批准…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "此设备已获批准。请返回网站：登录码正在发送至 {email}。",
  "This link could not be used.": "无法使用此链接。",
  "The approval could not reach the server. Try the link again.": "批准请求无法到达服务器。请重新尝试该链接。",
}

export default messages
