// Plays the race a port asked of the OS beforehand can lose: the next `count` loopback ports this
// process frees (a node:net server closed) are bound at once by another listener, as another
// process could bind them between their release and the service's own bind.
import { Server, createServer } from 'node:net'

export interface PortThief {
  /** The ports taken so far. */
  stolen: number[]
  /** Ends the stealing and frees the ports taken. */
  restore(): Promise<void>
}

export function stealFreedPorts(count = 1): PortThief {
  const close = Server.prototype.close
  const thieves: Server[] = []
  const stolen: number[] = []
  Server.prototype.close = function (this: Server, callback?: (error?: Error) => void) {
    const address = this.address()
    const port = typeof address === 'object' && address?.address === '127.0.0.1' ? address.port : 0
    return close.call(this, (error?: Error) => {
      if (!port || stolen.length >= count) return callback?.(error)
      stolen.push(port)
      const thief = createServer()
      thieves.push(thief)
      // The closer hears of its release only once the port is taken.
      thief.once('error', () => callback?.(error)).listen(port, '127.0.0.1', () => callback?.(error))
    })
  }
  return {
    stolen,
    async restore() {
      Server.prototype.close = close
      await Promise.all(thieves.map((thief) => new Promise((resolve) => thief.close(resolve))))
    },
  }
}
