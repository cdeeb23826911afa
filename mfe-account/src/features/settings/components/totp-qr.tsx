import { renderSVG } from 'uqr';

/**
 * The setup's QR code: the `otpauth://` link as an SVG picture (dark on white whatever the
 * theme, as scanners expect). Its own module, loaded with the setup step only, so the QR
 * encoder is not part of Settings until someone sets the app up.
 */
export default function TotpQr({ url }: { url: string }) {
  const svg = renderSVG(url, { border: 2, pixelSize: 6 });
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt="QR code to scan with your authenticator app"
      width={176}
      height={176}
      className="size-44 rounded-box border border-base-300 bg-white p-1"
    />
  );
}
