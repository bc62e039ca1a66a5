import { useEffect, useRef, useState } from 'react';
import { emit } from '@shop/shared/bus';
import { SHOP_CONSTANTS } from '@shop/shared/domain/shop-constants';
import { readTableQr } from '@shop/shared/domain/table-entry';
import { shell as shellTexts } from '@shop/shared/i18n/shell';
import { Button, Notice } from '@shop/shared/ui';
import css from './overlays.module.css';

/** The browser's own QR reader (Shape Detection API: Chrome on Android, Safari 17+ with the flag …). */
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

function detectorClass(): BarcodeDetectorClass | undefined {
  return (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
}

/** Reads the QR codes in the video's current frame. */
type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

/**
 * The native reader where the browser has one; elsewhere (iOS Safari, Firefox, desktop Chromium)
 * the `qr-scanner` library, loaded only when a guest opens the scanner, decoding in a web worker.
 */
async function createFrameReader(): Promise<FrameReader> {
  const Detector = detectorClass();
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
  }
  const { default: QrScannerLib } = await import(/* webpackChunkName: "qr-scanner" */ 'qr-scanner');
  const engine = await QrScannerLib.createQrEngine();
  const canvas = document.createElement('canvas');
  return async (video) => {
    try {
      const result = await QrScannerLib.scanImage(video, { returnDetailedScanResult: true, qrEngine: engine, canvas });
      return [result.data];
    } catch {
      return []; // no code in this frame
    }
  };
}

/** Whether this device can scan a table QR code in the page (a camera; the reader is native or the library). */
export function canScanQr(): boolean {
  return typeof window !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * Table QR scanner (requirements#screens, requirements#shop-validation, requirements#constants): rear camera preferred, at most 10 scans per second, a
 * camera permission hint after 3 s, foreign and unreadable codes reported as toasts.
 */
export function QrScanner({
  onTable,
  onStop,
  onFailed,
}: {
  onTable: (table: string) => void;
  onStop: () => void;
  /** The camera could not be started: the owner goes back to the keypad and says so. */
  onFailed?: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [hint, setHint] = useState(false);
  const [failed, setFailed] = useState(false);
  const failedRef = useRef(onFailed);
  failedRef.current = onFailed;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    let lastReport = '';
    const hintTimer = window.setTimeout(() => setHint(true), SHOP_CONSTANTS.cameraHintMs);

    const scan = async (read: FrameReader) => {
      if (stopped || !video.current) return;
      try {
        for (const rawValue of await read(video.current)) {
          const result = readTableQr(rawValue, window.location.host);
          if (result.kind === 'table') {
            stopped = true;
            onTable(result.table);
            return;
          }
          if (result.kind !== 'ignored' && rawValue !== lastReport) {
            lastReport = rawValue;
            emit('shell:overlay', { kind: 'toast', text: result.kind === 'foreign' ? shellTexts.tableQrForeign : shellTexts.tableQrUnreadable });
          }
        }
      } catch {
        /* a frame that cannot be read: try the next one */
      }
      if (!stopped) timer = window.setTimeout(() => void scan(read), 1000 / SHOP_CONSTANTS.qrMaxScansPerSecond);
    };

    void (async () => {
      try {
        const reader = createFrameReader();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
        if (stopped || !video.current) {
          stream.getTracks().forEach((track) => track.stop()); // closed while the camera was being opened
          return;
        }
        window.clearTimeout(hintTimer);
        setHint(false);
        video.current.srcObject = stream;
        await video.current.play();
        void scan(await reader);
      } catch {
        window.clearTimeout(hintTimer);
        if (stopped) return;
        if (failedRef.current) failedRef.current();
        else setFailed(true);
      }
    })();

    return () => {
      stopped = true;
      window.clearTimeout(timer);
      window.clearTimeout(hintTimer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [onTable]);

  return (
    <div className={css.scanner} data-testid="table-scanner">
      {failed ? <Notice error>{shellTexts.tableCameraFailed}</Notice> : <video ref={video} className={css.scannerVideo} muted playsInline />}
      {hint && !failed ? <p className={css.dialogText}>{shellTexts.tableCameraHint}</p> : null}
      <Button variant="ghost" block onClick={onStop}>
        {shellTexts.tableCancel}
      </Button>
    </div>
  );
}
