import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Ends every transition and entrance animation now, so colours are measured as they end up. An
 * endless one (a loading spinner still turning on a slow machine) cannot be finished and is left.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    document.getAnimations().forEach((a) => {
      if (Number.isFinite(Number(a.effect?.getComputedTiming().endTime))) a.finish();
    }),
  );
}

/** Axe (WCAG 2.1 A and AA, best practices) on the page as it is: no serious or critical violation. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}\n    ${n.failureSummary?.replace(/\n/g, '\n    ')}`).join('\n')}`,
    )
    .join('\n\n');
  expect(
    bad.map((v) => `${v.impact} ${v.id}`),
    `${what}:\n${report}`,
  ).toEqual([]);
}
