import PDFDocument from 'pdfkit';
import { formatTicketReference } from '../../../contract/ticketReference';
import { qrPng } from './qr';

export type TicketPdfInput = {
  code: string;
  /** The ticket's short reference, printed large under the QR for a door that cannot scan it. */
  reference: string;
  eventName: string;
  when: string;
  where: string;
  attendeeName: string;
  ticketName: string;
  orderReference: string;
  testMode: boolean;
};

const BRAND = '#046c4e';

/** A one-page A5 ticket: event, date, place, attendee, type and the QR the door scans. */
export async function ticketPdf(t: TicketPdfInput): Promise<Buffer> {
  const png = await qrPng(t.code, 480);
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `${t.eventName} — ticket`, Author: 'Gatepass' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 72;
  doc.rect(0, 0, doc.page.width, 56).fill(BRAND);
  doc.fill('#ffffff').font('Helvetica-Bold').fontSize(20).text('Gatepass', 36, 18);
  if (t.testMode) doc.fontSize(11).text('TEST — not a paid ticket', 36, 24, { width, align: 'right' });
  doc.fill('#111827').font('Helvetica-Bold').fontSize(18).text(t.eventName, 36, 76, { width });
  doc.moveDown(0.4).font('Helvetica').fontSize(11).fill('#374151').text(t.when, { width });
  doc.text(t.where, { width });
  doc.moveDown(0.8);
  const row = (label: string, value: string) => {
    doc.font('Helvetica').fontSize(9).fill('#6b7280').text(label.toUpperCase(), { width });
    doc.font('Helvetica-Bold').fontSize(13).fill('#111827').text(value, { width });
    doc.moveDown(0.4);
  };
  row('Attendee', t.attendeeName);
  row('Ticket', t.ticketName);
  row('Order', t.orderReference);
  const size = 220;
  const y = Math.max(doc.y + 8, 300);
  doc.image(png, (doc.page.width - size) / 2, y, { width: size, height: size });
  doc
    .font('Courier-Bold')
    .fontSize(18)
    .fill('#111827')
    .text(formatTicketReference(t.reference), 36, y + size + 6, {
      width,
      align: 'center',
      characterSpacing: 1,
    });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fill('#6b7280')
    .text(
      'Show this QR code at the entrance. If it will not scan, staff can type the reference above. One ticket admits one person.',
      { width, align: 'center' },
    );
  doc.end();
  return done;
}
