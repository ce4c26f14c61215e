/**
 * Renders the home banners (public/images/banners/*.svg, the art's source) to WebP at the widths
 * components/home/banners.ts offers: a raster paints without the SVG's own document and its CJK text
 * layout before the first frame (docs/decisions/paint-first.md). Run after changing a banner's SVG:
 * `node scripts/banners-raster.mjs`. Needs the Noto Sans CJK fonts (fonts-noto-cjk) for the text.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { BANNER_WIDTHS } from '../components/home/banner-widths.mjs';

const DIR = path.join(import.meta.dirname, '..', 'public', 'images', 'banners');
/** The art's own width (its viewBox is 1200×400). */
const ART_WIDTH = 1200;

for (const file of readdirSync(DIR).filter((f) => f.endsWith('.svg'))) {
  for (const width of BANNER_WIDTHS) {
    const out = path.join(DIR, `${path.basename(file, '.svg')}-${width}.webp`);
    // The SVG rasterised at the target width itself (density), not scaled down from 1200 px: sharper text.
    const info = await sharp(path.join(DIR, file), { density: (72 * width) / ART_WIDTH }).resize(width).webp({ quality: 70 }).toFile(out);
    console.log(`${path.relative(process.cwd(), out)} ${info.width}×${info.height} ${(info.size / 1000).toFixed(1)} kB`);
  }
}
