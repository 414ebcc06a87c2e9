// Writes public/tutorials/welcome.webm: the short welcome clip of the bundled tutorials, drawn on
// a canvas in Debian's Chromium and recorded with MediaRecorder (no ffmpeg, no downloaded asset).
// Run: node apps/web/scripts/generate-welcome-clip.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/tutorials/welcome.webm');

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
try {
  const page = await browser.newPage();
  const base64 = await page.evaluate(async () => {
    const slides = [
      ['Welcome to Roomscale', 'Meet your team in virtual reality'],
      ['Schedule meetings', 'Pick a room, invite your team and guests'],
      ['Prepare your files', 'Images, videos, 3D models and PDFs'],
      ['Put on your headset', 'Join with the meeting code'],
    ];
    const perSlide = 1600;
    const canvas = document.createElement('canvas');
    canvas.width = 640;
    canvas.height = 360;
    const g = canvas.getContext('2d');
    const draw = (t) => {
      const i = Math.min(slides.length - 1, Math.floor(t / perSlide));
      const local = (t - i * perSlide) / perSlide;
      const grad = g.createLinearGradient(0, 0, 640, 360);
      grad.addColorStop(0, '#4c6ef5');
      grad.addColorStop(1, '#7048e8');
      g.fillStyle = grad;
      g.fillRect(0, 0, 640, 360);
      g.globalAlpha = 0.08;
      g.fillStyle = '#fff';
      g.beginPath();
      g.arc(560 - t / 40, 40, 160, 0, Math.PI * 2);
      g.fill();
      g.globalAlpha = Math.min(1, local * 4, (1 - local) * 4);
      g.textAlign = 'center';
      g.font = 'bold 38px sans-serif';
      g.fillText(slides[i][0], 320, 170 + (1 - Math.min(1, local * 4)) * 12);
      g.font = '22px sans-serif';
      g.fillText(slides[i][1], 320, 215);
      g.globalAlpha = 1;
      g.fillStyle = 'rgba(255,255,255,0.35)';
      g.fillRect(0, 352, (640 * t) / (perSlide * slides.length), 8);
    };
    const stream = canvas.captureStream(24);
    const recorder = new MediaRecorder(stream, {
      mimeType: 'video/webm;codecs=vp8',
      videoBitsPerSecond: 250_000,
    });
    const parts = [];
    recorder.ondataavailable = (e) => parts.push(e.data);
    const stopped = new Promise((r) => {
      recorder.onstop = r;
    });
    const start = performance.now();
    recorder.start();
    await new Promise((resolve) => {
      const tick = () => {
        const t = performance.now() - start;
        draw(t);
        if (t < perSlide * slides.length) requestAnimationFrame(tick);
        else resolve();
      };
      tick();
    });
    recorder.stop();
    await stopped;
    const buf = await new Blob(parts, { type: 'video/webm' }).arrayBuffer();
    let s = '';
    for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
    return btoa(s);
  });
  writeFileSync(out, Buffer.from(base64, 'base64'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
