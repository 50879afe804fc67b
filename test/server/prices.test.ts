// One read of the prices table serves requests for PRICES_MAX_AGE_MS; setPrice shows at once.
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openDb } from '../../server/db/index.ts'
import { priceTable, PRICES_MAX_AGE_MS, setPrice } from '../../server/prices.ts'

test('the table is read once per interval; a change through setPrice shows at once, one in the table within the interval', async () => {
  const db = await openDb({})
  let reads = 0
  const query = db.query
  db.query = (sql, params) => (/FROM prices/.test(sql) && reads++, query(sql, params))
  try {
    const now = Date.now()
    assert.is((await priceTable(db, now))('eth'), 3000)
    await Promise.all(Array.from({ length: 20 }, () => priceTable(db, now + 10)))
    assert.is(reads, 1, 'one read for 21 requests')
    await setPrice(db, 'ETH', 3100)
    assert.is((await priceTable(db, now + 20))('ETH'), 3100)
    // An operator's UPDATE shows once the interval has passed.
    await query("UPDATE prices SET usd = 3200 WHERE symbol = 'ETH'")
    assert.is((await priceTable(db, Date.now()))('ETH'), 3100)
    assert.is((await priceTable(db, now + 20 + PRICES_MAX_AGE_MS))('ETH'), 3200)
  } finally {
    await db.close()
  }
})

test('a request past half the interval is served the read it has and starts the next one: no request waits for the table', async () => {
  const db = await openDb({})
  let reads = 0
  const query = db.query
  db.query = (sql, params) => (/FROM prices/.test(sql) && reads++, query(sql, params))
  try {
    const now = Date.now() + 60_000
    assert.is((await priceTable(db, now))('ETH'), 3000)
    await query("UPDATE prices SET usd = 3300 WHERE symbol = 'ETH'")
    assert.is((await priceTable(db, now + PRICES_MAX_AGE_MS * 0.6))('ETH'), 3000, 'served at once')
    assert.is(reads, 2, 'the next read started')
    await new Promise((resolve) => setTimeout(resolve, 50))
    assert.is((await priceTable(db, now + PRICES_MAX_AGE_MS + 1))('ETH'), 3300, 'and serves past the first one\'s age')
    assert.is(reads, 2)
  } finally {
    await db.close()
  }
})

test.run()
