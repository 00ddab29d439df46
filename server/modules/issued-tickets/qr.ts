import QRCode from 'qrcode';

/**
 * QR images of ticket codes, from the `qrcode` library. Error correction M keeps a 130-character
 * code at a size cheap phone cameras read easily while surviving a crease or a cracked screen.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

export async function qrSvg(code: string): Promise<string> {
  return QRCode.toString(code, { ...OPTIONS, type: 'svg' });
}

export async function qrDataUrl(code: string): Promise<string> {
  return `data:image/svg+xml;base64,${Buffer.from(await qrSvg(code)).toString('base64')}`;
}

export async function qrPng(code: string, width = 360): Promise<Buffer> {
  return QRCode.toBuffer(code, { ...OPTIONS, type: 'png', width });
}
