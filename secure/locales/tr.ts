import type { Messages } from '../../src/i18n/types'

// tr: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "Gömülü cüzdanınız",
  "Loading…": "Yükleniyor…",
  "Account": "Hesap",
  "Signed in as": "Oturum açan hesap",
  "Owner address (EVM)": "Sahip adresi (EVM)",
  "Solana address": "Solana adresi",
  "Upgrade to a self-custodial wallet": "Kendi saklamalı bir cüzdana geçin",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "Özel anahtarınız bu hesabın ve içindeki her şeyin tam kontrolünü verir. Onu gören herkes fonlarınızı alabilir ve kimse bunu geri alamaz. Yalnızca kimsenin ekranınızı göremeyeceği bir yerde gösterin, asla paylaşmayın veya bir web sitesine yapıştırmayın ve yalnızca güvendiğiniz bir cüzdan uygulamasına aktarın. Bundan sonra anahtarı o cüzdan saklar: onun kurtarma ifadesini güvende tutun.",
  "I understand: anyone with this key controls my funds.": "Anlıyorum: bu anahtara sahip olan herkes fonlarımı kontrol eder.",
  "Reveal my private keys": "Özel anahtarlarımı göster",
  "EVM private key": "EVM özel anahtarı",
  "Solana private key (base58)": "Solana özel anahtarı (base58)",
  "Hide the keys": "Anahtarları gizle",
  "Log out of this browser": "Bu tarayıcıda oturumu kapat",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "Gömülü cüzdanın buradaki oturumunu sonlandırır: güvenlik için, onu kullanan sitelerin yeniden bağlanması gerekir.",
  "This secure site is not set up (config.js is missing).": "Bu güvenli site kurulmamış (config.js eksik).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "Bu tarayıcıda oturum açmış bir gömülü cüzdan yok. Önce sitede e-postanızla veya sosyal girişle bağlanın, ardından bu sayfayı yeniden açın.",
  "Logged in.": "Oturum açıldı.",
  "Your private keys are shown below. Hide them when you are done.": "Özel anahtarlarınız aşağıda gösteriliyor. İşiniz bitince gizleyin.",
  "The keys could not be loaded.": "Anahtarlar yüklenemedi.",
  "The keys are hidden.": "Anahtarlar gizlendi.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "Bu tarayıcıda oturumunuz kapatıldı. Bu cüzdanı kullanan siteler yeniden bağlanmanızı isteyecek.",
  "Something went wrong": "Bir şeyler ters gitti",
  "The key shares do not match": "Anahtar parçaları eşleşmiyor",
  "Not logged in": "Oturum açılmadı",
  "No e-mail login is pending": "Bekleyen e-posta girişi yok",
  "An error occurred": "Bir hata oluştu",
  "Approve this device": "Bu cihazı onaylayın",
  "Approving…": "Onaylanıyor…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "Bu cihaz onaylandı. Siteye geri dönün: {email} adresine bir giriş kodu gönderiliyor.",
  "This link could not be used.": "Bu bağlantı kullanılamadı.",
  "The approval could not reach the server. Try the link again.": "Onay sunucuya ulaşamadı. Bağlantıyı yeniden deneyin.",
}

export default messages
