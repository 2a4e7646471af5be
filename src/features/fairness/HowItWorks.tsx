import { Trans, useLingui } from "@lingui/react/macro";

/** The idea in a customer's words; docs/fairness.md is the exact specification for anyone writing a checker. */
export function HowItWorks() {
  const { t } = useLingui();
  return (
    <section className="fair-section" aria-labelledby="fair-how">
      <h2 className="section-title" id="fair-how">{t`How it works`}</h2>
      <ol className="fair-how">
        <li>
          <Trans>
            At least 15 minutes before each minute starts, the platform picks a secret number for it and publishes its fingerprint, called a
            commitment. Nobody can work the secret out from it.
          </Trans>
        </li>
        <li>
          <Trans>
            Every simulated price of that minute is computed from the secret and the price before it, by a published formula. So the prices
            were fixed before your order was placed, and nobody could change them afterwards.
          </Trans>
        </li>
        <li>
          <Trans>
            A few seconds after the minute ends, the secret is published. Anyone can check that it matches the commitment and compute the
            prices again. The Verify button on a settled order does this in your browser.
          </Trans>
        </li>
        <li>
          <Trans>
            Every recorded price is linked to the one before it, like a chain, and the end of each product's chain is published after every
            minute. Changing any old price would break the chain.
          </Trans>
        </li>
        <li>
          <Trans>
            An order whose price had no commitment in time (after a restart, for example) is void: its amount and fee come back to your
            balance. This device remembers what it was shown and warns you if the record changes later.
          </Trans>
        </li>
      </ol>
    </section>
  );
}
