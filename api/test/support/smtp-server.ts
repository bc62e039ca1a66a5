import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  readonly from: string;
  readonly to: string[];
  readonly raw: string;
  /** The raw message with quoted-printable undone (soft line breaks joined, =XX decoded as UTF-8). */
  readonly text: string;
  readonly subject: string;
  readonly messageId: string;
}

export interface LocalSmtp {
  readonly url: string;
  readonly port: number;
  readonly received: ReceivedMail[];
  /** The next `count` mails are refused with this SMTP code (4xx: try later, 5xx: refused). */
  refuseNext(count: number, code: 451 | 550): void;
  /** Each accepted mail takes this long (two workers then overlap). */
  slowDown(ms: number): void;
  /** Stops listening (the server is down); `start` again on the same port. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function unquote(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined[i] === '=' ? /^[0-9A-F]{2}/.exec(joined.slice(i + 1, i + 3)) : null;
    if (hex) {
      bytes.push(parseInt(hex[0], 16));
      i += 2;
    } else bytes.push(...Buffer.from(joined[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function header(raw: string, name: string): string {
  const match = new RegExp(`^${name}:\\s*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(raw);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : '';
}

/**
 * A local SMTP server for the mail tests (the real protocol through the `smtp-server` package):
 * it records every accepted mail and can refuse or be down on purpose.
 */
export async function startLocalSmtp(port = 0): Promise<LocalSmtp> {
  const received: ReceivedMail[] = [];
  let refusals: { left: number; code: number } = { left: 0, code: 451 };
  let delayMs = 0;
  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (refusals.left > 0) {
          refusals = { ...refusals, left: refusals.left - 1 };
          const error = Object.assign(new Error(refusals.code >= 500 ? 'Mailbox unavailable' : 'Try again later'), { responseCode: refusals.code });
          return callback(error);
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          setTimeout(() => {
            received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              raw,
              text: unquote(raw),
              subject: header(raw, 'Subject'),
              messageId: header(raw, 'Message-ID'),
            });
            callback();
          }, delayMs);
        });
      },
    });
  let server = create();
  let bound = port;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(bound, '127.0.0.1', () => {
        bound = (server.server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${bound}`;
    },
    get port() {
      return bound;
    },
    received,
    refuseNext(count, code) {
      refusals = { left: count, code };
    },
    slowDown(ms) {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async start() {
      server = create();
      await listen();
    },
  };
}
