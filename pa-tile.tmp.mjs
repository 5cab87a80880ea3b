import sharp from 'sharp';
const [out, ...files] = process.argv.slice(2);
const w = 390, h = 844, cols = 4, scale = 0.5;
const tiles = await Promise.all(files.map((f) => sharp(f).resize(Math.round(w * scale), Math.round(h * scale), { fit: 'contain', position: 'top' }).toBuffer()));
const rows = Math.ceil(files.length / cols);
await sharp({ create: { width: Math.round(w * scale) * cols, height: Math.round(h * scale) * rows, channels: 3, background: '#fff' } })
  .composite(tiles.map((input, i) => ({ input, left: (i % cols) * Math.round(w * scale), top: Math.floor(i / cols) * Math.round(h * scale) })))
  .png().toFile(out);
