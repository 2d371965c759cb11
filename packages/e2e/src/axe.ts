import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** The WCAG 2.0–2.2 A/AA rules (target size included) and axe's best practices (landmarks, headings). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

let source: string | undefined;

/**
 * axe-core's violations on the page as it is now, one readable line each (rule, what it asks,
 * where). axe runs in the page through the browser's protocol, so the page's CSP stays as strict
 * as users get it.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  source ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(source);
  const violations = await page.evaluate(async (tags) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: unknown,
            options: unknown,
          ): Promise<{ violations: Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }> }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  }, TAGS);
  return violations;
}
