import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A ticket's QR code, drawn from the signed code with the `qrcode` library's matrix (the same
 * library the server uses for e-mails and PDFs). Synchronous and offline: nothing to fetch, so it
 * prints and shows even when the network drops at the gate.
 */
export function TicketQr({ code, label, size = 200 }: { code: string; label: string; size?: number }) {
  const { path, count } = useMemo(() => {
    const { modules } = QRCode.create(code, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.get(row, col)) d += `M${col + 4},${row + 4}h1v1h-1z`;
    // Four modules of quiet zone on every side, as scanners expect.
    return { path: d, count: modules.size + 8 };
  }, [code]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
    >
      <rect width={count} height={count} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
