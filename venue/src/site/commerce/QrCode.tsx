import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser from its text (the PIX BR Code): an image with its alternative text. */
export const QrCode = ({ text, label, size = 240 }: { text: string; label: string; size?: number }) => {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    toDataURL(text, { width: size, margin: 2, errorCorrectionLevel: 'M' })
      .then((url) => live && setSrc(url))
      .catch(() => live && setSrc(null));
    return () => {
      live = false;
    };
  }, [text, size]);
  return src ? (
    <img src={src} alt={label} width={size} height={size} style={{ background: '#fff', borderRadius: 8 }} />
  ) : (
    <div role="img" aria-label={label} style={{ width: size, height: size, background: 'rgba(255,255,255,0.08)', borderRadius: 8 }} />
  );
};
