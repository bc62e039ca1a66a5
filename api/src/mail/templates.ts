/**
 * The e-mails of an order (ADR 0026), rendered from the German catalogue (`de.mail`) as plain text
 * and simple HTML. Only what the guest gave and the order itself: name, items, sums, time and place.
 */
import type { CartLine, SavedOrder } from '@shop/shared/contract';
import { formatEuro } from '@shop/shared/domain/money';
import { orderPaymentMethod, shopClockTime, shopDate, visibleVol, weekdayDate } from '@shop/shared/domain/orders';
import { de, fill } from '@shop/shared/i18n';

const t = de.mail;

export interface RenderedMail {
  readonly subject: string;
  readonly text: string;
  readonly html: string;
}

/** One ticket of a ticket order: its article and its number (ticket codes are made when the mail is due). */
export interface TicketEntry {
  readonly name: string;
  readonly code: string;
}

type Block = { kind: 'p'; text: string } | { kind: 'list'; items: string[] } | { kind: 'h'; text: string };

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function render(subject: string, blocks: Block[]): RenderedMail {
  const text = blocks
    .map((b) => (b.kind === 'list' ? b.items.map((i) => `- ${i}`).join('\n') : b.kind === 'h' ? `${b.text}\n${'-'.repeat(b.text.length)}` : b.text))
    .join('\n\n');
  const body = blocks
    .map((b) =>
      b.kind === 'list'
        ? `<ul>${b.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>`
        : b.kind === 'h'
          ? `<h2 style="font-size:16px;margin:16px 0 4px">${escapeHtml(b.text)}</h2>`
          : `<p>${escapeHtml(b.text).replace(/\n/g, '<br>')}</p>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#222;max-width:600px">
${body}
</body></html>
`;
  return { subject, text: `${text}\n`, html };
}

function greeting(order: SavedOrder): string {
  const name = order.userInfo.name.trim();
  return name ? fill(t.greeting, { name }) : t.greetingNoName;
}

function lineText(line: CartLine): string {
  if (line.kind === 'coupon') return fill(t.couponLine, { title: line.title || line.couponCode });
  if (line.kind === 'fee') return `${line.nameToDisplay} – ${formatEuro(line.itemTotal)}`;
  const vol = visibleVol(line.vol);
  const parts = [fill(t.itemLine, { count: line.count, name: line.nameToDisplay })];
  if (vol) parts.push(fill(t.itemVol, { vol }));
  if (line.extrasToDisplay.trim()) parts.push(fill(t.itemExtras, { extras: line.extrasToDisplay.trim() }));
  return `${parts.join(' ')} – ${formatEuro(line.itemTotal)}`;
}

function whenAndWhere(order: SavedOrder): string[] {
  const out: string[] = [];
  if (order.usecase === 'takeaway') {
    if (order.abholAdresse) out.push(fill(t.pickupAt, { place: order.abholAdresse }));
    if (order.targetTime !== undefined) {
      const preorder = shopDate(order.targetTime) !== shopDate(order.createdAt);
      out.push(
        preorder
          ? fill(t.preorderFor, { date: weekdayDate(order.targetTime), time: shopClockTime(order.targetTime) })
          : fill(t.pickupTime, { time: shopClockTime(order.targetTime) }),
      );
    }
  } else if (order.usecase === 'delivery') {
    if (order.targetTime !== undefined) {
      out.push(fill(t.deliveryFor, { date: weekdayDate(order.targetTime), time: shopClockTime(order.targetTime) }));
    }
    const a = order.deliveryAddress;
    if (a) out.push(fill(t.deliveryTo, { address: [a.company, a.street, `${a.plz} ${a.city}`.trim(), a.etage].filter((p) => p && p.trim()).join(', ') }));
  } else if (order.usecase !== 'digital') {
    if (order.orderArea) out.push(fill(t.area, { area: order.orderArea }));
    else if (order.table) out.push(fill(t.table, { table: order.table }));
  }
  return out;
}

function paymentText(order: SavedOrder): string {
  const method = orderPaymentMethod(order);
  const label = method ? de.orders.paymentLabels[method] : '';
  if (!order.onlinePay) return fill(t.paidOnSite, { method: label || de.orders.paymentLabels.beiAbholung });
  return fill(order.usecase === 'digital' ? t.paidOnlineTickets : t.paidOnlineAuthorized, { method: label || de.orders.paymentLabels.credit });
}

/** The confirmation of a placed order (on-site payment: when saved; online: once authorized). */
export function confirmationMail(order: SavedOrder): RenderedMail {
  const number = order.orderNumber;
  const blocks: Block[] = [
    { kind: 'p', text: greeting(order) },
    { kind: 'p', text: t.confirmationIntro },
    {
      kind: 'p',
      text: [fill(t.orderNumber, { number }), fill(t.orderedAt, { date: shopDate(order.createdAt), time: shopClockTime(order.createdAt) })].join('\n'),
    },
    { kind: 'h', text: t.itemsTitle },
    {
      kind: 'list',
      items: [...order.orderData.map(lineText), ...(order.paymentInfo.tip > 0 ? [`${t.tipLine} – ${formatEuro(order.paymentInfo.tip)}`] : [])],
    },
    { kind: 'p', text: fill(t.total, { amount: formatEuro(order.total) }) },
  ];
  const where = whenAndWhere(order);
  if (where.length) blocks.push({ kind: 'p', text: where.join('\n') });
  blocks.push({ kind: 'p', text: paymentText(order) });
  if (order.note.trim()) blocks.push({ kind: 'p', text: fill(t.note, { note: order.note.trim() }) });
  blocks.push({ kind: 'p', text: t.status }, { kind: 'p', text: t.footer });
  return render(fill(t.confirmationSubject, { number }), blocks);
}

/** The tickets of a ticket order, one line each with its number. */
export function ticketsMail(order: SavedOrder, tickets: readonly TicketEntry[]): RenderedMail {
  const number = order.orderNumber;
  return render(fill(t.ticketsSubject, { number }), [
    { kind: 'p', text: greeting(order) },
    { kind: 'p', text: t.ticketsIntro },
    { kind: 'p', text: fill(t.orderNumber, { number }) },
    {
      kind: 'list',
      items: tickets.map((ticket, i) =>
        [fill(t.ticketLine, { index: i + 1, count: tickets.length, name: ticket.name }), fill(t.ticketCode, { code: ticket.code })].join(' – '),
      ),
    },
    { kind: 'p', text: t.footer },
  ]);
}
