import { useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { readResultSound, writeResultSound } from "@/ui/result-cue";

import { ResultSoundIcon } from "./MineIcons";

/** Mine's switch for the tone and vibration when an order's result appears: on until turned off, on this device. */
export function ResultSoundSwitch() {
  const { t } = useLingui();
  const [on, setOn] = useState(readResultSound);
  return (
    <li>
      <label className="menu-item menu-item-tall" data-testid="result-sound">
        <ResultSoundIcon />
        <span className="menu-label">
          {t`Sound on order results`}
          <small className="menu-hint">{t`A short tone, and a vibration where the phone has it, when an order's result appears.`}</small>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="menu-switch"
          checked={on}
          onChange={(event) => {
            setOn(event.target.checked);
            writeResultSound(event.target.checked);
          }}
        />
      </label>
    </li>
  );
}
