// Renders the app icons (192, 512, maskable 512) from one SVG drawing in Chromium. Run once when the
// drawing changes: `node scripts/make-icons.mjs`; the PNGs are committed.
import { launchBrowser } from "./browser.mjs";

const drawing = (padding) => `
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="100%" height="100%">
  <rect width="100" height="100" fill="#0f1623"/>
  <g transform="translate(${padding} ${padding}) scale(${(100 - 2 * padding) / 100})">
    <rect x="8" y="8" width="84" height="84" rx="20" fill="#182233"/>
    <path d="M22 66 L40 46 L54 58 L78 32" fill="none" stroke="#f0b90b" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="78" cy="32" r="6" fill="#2ebd85"/>
  </g>
</svg>`;

const icons = [
  { file: "public/icons/icon-192.png", size: 192, padding: 0 },
  { file: "public/icons/icon-512.png", size: 512, padding: 0 },
  // maskable: the drawing stays inside the 80% safe zone that launchers may crop to
  { file: "public/icons/icon-maskable-512.png", size: 512, padding: 12 },
];

const browser = await launchBrowser();
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
  await page.setContent(`<body style="margin:0">${drawing(icon.padding)}</body>`);
  await page.screenshot({ path: icon.file, omitBackground: false });
  await page.close();
}
await browser.close();
console.log(`wrote ${icons.length} icons`);
