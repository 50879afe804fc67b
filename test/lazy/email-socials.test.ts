import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { inTelegram, platformOf, visibleSocials } from '../../src/lazy/email/socials.ts'

const test = suite('social buttons')
const ALL = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const

test('behavior: features.socials order, the six the frame serves and Farcaster; none when false', () => {
  assert.equal(visibleSocials([...ALL], false, 'other'), ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  assert.equal(visibleSocials(['farcaster', 'myspace', 'google'], false, 'other'), ['farcaster', 'google'])
  assert.equal(visibleSocials(['github', 'google'], false, 'ios'), ['github', 'google'])
  assert.equal(visibleSocials(false, false, 'other'), [])
})

test('behavior: in a Telegram mini-app iOS drops google, Mac drops x, Android drops facebook and x', () => {
  assert.equal(visibleSocials([...ALL], true, 'ios'), ['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  assert.equal(visibleSocials([...ALL], true, 'mac'), ['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
  assert.equal(visibleSocials([...ALL], true, 'android'), ['google', 'discord', 'farcaster', 'github', 'apple'])
  assert.equal([inTelegram({ Telegram: {} }), inTelegram({})], [true, false])
  assert.equal(['Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)', 'Mozilla/5.0 (Linux; Android 14)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)', 'Mozilla/5.0 (X11; Linux x86_64)'].map(platformOf), ['ios', 'android', 'mac', 'other'])
})

test.run()
