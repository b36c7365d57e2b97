import { chromium } from 'playwright';
const base = process.argv[2] ?? 'http://127.0.0.1:3999';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage({ viewport: { width: 360, height: 800 } });
const logs = [];
page.on('console', (m) => logs.push(`${m.type()}: ${m.text()}`));
page.on('pageerror', (e) => logs.push(`pageerror: ${e.message}`));
const res = await (await fetch(base + '/api/services?limit=1')).json();
const svc = (res.services ?? res.items ?? res)[0];
console.log('svc', svc?._id ?? svc?.id);
const paths = ['/', '/bn', '/services', '/bn/services?q=phone', `/services/${svc._id ?? svc.id}`, '/about', '/nope'];
for (const p of paths) {
  logs.length = 0;
  const serverHtml = await (await fetch(base + p)).text();
  await page.goto(base + p, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const text = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 120));
  console.log(p, page.url(), JSON.stringify(text), logs);
  await page.screenshot({ path: `/tmp/diag/shot-${p.replace(/[^a-z0-9]/gi, '_')}.png` });
}
// interactions: language switch, mobile menu
await page.goto(base + '/services', { waitUntil: 'networkidle' });
const btns = await page.$$eval('header button, header a', (els) => els.map((e) => e.getAttribute('aria-label') || e.textContent.trim()).slice(0, 30));
console.log('header', btns);
await browser.close();
