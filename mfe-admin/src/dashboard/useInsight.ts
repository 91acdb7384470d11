import { call, urlOf, refusalMessage, useLoad, useSearchParams, type InsightPeriod } from '@shop/shared';
import { INSIGHT_PERIODS } from '@shop/shared/src/contract';

/** What the dashboard asks for: a period ending today, or a custom range of ISO dates (both inclusive). */
export type InsightChoice = { period: InsightPeriod } | { from: string; to: string };

export const DEFAULT_CHOICE: InsightChoice = { period: 'month' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The choice the page's URL holds (?period=week, or ?from=…&to=…), else the last 30 days. */
export function choiceFromParams(params: URLSearchParams): InsightChoice {
  const period = params.get('period');
  if (period && (INSIGHT_PERIODS as readonly string[]).includes(period)) return { period: period as InsightPeriod };
  const from = params.get('from');
  const to = params.get('to');
  if (from && to && ISO_DATE.test(from) && ISO_DATE.test(to)) return { from, to };
  return DEFAULT_CHOICE;
}

const insightQuery = (choice: InsightChoice) => ('period' in choice ? { period: choice.period } : { from: choice.from, to: choice.to });
export const insightUrl = (choice: InsightChoice) => urlOf('insight', { query: insightQuery(choice) });

/**
 * The dashboard's insight for the period in the URL (kept there, so a reload or a shared link shows the
 * same), and a way to choose another. The last answer stays on screen while the next one loads.
 */
export function useInsight() {
  const [params, setParams] = useSearchParams();
  const choice = choiceFromParams(params);
  const loaded = useLoad(insightUrl(choice), () => call('insight', { query: insightQuery(choice) }).then(({ data }) => data), { keep: true });
  const choose = (next: InsightChoice) =>
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        for (const key of ['period', 'from', 'to']) out.delete(key);
        if ('period' in next) out.set('period', next.period);
        else {
          out.set('from', next.from);
          out.set('to', next.to);
        }
        return out;
      },
      { replace: true },
    );
  const error = loaded.status === 'failed' ? refusalMessage(loaded.error, 'Failed to fetch insight') : null;
  return { choice, choose, loaded, error };
}
