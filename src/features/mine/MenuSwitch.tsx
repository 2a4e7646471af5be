import type { ReactNode } from "react";

/** A row of Mine's menu that is a switch: icon, label, a hint under it, the switch at the end (the whole row toggles). */
export function MenuSwitch(props: {
  testId: string;
  icon: ReactNode;
  label: string;
  hint: string;
  hintTestId?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <li>
      <label className="menu-item menu-item-tall" data-testid={props.testId}>
        {props.icon}
        <span className="menu-label">
          {props.label}
          <small className="menu-hint" data-testid={props.hintTestId}>
            {props.hint}
          </small>
        </span>
        <input
          type="checkbox"
          role="switch"
          className="menu-switch"
          checked={props.checked}
          disabled={props.disabled}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      </label>
    </li>
  );
}
