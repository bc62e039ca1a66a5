/**
 * Texts of the e-mails the shop sends (requirements#operating-rules, ADR 0026): the order confirmation for every placed
 * order and the tickets of a ticket order. Plain text and simple HTML from the same texts; no
 * personal data beyond what the guest gave (name, the order), and never the shop's product name
 * (requirements#product).
 */
export const mail = {
  /** Sender name when MAIL_FROM names none. */
  senderName: 'Bestellungen',
  greeting: 'Hallo {name},',
  greetingNoName: 'Hallo,',

  confirmationSubject: 'Deine Bestellung Nr. {number}',
  confirmationIntro: 'vielen Dank für deine Bestellung! Hier ist deine Bestellbestätigung.',
  orderNumber: 'Bestellnummer: {number}',
  orderedAt: 'Bestellt am {date} um {time} Uhr',
  itemsTitle: 'Deine Bestellung',
  itemLine: '{count} × {name}',
  itemVol: '({vol})',
  itemExtras: 'mit {extras}',
  couponLine: 'Gutschein {title}',
  tipLine: 'Trinkgeld',
  total: 'Gesamtsumme: {amount} (inkl. MwSt.)',
  pickupAt: 'Abholung: {place}',
  pickupTime: 'Abholzeit: ca. {time} Uhr',
  preorderFor: 'Vorbestellung für {date}, {time} Uhr',
  deliveryFor: 'Lieferung für {date}, ca. {time} Uhr',
  deliveryTo: 'Lieferadresse: {address}',
  table: 'Tisch {table}',
  area: 'Bestellung für {area}',
  note: 'Deine Anmerkung: {note}',
  /** Online payments are authorized first; the money is taken once the restaurant accepts the order. */
  paidOnlineAuthorized: 'Zahlung: {method} – der Betrag ist reserviert und wird abgebucht, sobald das Restaurant deine Bestellung annimmt.',
  paidOnlineTickets: 'Zahlung: {method} – der Betrag wird abgebucht, deine Tickets bekommst du in einer eigenen E-Mail.',
  paidOnSite: 'Zahlung: {method}',
  status: 'Den Stand deiner Bestellung siehst du jederzeit im Shop unter „Bestellungen“.',

  ticketsSubject: 'Deine Tickets zur Bestellung Nr. {number}',
  ticketsIntro: 'hier sind deine Tickets. Zeige beim Einlass bitte die Ticketnummer vor (ausgedruckt oder auf dem Handy).',
  ticketLine: 'Ticket {index} von {count}: {name}',
  ticketCode: 'Ticketnummer: {code}',

  footer: 'Diese E-Mail wurde automatisch verschickt, weil diese E-Mail-Adresse bei der Bestellung angegeben wurde.',
} as const;
