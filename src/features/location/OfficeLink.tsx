import { useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";

import { ChevronIcon } from "@/ui/PageIcons";
import type { OfficePlace } from "#contract/location";

import { toPlaceSearch } from "./place";

/** The company page's office: opens on the open-location page, which hands it to a maps app. */
export function OfficeLink({ office }: { office: OfficePlace }) {
  const { t } = useLingui();
  return (
    <ul className="record-list office-link">
      <li className="record">
        <Link to="/open-location" search={toPlaceSearch(office)} className="content-link record-line" data-testid="office-link">
          <span>
            <span className="record-sub">{t`Our office`}</span>
            <strong className="place-name">{office.name}</strong>
            <span className="record-sub">{office.address}</span>
          </span>
          <ChevronIcon />
        </Link>
      </li>
    </ul>
  );
}
