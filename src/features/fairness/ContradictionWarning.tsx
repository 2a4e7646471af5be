import { Trans, useLingui } from "@lingui/react/macro";

import { useFairTime } from "./fair-time";
import type { Contradiction } from "./seen-record";

/**
 * Said loudly: the platform's public record now says something else than it said to this device before. The
 * values are shown whole, so the customer can copy them as evidence.
 */
export function ContradictionWarning({ found, symbols }: { found: readonly Contradiction[]; symbols: ReadonlyMap<number, string> }) {
  const { t } = useLingui();
  const time = useFairTime();
  if (found.length === 0) return null;
  return (
    <section className="fair-warning" role="alert" data-testid="fair-contradiction">
      <h2>{t`Warning: the record changed after you saw it`}</h2>
      <p>
        <Trans>
          This device kept the commitments and chain heads it was shown. The server now shows other values for the minutes below. An honest
          record never changes once published: keep these values and contact customer service.
        </Trans>
      </p>
      <ul className="fair-evidence">
        {found.map((c) => {
          const minute = `${time.day(c.minute * 60)} ${time.minute(c.minute * 60)}`;
          const symbol = symbols.get(c.pid ?? 0) ?? `#${c.pid ?? ""}`;
          return (
            <li key={`${c.kind}-${c.pid ?? ""}-${c.minute}-${c.stored}-${c.shown ?? ""}`}>
              <strong>{c.kind === "head" ? t`Chain head of ${symbol} at ${minute}` : t`Commitment of ${minute}`}</strong>
              <span>{t`Seen before: ${c.stored}`}</span>
              <span>{c.shown === null ? t`Now: missing` : t`Now: ${c.shown}`}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
