// Generates the install assets in public/icons/ from one SVG mark:
// icon.svg, icon-192/512.png, icon-maskable-512.png, apple-touch-icon.png (180), and the
// install-sheet screenshots (narrow and wide). Run: node scripts/make-icons.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '..', 'public', 'icons');
mkdirSync(out, { recursive: true });

const C = {
  bg: '#101322',
  surface: '#1a1f36',
  raised: '#242a47',
  border: '#343b61',
  text: '#f4f5fb',
  muted: '#a9afcb',
  primary: '#5b7cfa',
  accent: '#ffc83d',
  success: '#2fbf71',
};

const f = (n) => Math.round(n * 10) / 10;

/** Two arrowed arcs (the spin) around an isometric block, drawn in a 512 box around (256, 256). */
function mark() {
  const cx = 256;
  const cy = 256;
  const R = 196;
  const pt = (deg, r = R) => [cx + r * Math.cos((deg * Math.PI) / 180), cy + r * Math.sin((deg * Math.PI) / 180)];
  const arc = (from, to) => {
    const [x1, y1] = pt(from);
    const [x2, y2] = pt(to);
    const [tx, ty] = [-Math.sin((to * Math.PI) / 180), Math.cos((to * Math.PI) / 180)];
    const [nx, ny] = [Math.cos((to * Math.PI) / 180), Math.sin((to * Math.PI) / 180)];
    const tip = [x2 + tx * 34, y2 + ty * 34];
    const a = [x2 + nx * 30, y2 + ny * 30];
    const b = [x2 - nx * 30, y2 - ny * 30];
    return (
      `<path d="M${f(x1)} ${f(y1)} A${R} ${R} 0 0 1 ${f(x2)} ${f(y2)}" fill="none" stroke="${C.accent}" stroke-width="26" stroke-linecap="round"/>` +
      `<path d="M${f(a[0])} ${f(a[1])} L${f(tip[0])} ${f(tip[1])} L${f(b[0])} ${f(b[1])} Z" fill="${C.accent}" stroke="${C.accent}" stroke-width="8" stroke-linejoin="round"/>`
    );
  };
  // Isometric block: top, left and right faces, with a bevel line for depth.
  const s = 112;
  const top = [cx, cy - s];
  const ul = [cx - s * 0.87, cy - s / 2];
  const ur = [cx + s * 0.87, cy - s / 2];
  const mid = [cx, cy];
  const ll = [cx - s * 0.87, cy + s / 2];
  const lr = [cx + s * 0.87, cy + s / 2];
  const bot = [cx, cy + s];
  const poly = (pts, fill) => `<polygon points="${pts.map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="${fill}"/>`;
  return (
    arc(200, 320) +
    arc(20, 140) +
    poly([top, ur, mid, ul], '#9db0ff') +
    poly([ul, mid, bot, ll], C.primary) +
    poly([ur, lr, bot, mid], '#3b55c4') +
    `<polyline points="${[ul, mid, ur].map(([x, y]) => `${f(x)},${f(y)}`).join(' ')}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="4"/>` +
    `<path d="M${f(mid[0])} ${f(mid[1])} L${f(bot[0])} ${f(bot[1])}" stroke="#ffffff" stroke-opacity="0.2" stroke-width="4"/>`
  );
}

const background = (rounded) =>
  `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${C.raised}"/><stop offset="1" stop-color="${C.bg}"/></linearGradient></defs>` +
  `<rect width="512" height="512" ${rounded ? 'rx="112"' : ''} fill="url(#g)"/>`;

/** The app icon: rounded tile (purpose any) or full-bleed with the mark inside the 80% safe circle (maskable). */
function iconSvg({ maskable = false } = {}) {
  const scale = maskable ? 0.74 : 0.86;
  const shift = 256 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">${background(!maskable)}<g transform="translate(${f(shift)} ${f(shift)}) scale(${scale})">${mark()}</g></svg>`;
}

