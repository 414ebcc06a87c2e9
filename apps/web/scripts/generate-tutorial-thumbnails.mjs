// Writes the thumbnails of the bundled tutorials (public/tutorials/*.svg): a gradient card with a
// simple pictogram, 640x360. Text stays out of the image: the dashboard shows the title beside it.
// Run: node apps/web/scripts/generate-tutorial-thumbnails.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../public/tutorials');

const stroke =
  'fill="none" stroke="#fff" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"';
const headset = (x, y) =>
  `<rect x="${x}" y="${y}" width="220" height="110" rx="40" ${stroke}/>` +
  `<circle cx="${x + 65}" cy="${y + 55}" r="24" ${stroke}/><circle cx="${x + 155}" cy="${y + 55}" r="24" ${stroke}/>`;

const pictograms = {
  welcome: `<circle cx="320" cy="180" r="92" ${stroke}/><path d="M296 132 L372 180 L296 228 Z" fill="#fff"/>`,
  'dashboard-tour': [0, 1, 2, 3]
    .map(
      (i) =>
        `<rect x="${222 + (i % 2) * 104}" y="${82 + Math.floor(i / 2) * 104}" width="88" height="88" rx="16" ${stroke}/>`,
    )
    .join(''),
  'headset-setup': headset(210, 125),
  'meetings-schedule':
    `<rect x="220" y="90" width="200" height="180" rx="22" ${stroke}/><path d="M220 146 H420 M270 70 V110 M370 70 V110" ${stroke}/>` +
    `<path d="M282 206 L310 232 L362 180" ${stroke}/>`,
  'meetings-guests':
    `<circle cx="270" cy="140" r="38" ${stroke}/><path d="M196 262 C196 210 344 210 344 262" ${stroke}/>` +
    `<circle cx="386" cy="150" r="30" ${stroke}/><path d="M370 214 C420 206 458 226 458 262" ${stroke}/>`,
  'meetings-join-vr': `${headset(150, 125)}<path d="M410 180 H500 M468 146 L502 180 L468 214" ${stroke}/>`,
  'files-upload':
    `<path d="M230 250 H200 C160 250 150 190 196 180 C196 120 276 110 296 150 C316 110 400 116 404 176 C452 180 452 250 410 250 H380" ${stroke}/>` +
    `<path d="M305 280 V180 M268 214 L305 177 L342 214" ${stroke}/>`,
  'files-3d':
    `<path d="M320 70 L420 125 L420 235 L320 290 L220 235 L220 125 Z" ${stroke}/>` +
    `<path d="M220 125 L320 180 L420 125 M320 180 V290" ${stroke}/>`,
  'vr-menu':
    `<rect x="240" y="70" width="160" height="220" rx="22" ${stroke}/>` +
    `<path d="M280 130 H360 M280 180 H360 M280 230 H330" ${stroke}/>`,
};

const palettes = {
  welcome: ['#4c6ef5', '#7048e8'],
  'dashboard-tour': ['#1c7ed6', '#4c6ef5'],
  'headset-setup': ['#0ca678', '#1098ad'],
  'meetings-schedule': ['#f76707', '#e8590c'],
  'meetings-guests': ['#e64980', '#ae3ec9'],
  'meetings-join-vr': ['#7048e8', '#ae3ec9'],
  'files-upload': ['#1098ad', '#1c7ed6'],
  'files-3d': ['#37b24d', '#0ca678'],
  'vr-menu': ['#495057', '#343a40'],
};

for (const [name, shape] of Object.entries(pictograms)) {
  const [from, to] = palettes[name];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<rect width="640" height="360" fill="url(#g)"/>
<circle cx="560" cy="40" r="160" fill="#fff" opacity="0.07"/><circle cx="60" cy="340" r="120" fill="#fff" opacity="0.06"/>
${shape}
</svg>
`;
  writeFileSync(join(dir, `${name}.svg`), svg);
}
console.log(`wrote ${Object.keys(pictograms).length} thumbnails to ${dir}`);
