import { useLingui } from "@lingui/react/macro";
import { useRouter } from "@tanstack/react-router";
import { useState } from "react";

import { goBack } from "@/ui/back";
import { Field } from "@/ui/Field";
import { NavBar } from "@/ui/NavBar";
import type { Place } from "#contract/location";

import { coordsText, returnHref } from "./place";
import { type PositionState, usePosition } from "./use-position";

/**
 * The spec's choose-location page: the device's position (asked on a tap) or a typed address, handed back to
 * the page that asked (`returnTo`, a path of this app) in its search, or one page back when none asked.
 */
export function ChooseLocationPage({ returnTo }: { returnTo: string | null }) {
  const { t } = useLingui();
  const router = useRouter();
  const [position, askPosition] = usePosition();
  const [name, setName] = useState("");
  const [address, setAddress] = useState("");
  const coords = position.kind === "got" ? position.coords : null;
  const accuracy = position.kind === "got" ? position.accuracy : 0;
  const place: Place = { name: name.trim(), address: address.trim(), coords };
  const usable = place.coords !== null || place.address !== "";

  const refusals: Partial<Record<PositionState["kind"], string>> = {
    denied: t`Location access was refused. To use your location, allow location for this site in your browser's settings, or type an address below.`,
    unavailable: t`Your location could not be found right now. Try again, or type an address below.`,
    timeout: t`Finding your location took too long. Try again, or type an address below.`,
    unsupported: t`This browser cannot share its location. Type an address below.`,
  };
  const refusal = refusals[position.kind];

  const use = () => {
    if (!usable) return;
    // the picker gives way to the caller: back from there goes where the caller's back went
    if (returnTo) void router.navigate({ href: returnHref(returnTo, place), replace: true });
    else goBack(router);
  };

  return (
    <main className="page place-page">
      <NavBar title={t`Choose location`} />
      <section className="place-card" aria-labelledby="current-location-title">
        <h2 className="place-card-title" id="current-location-title">
          {t`Your current location`}
        </h2>
        <button type="button" className="button" onClick={askPosition} disabled={position.kind === "asking"} data-testid="ask-position">
          {position.kind === "asking" ? t`Finding your location…` : t`Use my current location`}
        </button>
        {position.kind === "got" && (
          <p className="place-coords" data-testid="position">
            <span className="record-sub">{t`Your location`}</span> <span data-testid="position-coords">{coordsText(position.coords)}</span>{" "}
            <span className="record-sub">{t`within about ${accuracy} m`}</span>
          </p>
        )}
        {refusal && (
          <p className="notice" role="alert" data-testid="position-refusal">
            {refusal}
          </p>
        )}
      </section>
      <form
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          use();
        }}
      >
        <h2 className="section-title">{coords ? t`Add a name or an address (optional)` : t`Or type an address`}</h2>
        <Field label={t`Place name (optional)`} value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
        <Field
          label={t`Address`}
          value={address}
          maxLength={200}
          autoComplete="street-address"
          onChange={(event) => setAddress(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={!usable} data-testid="use-location">
          {t`Use this location`}
        </button>
        {!usable && <p className="button-why">{t`Get your location or type an address first.`}</p>}
      </form>
    </main>
  );
}
