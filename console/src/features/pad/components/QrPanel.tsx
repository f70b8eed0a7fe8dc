/**
 * "Scan to check in" (docs/product-rules.md R19.9): the tablet's own QR code, whose token the server accepts for
 * three minutes. It is asked for anew every minute and drawn here, in the browser; a failed call keeps the last
 * code, still valid for a while, and a refusal (the QR code no longer offered) hides the panel.
 */
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isOffline, padApi } from '../api.ts';

const REFRESH_MS = 60_000;

interface Code {
  url: string;
  image: string;
}

export function QrPanel({ booking }: { booking: boolean }) {
  const { t } = useTranslation('pad');
  const [code, setCode] = useState<Code | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      try {
        const { url } = await padApi.qr();
        // Dark on white with a quiet zone, large enough for a phone a metre away.
        const image = await QRCode.toDataURL(url, { margin: 2, width: 320, errorCorrectionLevel: 'M' });
        if (live) setCode({ url, image });
      } catch (err) {
        if (live && !isOffline(err)) setCode(null);
      }
    };
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  if (!code) return null;
  return (
    <section className="pad-qr" aria-labelledby="pad-qr-title" data-testid="pad-qr">
      <img className="pad-qr-image" src={code.image} alt={t('qr.alt')} data-testid="pad-qr-image" data-url={code.url} />
      <div>
        <h2 id="pad-qr-title" className="pad-qr-title">
          {booking ? t('qr.titleBook') : t('qr.title')}
        </h2>
        <p className="pad-qr-hint">{t('qr.hint')}</p>
      </div>
    </section>
  );
}
