// The texts of the shop's e-mails (ADR 0026): from the German catalogue, plain text and HTML from
// the same blocks, the guest's own input escaped in HTML, nothing the guest did not give.
import { describe, expect, it } from 'vitest';
import type { SavedOrder } from '@shop/shared/contract';
import { testLine, testOrder } from '@shop/shared/testing/orders';
import { confirmationMail, ticketsMail } from '../src/mail/templates';
import { ticketEntries } from '../src/mail/outbox';

const T0 = Date.parse('2026-11-24T12:07:00+01:00');

const line = (name: string, count = 1, type: 'food' | 'ticket' = 'food') => testLine({ name, count, type, price: 890 });

const order = (overrides: Partial<SavedOrder> = {}): SavedOrder =>
  testOrder({
    createdAt: T0,
    orderData: [line('Tacos al Pastor', 2)],
    userInfo: { name: 'Erika Mustermann', email: 'erika@example.org', phone: '+4915112345678' },
    orderNumber: 1042,
    history: [{ state: 'New', at: T0 }],
    psp: 'beiAbholung',
    targetTime: T0 + 45 * 60_000,
    abholAdresse: 'Street Food St. Georg, Lange Reihe 42, 20099 Hamburg',
    ...overrides,
  });

describe('mail texts', () => {
  it('the confirmation of a pickup order: number, lines, total, place and time, payment', () => {
    const mail = confirmationMail(order());
    expect(mail.subject).toBe('Deine Bestellung Nr. 1042');
    expect(mail.text).toContain('Hallo Erika Mustermann,');
    expect(mail.text).toContain('- 2 × Tacos al Pastor – 17,80');
    expect(mail.text).toContain('Gesamtsumme: 17,80');
    expect(mail.text).toContain('Abholung: Street Food St. Georg, Lange Reihe 42, 20099 Hamburg');
    expect(mail.text).toContain('Abholzeit: ca. 12:52 Uhr');
    expect(mail.text).toContain('Zahlung: Bei Abholung');
    expect(mail.html).toContain('<li>2 × Tacos al Pastor – 17,80');
    // The phone number the guest gave for the kitchen is not repeated in a mail.
    expect(mail.text + mail.html).not.toContain('15112345678');
  });

  it('online payments are "reserviert" until the restaurant accepts (never "bezahlt" before the money is taken)', () => {
    const mail = confirmationMail(order({ onlinePay: true, psp: 'paypal' }));
    expect(mail.text).toContain('Zahlung: PayPal/Lastschrift – der Betrag ist reserviert und wird abgebucht, sobald das Restaurant deine Bestellung annimmt.');
  });

  it('delivery and table orders say where; the guest’s input is escaped in HTML', () => {
    const delivery = confirmationMail(
      order({
        usecase: 'delivery',
        psp: 'beiLieferung',
        userInfo: { fuid: null, name: '<b>Erika</b> & Co', email: 'erika@example.org', phone: '' },
        deliveryAddress: { company: '', street: 'Lange Reihe 10', plz: '20099', city: 'Hamburg', etage: '2. OG' },
        note: 'Bitte <klingeln>',
      }),
    );
    expect(delivery.text).toContain('Lieferadresse: Lange Reihe 10, 20099 Hamburg, 2. OG');
    expect(delivery.text).toContain('Lieferung für');
    expect(delivery.html).toContain('Hallo &lt;b&gt;Erika&lt;/b&gt; &amp; Co,');
    expect(delivery.html).toContain('Deine Anmerkung: Bitte &lt;klingeln&gt;');
    expect(delivery.html).not.toContain('<b>Erika');
    const table = confirmationMail(order({ usecase: 'tableordering', psp: 'waiter', table: '12', targetTime: undefined, abholAdresse: undefined }));
    expect(table.text).toContain('Tisch 12');
    expect(table.text).toContain('Zahlung: beim Kellner');
  });

  it('tickets: one number per ticket, each different', () => {
    const tickets = order({ usecase: 'digital', orderData: [line('Taco-Workshop (Ticket)', 3, 'ticket')], onlinePay: true, psp: 'credit' });
    const entries = ticketEntries(tickets);
    expect(entries).toHaveLength(3);
    expect(new Set(entries.map((e) => e.code)).size).toBe(3);
    expect(entries.map((e) => e.code)).toEqual([
      expect.stringMatching(/^1042-1-[0-9A-F]{8}$/),
      expect.stringMatching(/^1042-2-/),
      expect.stringMatching(/^1042-3-/),
    ]);
    const mail = ticketsMail(tickets, entries);
    expect(mail.subject).toBe('Deine Tickets zur Bestellung Nr. 1042');
    expect(mail.text).toContain(`Ticket 2 von 3: Taco-Workshop (Ticket) – Ticketnummer: ${entries[1]!.code}`);
  });
});
