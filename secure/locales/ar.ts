import type { Messages } from '../../src/i18n/types'

// ar: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "محفظتك المدمجة",
  "Loading…": "جارٍ التحميل…",
  "Account": "الحساب",
  "Signed in as": "تم تسجيل الدخول باسم",
  "Owner address (EVM)": "عنوان المالك (EVM)",
  "Solana address": "عنوان Solana",
  "Upgrade to a self-custodial wallet": "الترقية إلى محفظة ذاتية الحفظ",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "مفتاحك الخاص يمنح التحكم الكامل في هذا الحساب وكل ما فيه. يمكن لأي شخص يراه أن يأخذ أموالك، ولا يمكن لأحد التراجع عن ذلك. اكشفه فقط حيث لا يمكن لأحد رؤية شاشتك، ولا تشاركه أبدًا ولا تلصقه في أي موقع ويب، واستورده فقط في تطبيق محفظة تثق به. بعد ذلك تحتفظ تلك المحفظة بالمفتاح: احفظ عبارة الاسترداد الخاصة بها في مكان آمن.",
  "I understand: anyone with this key controls my funds.": "أفهم: أي شخص يملك هذا المفتاح يتحكم في أموالي.",
  "Reveal my private keys": "اكشف مفاتيحي الخاصة",
  "EVM private key": "مفتاح EVM الخاص",
  "Solana private key (base58)": "مفتاح Solana الخاص (base58)",
  "Hide the keys": "إخفاء المفاتيح",
  "Log out of this browser": "تسجيل الخروج من هذا المتصفح",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "ينهي جلسة المحفظة المدمجة هنا: لدواعٍ أمنية، ستحتاج المواقع التي تستخدمها إلى الاتصال من جديد.",
  "This secure site is not set up (config.js is missing).": "هذا الموقع الآمن غير مُعدّ (ملف config.js مفقود).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "لا توجد محفظة مدمجة مسجَّل الدخول إليها في هذا المتصفح. اتصل أولًا على الموقع باستخدام بريدك الإلكتروني أو تسجيل الدخول الاجتماعي، ثم افتح هذه الصفحة مجددًا.",
  "Logged in.": "تم تسجيل الدخول.",
  "Your private keys are shown below. Hide them when you are done.": "مفاتيحك الخاصة معروضة أدناه. أخفِها عند الانتهاء.",
  "The keys could not be loaded.": "تعذّر تحميل المفاتيح.",
  "The keys are hidden.": "المفاتيح مخفية.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "لقد سجّلت الخروج من هذا المتصفح. ستطلب منك المواقع التي تستخدم هذه المحفظة الاتصال مجددًا.",
  "Something went wrong": "حدث خطأ ما",
  "The key shares do not match": "أجزاء المفتاح غير متطابقة",
  "Not logged in": "لم يتم تسجيل الدخول",
  "No e-mail login is pending": "لا يوجد تسجيل دخول بالبريد الإلكتروني قيد الانتظار",
  "An error occurred": "حدث خطأ",
  "Approve this device": "الموافقة على هذا الجهاز",
  "Approving…": "جارٍ الموافقة…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "تمت الموافقة على هذا الجهاز. عُد إلى الموقع: رمز تسجيل الدخول في طريقه إلى {email}.",
  "This link could not be used.": "تعذّر استخدام هذا الرابط.",
  "The approval could not reach the server. Try the link again.": "تعذّر وصول الموافقة إلى الخادم. جرّب الرابط مرة أخرى.",
}

export default messages
