import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Axe (WCAG 2.1 A and AA, best practices) on the page as it is: no serious or critical violation. */
export async function expectAxeClean(page: Page, what: string): Promise<void> {
  // Transitions finished, so colours are measured as they end up.
  await page.evaluate(() => document.getAnimations().forEach((a) => a.finish?.()));
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
