/**
 * The shop's mail (ADR 0026): order confirmations and tickets go through SMTP (`SMTP_URL`, sent with
 * nodemailer) from the outbox table. Without SMTP_URL the mails wait in the outbox (nothing is lost)
 * and the start log says so; `npm start` points SMTP_URL at a local catcher (scripts/lib/mail-catcher.mjs).
 */
import crypto from 'node:crypto';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { CHECKOUT_CONSTANTS as C } from '@shop/shared/domain/checkout-constants';
import { de } from '@shop/shared/i18n';
import type { Db } from '../db/client';
import { onMailEnqueued } from './outbox';
import { forgetOldMails, sendDueMails, type MailTransport, type SendReport } from './worker';

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://…; undefined: mails wait in the outbox. */
  readonly smtpUrl: string | undefined;
  /** The sender: `MAIL_FROM` ("Name <address>" or an address). */
  readonly mailFrom: string | undefined;
}

/** nodemailer over SMTP, with timeouts shorter than the worker's lease. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: C.mailSendTimeoutMs,
    greetingTimeout: C.mailSendTimeoutMs,
    socketTimeout: C.mailSendTimeoutMs,
  });
  return {
    async send(mail) {
      const info = await transporter.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, messageId: mail.messageId });
      return { messageId: info.messageId, response: info.response };
    },
    close: () => transporter.close(),
  };
}

/** The sender: MAIL_FROM, else the catalogue's sender name at the SMTP account's own address. */
export function senderOf(config: MailConfig): string {
  if (config.mailFrom) return config.mailFrom;
  let user = '';
  try {
    user = decodeURIComponent(new URL(config.smtpUrl ?? '').username);
  } catch {
    // not a URL: no account name
  }
  return `"${de.mail.senderName}" <${user.includes('@') ? user : `bestellung@${os.hostname() || 'localhost'}`}>`;
}

export interface MailService {
  /** One line for the start log. */
  describe(): string;
  /** Sends what is due now (tests; the worker also runs every few seconds). */
  flush(): Promise<SendReport>;
  close(): Promise<void>;
}

/** Starts the outbox worker of this instance (none without SMTP_URL). */
export function startMail(config: MailConfig, db: Db, now: () => number, options: { transport?: MailTransport; pollMs?: number } = {}): MailService {
  const transport = options.transport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl, senderOf(config)) : undefined);
  if (!transport) {
    return {
      describe: () => 'mail: SMTP_URL is not set — order confirmations and tickets wait in the outbox (mail_outbox) until it is',
      flush: async () => ({ sent: 0, retried: 0, failed: 0 }),
      close: async () => undefined,
    };
  }
  const deps = {
    db,
    now,
    transport,
    workerId: `${os.hostname()}-${process.pid}-${crypto.randomBytes(4).toString('hex')}`,
    messageDomain: os.hostname() || 'localhost',
  };
  let running: Promise<SendReport> | null = null;
  let again = false;
  let lastCleanup = 0;
  const round = (): Promise<SendReport> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total: SendReport = { sent: 0, retried: 0, failed: 0 };
      do {
        again = false;
        const report = await sendDueMails(deps);
        total = { sent: total.sent + report.sent, retried: total.retried + report.retried, failed: total.failed + report.failed };
        // A full batch: more may be due.
        if (report.sent + report.retried + report.failed >= C.mailBatchSize) again = true;
      } while (again);
      if (now() - lastCleanup > 60 * 60_000) {
        lastCleanup = now();
        await forgetOldMails(db, now());
      }
      return total;
    })()
      .catch((error: unknown) => {
        console.warn(`[mail] outbox round failed: ${error instanceof Error ? error.message : String(error)}`);
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void round(), options.pollMs ?? C.mailPollMs);
  timer.unref();
  onMailEnqueued(db, () => void round());
  let where = 'SMTP';
  try {
    const url = new URL(config.smtpUrl ?? '');
    where = `${url.protocol}//${url.hostname}:${url.port || (url.protocol === 'smtps:' ? '465' : '587')}`;
  } catch {
    // a custom transport (tests)
  }
  return {
    describe: () => `mail: order confirmations and tickets through ${where} (outbox worker ${deps.workerId})`,
    flush: async () => {
      // Wait for a round in progress, then run one of our own (it sees everything committed before now).
      if (running) await running;
      return round();
    },
    async close() {
      clearInterval(timer);
      if (running) await running;
      transport.close();
    },
  };
}
