// Screenshots of every page of a built book, for a person to look at:
//
//   node tests/js/tools/screenshots.mjs OUT_DIR [SITE_DIR]
//
// SITE_DIR (default `public`, what `worked build` writes) is opened over file://, every HTML
// page at 360 and 1280 px wide, in the light and the dark colour scheme and as printed (print
// media with a dark system theme, the case that once printed grey text), each as one PNG of the
// whole page: OUT_DIR/<page path with / as ->-<width>-<light|dark|print>.png. Uses headless
// Chromium (`CHROMIUM`, else `chromium` on PATH). Not a test: `node --test tests/js/` does not
// pick it up.
import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { launch } from './cdp.mjs';

/** The tallest picture taken; longer pages are cut there (Chromium's own limit is 16,384). */
const MAX_HEIGHT = 16000;

const [out, site = 'public'] = process.argv.slice(2);
if (!out) {
  console.error('usage: node tests/js/tools/screenshots.mjs OUT_DIR [SITE_DIR]');
  process.exit(2);
}

/** Every `.html` file under `dir`, as paths from `root`. */
function pages(dir, root = dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return pages(path, root);
    return name.endsWith('.html') ? [relative(root, path)] : [];
  }).sort();
}

const siteRoot = resolve(site);
let list;
try {
  list = pages(siteRoot);
} catch (error) {
  console.error(`cannot read ${siteRoot} (build the book first with \`worked build\`): ${error.message}`);
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const browser = await launch();
let taken = 0;
try {
  const tab = await browser.page();
  for (const page of list) {
    for (const width of [360, 1280]) {
      for (const mode of ['light', 'dark', 'print']) {
        await tab.send('Emulation.setEmulatedMedia', {
          media: mode === 'print' ? 'print' : 'screen',
          features: [{ name: 'prefers-color-scheme', value: mode === 'light' ? 'light' : 'dark' }],
        });
        const metrics = (height) => tab.send('Emulation.setDeviceMetricsOverride', {
          width, height, deviceScaleFactor: 1, mobile: width < 600,
        });
        await metrics(800);
        await tab.goto(pathToFileURL(join(siteRoot, page)).href);
        const height = Math.min(MAX_HEIGHT, await tab.evaluate('document.documentElement.scrollHeight'));
        await metrics(height);
        const { data } = await tab.send('Page.captureScreenshot', { format: 'png' });
        const name = `${page.replace(/\.html$/, '').replaceAll('/', '-')}-${width}-${mode}.png`;
        writeFileSync(join(out, name), Buffer.from(data, 'base64'));
        taken++;
      }
    }
  }
} finally {
  await browser.close();
}
console.log(`${taken} screenshots of ${list.length} pages in ${resolve(out)}`);
