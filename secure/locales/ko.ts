import type { Messages } from '../../src/i18n/types'

// ko: every English key of the secure site's pages (test/secure/i18n checks).
const messages: Messages = {
  "Your embedded wallet": "내 임베디드 지갑",
  "Loading…": "불러오는 중…",
  "Account": "계정",
  "Signed in as": "로그인 계정",
  "Owner address (EVM)": "소유자 주소(EVM)",
  "Solana address": "Solana 주소",
  "Upgrade to a self-custodial wallet": "셀프 커스터디 지갑으로 전환",
  "Your private key is full control of this account and everything in it. Anyone who sees it can take your funds, and no one can undo that. Reveal it only where no one can see your screen, never share it or paste it into a website, and import it only into a wallet app you trust. After that, that wallet keeps the key: keep its recovery phrase safe.": "개인 키가 있으면 이 계정과 그 안의 모든 것을 완전히 제어할 수 있습니다. 키를 본 사람은 누구나 자금을 가져갈 수 있으며, 아무도 이를 되돌릴 수 없습니다. 아무도 화면을 볼 수 없는 곳에서만 표시하고, 절대 공유하거나 웹사이트에 붙여 넣지 말고, 신뢰하는 지갑 앱에만 가져오세요. 그 후에는 그 지갑이 키를 보관합니다. 그 지갑의 복구 문구를 안전하게 보관하세요.",
  "I understand: anyone with this key controls my funds.": "이해했습니다. 이 키를 가진 사람은 누구나 내 자금을 제어할 수 있습니다.",
  "Reveal my private keys": "내 개인 키 표시",
  "EVM private key": "EVM 개인 키",
  "Solana private key (base58)": "Solana 개인 키(base58)",
  "Hide the keys": "키 숨기기",
  "Log out of this browser": "이 브라우저에서 로그아웃",
  "Ends the embedded wallet's session here: sites using it will have to connect again, for security.": "이 브라우저에서 임베디드 지갑의 세션을 종료합니다. 보안을 위해 이 지갑을 사용하는 사이트는 다시 연결해야 합니다.",
  "This secure site is not set up (config.js is missing).": "이 보안 사이트가 설정되지 않았습니다(config.js 없음).",
  "No embedded wallet is logged in on this browser. Connect with your e-mail or social login on the site first, then open this page again.": "이 브라우저에 로그인된 임베디드 지갑이 없습니다. 먼저 사이트에서 이메일이나 소셜 로그인으로 연결한 다음 이 페이지를 다시 여세요.",
  "Logged in.": "로그인되었습니다.",
  "Your private keys are shown below. Hide them when you are done.": "개인 키가 아래에 표시됩니다. 다 보면 숨기세요.",
  "The keys could not be loaded.": "키를 불러오지 못했습니다.",
  "The keys are hidden.": "키를 숨겼습니다.",
  "You are logged out of this browser. Sites using this wallet will ask you to connect again.": "이 브라우저에서 로그아웃했습니다. 이 지갑을 사용하는 사이트에서 다시 연결하라는 요청을 받게 됩니다.",
  "Something went wrong": "문제가 발생했습니다",
  "The key shares do not match": "키 조각이 일치하지 않습니다",
  "Not logged in": "로그인되어 있지 않습니다",
  "No e-mail login is pending": "대기 중인 이메일 로그인이 없습니다",
  "An error occurred": "오류가 발생했습니다",
  "Approve this device": "이 기기 승인",
  "Approving…": "승인하는 중…",
  "This device is approved. Go back to the site: a login code is on its way to {email}.": "이 기기가 승인되었습니다. 사이트로 돌아가세요. 로그인 코드가 {email}(으)로 전송되고 있습니다.",
  "This link could not be used.": "이 링크를 사용할 수 없습니다.",
  "The approval could not reach the server. Try the link again.": "승인이 서버에 도달하지 못했습니다. 링크를 다시 시도하세요.",
}

export default messages
