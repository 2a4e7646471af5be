import { useLingui } from "@lingui/react/macro";

import { copyText } from "@/ui/copy";
import { Empty } from "@/ui/Empty";
import { NavBar } from "@/ui/NavBar";
import { CopyIcon } from "@/ui/PageIcons";

import { coordsText, geoLink, mapLink, type ParsedPlace, type PlaceProblem, placeText } from "./place";
import { PlaceArt } from "./PlaceArt";

/** The spec's open-location page: one named place, handed on to a maps app or openstreetmap.org, or copied. */
export function OpenLocationPage({ parsed }: { parsed: ParsedPlace }) {
  const { t } = useLingui();
  const problems: Record<PlaceProblem, string> = {
    missing: t`This link names no place: it needs coordinates (lat and lng) or an address.`,
    coordinates: t`The coordinates in this link are not valid: latitude must be between -90 and 90, longitude between -180 and 180.`,
    text: t`The name or address in this link is too long or not plain text.`,
  };
  if ("problem" in parsed)
    return (
      <main className="page">
        <NavBar title={t`Location`} />
        <div data-testid="place-problem">
          <Empty title={t`No place to show`} text={problems[parsed.problem]} />
        </div>
      </main>
    );
  const { place } = parsed;
  return (
    <main className="page place-page">
      <NavBar title={t`Location`} />
      <PlaceArt />
      <section className="place-card" data-testid="place">
        <h2 className="place-name">{place.name || place.address}</h2>
        {place.name && place.address && <p className="record-sub">{place.address}</p>}
        {place.coords ? (
          <p className="place-coords">
            <span className="record-sub">{t`Coordinates`}</span> <span data-testid="place-coords">{coordsText(place.coords)}</span>
          </p>
        ) : (
          <p className="record-sub">{t`Only the address is known: maps will search for it.`}</p>
        )}
      </section>
      <div className="place-actions">
        {/* each opens outside the app, in a new window: the maps app for geo:, a browser tab for the map site */}
        <a className="button button-primary" href={geoLink(place)} target="_blank" rel="noopener noreferrer" data-testid="open-geo">
          {t`Open in maps app`}
        </a>
        <a className="button" href={mapLink(place)} target="_blank" rel="noopener noreferrer" data-testid="open-map">
          {t`Open on OpenStreetMap`}
        </a>
        <button type="button" className="button" onClick={() => copyText(placeText(place))}>
          <CopyIcon /> {t`Copy location`}
        </button>
      </div>
    </main>
  );
}
