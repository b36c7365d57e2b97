import type { Page, Request } from '@playwright/test';

/** The signed-in person's live event stream (GET /api/events): open for as long as the tab is. */
const isLiveStream = (request: Request) => new URL(request.url()).pathname === '/api/events';

/**
 * Waits as `waitForLoadState('networkidle')` does (the load event, then no request for `idleMs`),
 * except that the live event stream does not count: a signed-in page holds it open, so it never
 * reaches "networkidle". Requests are watched from this call on; call it once the screen's data
 * is on screen.
 */
export async function waitForQuiet(page: Page, { idleMs = 500, timeout = 20_000 } = {}): Promise<void> {
  await page.waitForLoadState('load', { timeout });
  const pending = new Set<Request>();
  let lastChange = Date.now();
  const started = (request: Request) => {
    if (isLiveStream(request)) return;
    pending.add(request);
    lastChange = Date.now();
  };
  const ended = (request: Request) => {
    if (pending.delete(request)) lastChange = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  try {
    const deadline = Date.now() + timeout;
    while (pending.size > 0 || Date.now() - lastChange < idleMs) {
      if (Date.now() > deadline) {
        throw new Error(
          `The page did not go quiet within ${timeout} ms; still loading: ${[...pending].map((r) => r.url()).join(', ')}`,
        );
      }
      await page.waitForTimeout(50);
    }
  } finally {
    page.off('request', started);
    page.off('requestfinished', ended);
    page.off('requestfailed', ended);
  }
}
