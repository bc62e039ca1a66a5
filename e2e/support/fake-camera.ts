// A camera for Chromium that shows a QR code: a one-frame Y4M video (Chromium loops it) for
// --use-file-for-fake-video-capture. The code is drawn with the shop's own QR generator.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import qrcode from 'qrcode-generator';

const WIDTH = 640;
const HEIGHT = 480;
const WHITE = 235;
const BLACK = 16;

/** Writes a Y4M file showing `text` as a QR code in the middle and returns its path. */
export function qrCameraFile(text: string): string {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const scale = Math.floor((HEIGHT - 80) / (modules + 8));
  const size = modules * scale;
  const left = Math.floor((WIDTH - size) / 2);
  const top = Math.floor((HEIGHT - size) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, WHITE);
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.isDark(row, col)) continue;
      for (let y = 0; y < scale; y++)
        luma.fill(BLACK, (top + row * scale + y) * WIDTH + left + col * scale, (top + row * scale + y) * WIDTH + left + (col + 1) * scale);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-camera-')), 'qr.y4m');
  fs.writeFileSync(file, Buffer.concat([Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`), luma, chroma, chroma]));
  return file;
}
