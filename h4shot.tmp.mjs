import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless=new','--no-sandbox','--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 375, height: 812 } });
await p.goto('http://127.0.0.1:3204/' + (process.argv[2] ?? ''));
await p.locator('html[data-app-ready]').waitFor({ state: 'attached' });
await p.waitForLoadState('networkidle');
const starts = process.argv.slice(3).map(Number);
for (const y of starts) await p.screenshot({ path: `/tmp/h4-shot-${y}.png`, fullPage: true, clip: { x: 0, y, width: 375, height: 1800 } });
await b.close();
