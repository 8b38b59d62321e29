/**
 * Test support: a minimal SMTP responder on 127.0.0.1 that records what it is sent,
 * so the SMTP mailer's real protocol exchange runs offline. No TLS, no AUTH, no
 * pipelining: it advertises none of them, so nodemailer sends plain commands.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body) as sent after DATA, dot-unstuffed. */
  data: string;
}

export interface FakeSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Reply to RCPT TO for these addresses with `550`, as a server refusing them would. */
  refuse: Set<string>;
  close(): Promise<void>;
}

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

function converse(socket: Socket, server: FakeSmtpServer) {
  const reply = (line: string) => socket.write(`${line}\r\n`);
  let envelope: ReceivedMail = { from: '', to: [], data: '' };
  let dataLines: string[] | null = null;
  let buffered = '';
  reply('220 localhost fake ESMTP');
  socket.on('data', (chunk) => {
    buffered += chunk.toString('utf8');
    let end: number;
    while ((end = buffered.indexOf('\r\n')) >= 0) {
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 2);
      if (dataLines) {
        if (line === '.') {
          server.received.push({ ...envelope, data: dataLines.join('\r\n') });
          dataLines = null;
          envelope = { from: '', to: [], data: '' };
          reply('250 2.0.0 queued');
        } else dataLines.push(line.startsWith('..') ? line.slice(1) : line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      const arg = line.slice(line.indexOf(':') + 1);
      if (verb === 'EHLO') reply('250-localhost\r\n250 8BITMIME');
      else if (verb === 'HELO' || verb === 'NOOP') reply('250 ok');
      else if (verb === 'RSET') {
        envelope = { from: '', to: [], data: '' };
        reply('250 ok');
      } else if (verb === 'MAIL') {
        envelope.from = address(arg);
        reply('250 ok');
      } else if (verb === 'RCPT') {
        const to = address(arg);
        if (server.refuse.has(to)) reply('550 5.1.1 no such mailbox');
        else {
          envelope.to.push(to);
          reply('250 ok');
        }
      } else if (verb === 'DATA') {
        dataLines = [];
        reply('354 end with <CRLF>.<CRLF>');
      } else if (verb === 'QUIT') {
        reply('221 bye');
        socket.end();
      } else reply('502 command not implemented');
    }
  });
  socket.on('error', () => socket.destroy());
}

export async function startFakeSmtpServer(): Promise<FakeSmtpServer> {
  const sockets = new Set<Socket>();
  let net: Server | undefined;
  const server: FakeSmtpServer = {
    url: '',
    received: [],
    refuse: new Set(),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        if (net) net.close(() => resolve());
        else resolve();
      }),
  };
  net = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, server);
  });
  await new Promise<void>((resolve, reject) => {
    net.once('error', reject);
    net.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = net.address() as { port: number };
  server.url = `smtp://127.0.0.1:${port}`;
  return server;
}
