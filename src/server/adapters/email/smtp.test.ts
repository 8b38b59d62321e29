import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMail, startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server.ts';
import { smtpMailer } from './smtp.ts';

const FROM = '"Everbloom" <hello@everbloom.test>';

/** A port nothing listens on: bound, then released. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `smtp://127.0.0.1:${port}`;
}

describe('smtpMailer', () => {
  let server: FakeSmtpServer;
  beforeAll(async () => {
    server = await startFakeSmtpServer();
  });
  afterAll(() => server.close());

  it('sends from the configured sender to the message recipient', async () => {
    const mailer = smtpMailer({ url: server.url, from: FROM });
    expect(mailer.mode).toBe('smtp');
    await mailer.send({ to: 'envelope@example.com', subject: 'Hello', text: 'Hi.' });
    const mail = server.received.at(-1);
    expect(mail?.from).toBe('hello@everbloom.test');
    expect(mail?.to).toEqual(['envelope@example.com']);
    const parsed = parseMail(mail?.data ?? '');
    expect(parsed.headers.from).toBe('Everbloom <hello@everbloom.test>');
    expect(parsed.headers.to).toBe('envelope@example.com');
    expect(parsed.headers.subject).toBe('Hello');
  });

  it('lets a refused recipient’s error reach the caller', async () => {
    server.refuse.add('gone@example.com');
    const mailer = smtpMailer({ url: server.url, from: FROM });
    await expect(
      mailer.send({ to: 'gone@example.com', subject: 'Hello', text: 'Hi.' }),
    ).rejects.toMatchObject({ responseCode: 550 });
  });

  it('lets a connection failure reach the caller', async () => {
    const mailer = smtpMailer({ url: await closedPortUrl(), from: FROM });
    await expect(mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow(
      /ECONNREFUSED/,
    );
  });

  describe('against a server that never greets', () => {
    let silent: Server;
    let url = '';
    const sockets = new Set<Socket>();
    beforeAll(async () => {
      silent = createServer((socket) => {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      url = `smtp://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });

    /** A send through a mailer that waits ten minutes; says whether it has ended yet. */
    function patientSend() {
      const patient = smtpMailer({ url, from: FROM, timeoutMs: 600_000 });
      const state = { settled: false };
      void patient
        .send({ to: 'a@example.com', subject: 'S', text: 'T' })
        .catch(() => undefined)
        .finally(() => (state.settled = true));
      return state;
    }

    // Each proves its timeout by outcome: it fails with ETIMEDOUT while a send started
    // alongside it with a ten-minute timeout is still waiting.
    it('gives up after timeoutMs instead of holding the request', async () => {
      const patient = patientSend();
      const mailer = smtpMailer({ url, from: FROM, timeoutMs: 200 });
      await expect(
        mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' }),
      ).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      });
      expect(patient.settled).toBe(false);
    });

    it('respects a timeout the URL sets itself', async () => {
      const patient = patientSend();
      const mailer = smtpMailer({
        url: `${url}?greetingTimeout=150`,
        from: FROM,
        timeoutMs: 600_000,
      });
      await expect(
        mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' }),
      ).rejects.toMatchObject({
        code: 'ETIMEDOUT',
      });
      expect(patient.settled).toBe(false);
    });
  });
});
