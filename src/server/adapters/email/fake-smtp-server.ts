/**
 * Test support: a minimal SMTP responder on 127.0.0.1 that records what it is sent,
 * so the SMTP mailer's real protocol exchange runs offline. No TLS, no AUTH, no
 * pipelining: it advertises none of them, so nodemailer sends plain commands.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';

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

function converse(socket: Socket, server: Pick<FakeSmtpServer, 'received' | 'refuse'>) {
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
  const state = { received: [] as ReceivedMail[], refuse: new Set<string>() };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    converse(socket, state);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    ...state,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface ParsedMail {
  /** Header names in lower case, folded lines joined. */
  headers: Record<string, string>;
  text: string | null;
  html: string | null;
}

/**
 * Just enough MIME for tests: top-level headers and the text/plain and text/html
 * parts of a single or multipart/alternative message sent 7bit (short ASCII lines).
 */
export function parseMail(data: string): ParsedMail {
  const split = (entity: string) => {
    const blank = entity.indexOf('\r\n\r\n');
    const head = blank >= 0 ? entity.slice(0, blank) : entity;
    const headers: Record<string, string> = {};
    for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    return { headers, body: blank >= 0 ? entity.slice(blank + 4) : '' };
  };
  const top = split(data);
  const parsed: ParsedMail = { headers: top.headers, text: null, html: null };
  const take = (headers: Record<string, string>, body: string) => {
    const encoding = headers['content-transfer-encoding'] ?? '7bit';
    if (encoding !== '7bit') throw new Error(`parseMail reads 7bit parts only, not ${encoding}`);
    const content = body.replace(/\r\n$/, '').replace(/\r\n/g, '\n');
    const type = headers['content-type'] ?? 'text/plain';
    if (type.startsWith('text/plain')) parsed.text = content;
    else if (type.startsWith('text/html')) parsed.html = content;
  };
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers['content-type'] ?? '')?.[1];
  if (!boundary) take(top.headers, top.body);
  else
    for (const part of top.body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const { headers, body } = split(part.replace(/^\r\n/, ''));
      take(headers, body);
    }
  return parsed;
}
