import { createServer, type Server, type Socket } from 'node:net'

export interface SmtpTestServer {
  readonly port: number
  /** Every message accepted, headers and body, lines joined with \n. */
  readonly received: string[]
  /** The subjects of the accepted messages. */
  subjects(): string[]
  /** Conversations so far, refused ones included. */
  conversations(): number
  close(): Promise<void>
}

/**
 * A tiny SMTP server on 127.0.0.1: it refuses the first `refuse` conversations (421 at the
 * greeting), then accepts mail and keeps what it received.
 */
export async function startSmtpTestServer(refuse: number): Promise<SmtpTestServer> {
  const received: string[] = []
  let conversations = 0
  const sockets = new Set<Socket>()
  const server: Server = createServer((socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
    socket.on('error', () => undefined)
    conversations += 1
    if (conversations <= refuse) {
      socket.end('421 busy, try again later\r\n')
      return
    }
    socket.setEncoding('utf8')
    socket.write('220 test ESMTP\r\n')
    let buffer = ''
    let inData = false
    let message = ''
    socket.on('data', (chunk: string) => {
      buffer += chunk
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        if (inData) {
          if (line === '.') {
            inData = false
            received.push(message)
            message = ''
            socket.write('250 queued\r\n')
          } else message += `${line}\n`
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n')
        else if (/^DATA/i.test(line)) {
          inData = true
          socket.write('354 go on\r\n')
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n')
        else socket.write('250 ok\r\n')
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    received,
    subjects: () =>
      received.flatMap((text) => /^Subject: (.*)$/m.exec(text)?.[1] ?? []).filter(Boolean),
    conversations: () => conversations,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
