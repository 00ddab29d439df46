// Makes the web app's icons (public/icons) from the favicon's drawing; run once when the logo changes.
import sharp from 'sharp';

// Regular icon: the favicon as is. Maskable: full-bleed green with the ticket inside the safe zone (80%).
const regular = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#047857"/><path d="M18 20h28v8a4 4 0 0 0 0 8v8H18v-8a4 4 0 0 0 0-8z" fill="#fff"/><path d="M30 24v16" stroke="#047857" stroke-width="3" stroke-dasharray="3 3"/></svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#047857"/><g transform="translate(32 32) scale(1.3) translate(-32 -32)"><path d="M18 20h28v8a4 4 0 0 0 0 8v8H18v-8a4 4 0 0 0 0-8z" fill="#fff"/><path d="M30 24v16" stroke="#047857" stroke-width="3" stroke-dasharray="3 3"/></g></svg>`;
for (const size of [192, 512]) {
  await sharp(Buffer.from(regular), { density: 1200 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/icon-${size}.png`);
  await sharp(Buffer.from(maskable), { density: 1200 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(`public/icons/maskable-${size}.png`);
}
await sharp(Buffer.from(regular), { density: 1200 })
  .resize(180, 180)
  .flatten({ background: '#047857' })
  .png()
  .toFile('public/icons/apple-touch-icon.png');
