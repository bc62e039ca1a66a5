import qrcode from 'qrcode-generator';

/**
 * The QR code of an address as an SVG string (error correction M: survives a scuffed print-out).
 * Loaded only when the share dialog opens, so Home's first load does not carry it.
 */
export function qrSvg(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  return qr.createSvgTag({ cellSize: 6, margin: 2, scalable: true });
}
