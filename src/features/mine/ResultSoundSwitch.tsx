import { useLingui } from "@lingui/react/macro";
import { useState } from "react";

import { readResultSound, writeResultSound } from "@/ui/result-cue";

import { MenuSwitch } from "./MenuSwitch";
import { ResultSoundIcon } from "./MineIcons";

/** Mine's switch for the tone and vibration when an order's result appears: on until turned off, on this device. */
export function ResultSoundSwitch() {
  const { t } = useLingui();
  const [on, setOn] = useState(readResultSound);
  return (
    <MenuSwitch
      testId="result-sound"
      icon={<ResultSoundIcon />}
      label={t`Sound on order results`}
      hint={t`A short tone, and a vibration where the phone has it, when an order's result appears.`}
      checked={on}
      onChange={(checked) => {
        setOn(checked);
        writeResultSound(checked);
      }}
    />
  );
}
