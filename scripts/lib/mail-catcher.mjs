// The local mail catcher of `npm start` (ADR 0026): an SMTP server on 127.0.0.1 (the `smtp-server`
// package) that takes every mail the shop sends when no SMTP_URL is configured, writes it to
// .data/mail/<time>-<n>.eml and prints a line with its subject and file. It never relays anything.
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { REPO_ROOT } from './apps.mjs';

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header, decoded. */
function decodeHeader(value) {
  // Whitespace between two encoded words is not part of the text (RFC 2047).
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset, encoding, text) => {
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64')
        : Buffer.from(
            text.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          );
    return bytes.toString(/utf-?8/i.test(charset) ? 'utf8' : 'latin1');
  });
}

function subjectOf(raw) {
  const match = /^Subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(raw);
  return match ? decodeHeader(match[1].replace(/\r?\n[ \t]+/g, ' ').trim()) : '(ohne Betreff)';
}

/**
 * Starts the catcher on a free port of 127.0.0.1. Returns its `url` (for SMTP_URL), the folder the
 * mails go to, and `stop()`.
 */
export async function startMailCatcher({ dir = process.env.MAIL_CATCHER_DIR || path.join(REPO_ROOT, '.data', 'mail'), log = console.log } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        const file = path.join(dir, `${stamp}-${++count}.eml`);
        fs.writeFileSync(file, raw);
        const to = session.envelope.rcptTo.map((r) => r.address).join(', ');
        log(`[mail] ${subjectOf(raw)} → ${to} (${path.relative(REPO_ROOT, file)})`);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(undefined));
  });
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.server.address());
  return {
    url: `smtp://127.0.0.1:${port}`,
    dir,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
