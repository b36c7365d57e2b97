// Temporary: screenshots and transferred bytes of the home page in both languages (not committed).
import { chromium } from '@playwright/test';
const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const lang of ['en', 'bn']) {
  for (const width of [360, 1280]) {
    const ctx = await browser.newContext({ viewport: { width, height: 900 }, locale: lang === 'bn' ? 'bn-BD' : 'en-US' });
    await ctx.addInitScript((l) => localStorage.setItem('meramot-language', l), lang);
    const page = await ctx.newPage();
    const sizes = { js: 0, css: 0, font: 0, json: 0 };
    page.on('response', async (r) => {
      const type = r.request().resourceType();
      const len = Number((await r.allHeaders())['content-length'] ?? 0) || (await r.body().catch(() => Buffer.alloc(0))).length;
      if (type === 'script') sizes.js += len; else if (type === 'stylesheet') sizes.css += len; else if (type === 'font') sizes.font += len; else if (r.url().includes('/api/')) sizes.json += len;
    });
    for (const [name, path] of [['home', '/'], ['services', '/services'], ['login', '/login']]) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      await page.screenshot({ path: `/tmp/shots/${lang}-${width}-${name}.png`, fullPage: name !== 'home' });
      if (name === 'home') console.log(lang, width, 'home transferred (as served, compressed when the server compresses):', JSON.stringify(sizes), 'html lang=', await page.getAttribute('html', 'lang'));
    }
    await ctx.close();
  }
}
await browser.close();
