import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * axe's serious and critical findings on the page as it is, one line each (none expected).
 *
 * Legacy mode runs `axe.run` in the page itself instead of a partial run per frame finished in a
 * new blank page, and only violations are gathered (passes are not read): ~0.7 s a page instead
 * of ~2.4 s on a slow guest, over a hundred times a suite. Legacy mode leaves cross-origin frames
 * untested, and the client has no frames.
 */
export async function seriousAccessibilityIssues(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes[0]?.target.join(' ')})`);
}