function card(x, y, w, h, title, price, tag) {
  return (
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="18" fill="${C.surface}" stroke="${C.border}" stroke-width="2"/>` +
    `<rect x="${x + 20}" y="${y + 20}" width="${w - 40}" height="${h - 150}" rx="12" fill="${C.raised}"/>` +
    `<g transform="translate(${x + w / 2 - 40} ${y + 20 + (h - 150) / 2 - 40}) scale(0.156)">${mark()}</g>` +
    `<text x="${x + 20}" y="${y + h - 88}" font-family="DejaVu Sans" font-size="26" font-weight="700" fill="${C.text}">${title}</text>` +
    `<text x="${x + 20}" y="${y + h - 54}" font-family="DejaVu Sans" font-size="20" fill="${C.muted}">${tag}</text>` +
    `<text x="${x + w - 20}" y="${y + h - 24}" text-anchor="end" font-family="DejaVu Sans" font-size="26" font-weight="700" fill="${C.accent}">${price}</text>`
  );
}

const ITEMS = [
  ['$50,000 Cash', '$9.50', 'Cash'],
  ['AK-47', '$18.00', 'Assault rifles'],
  ['Glock', '$2.00', 'Pistols'],
  ['RPG', '$19.99', 'Special'],
  ['Remington', '$18.00', 'Shotguns'],
  ['M24', '$14.00', 'Sniper rifles'],
  ['Draco', '$11.00', 'Assault rifles'],
  ['Crossbow', '$13.00', 'Special'],
];

/** An install-sheet picture of the shop, laid out for a phone (narrow) or a desktop/tablet (wide). */
function screenshotSvg(width, height, columns) {
  const pad = 32;
  const header = 120;
  const gap = 24;
  const cardW = (width - pad * 2 - gap * (columns - 1)) / columns;
  const cardH = 330;
  const rows = Math.floor((height - header - 140) / (cardH + gap));
  let cards = '';
  ITEMS.slice(0, rows * columns).forEach(([t, p, tag], i) => {
    cards += card(pad + (i % columns) * (cardW + gap), header + 110 + Math.floor(i / columns) * (cardH + gap), cardW, cardH, t, p, tag);
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<rect width="${width}" height="${height}" fill="${C.bg}"/>` +
    `<rect width="${width}" height="${header}" fill="${C.surface}"/>` +
    `<g transform="translate(${pad} 24) scale(0.14)">${iconSvg().replace(/<\/?svg[^>]*>/g, '')}</g>` +
    `<text x="${pad + 92}" y="76" font-family="DejaVu Sans" font-size="34" font-weight="700" fill="${C.text}">Blockspin Market</text>` +
    `<rect x="${width - pad - 150}" y="34" width="150" height="52" rx="26" fill="${C.primary}"/>` +
    `<text x="${width - pad - 75}" y="69" text-anchor="middle" font-family="DejaVu Sans" font-size="22" font-weight="700" fill="#fff">Cart · 2</text>` +
    `<text x="${pad}" y="${header + 66}" font-family="DejaVu Sans" font-size="40" font-weight="700" fill="${C.text}">Shop</text>` +
    `<text x="${pad + 130}" y="${header + 66}" font-family="DejaVu Sans" font-size="24" fill="${C.muted}">Cash, guns and gear — works offline</text>` +
    cards +
    `</svg>`
  );
}

async function png(svg, size, file) {
  const buffer = await sharp(Buffer.from(svg), { density: 72 * (Array.isArray(size) ? 1 : size / 512) })
    .resize(...(Array.isArray(size) ? size : [size, size]))
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeFileSync(path.join(out, file), buffer);
  console.log(file, buffer.length, 'bytes');
}

writeFileSync(path.join(out, 'icon.svg'), iconSvg());
await png(iconSvg(), 192, 'icon-192.png');
await png(iconSvg(), 512, 'icon-512.png');
await png(iconSvg({ maskable: true }), 512, 'icon-maskable-512.png');
// iOS draws its own rounded corners on a full tile.
await png(iconSvg({ maskable: true }), 180, 'apple-touch-icon.png');
await png(screenshotSvg(720, 1280, 2), [720, 1280], 'screenshot-narrow.png');
await png(screenshotSvg(1280, 800, 4), [1280, 800], 'screenshot-wide.png');
