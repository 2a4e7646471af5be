import { CURRENCY } from "#contract/constants";

/** An amount with the currency unit: "1000.00 U". */
export function Money({ value }: { value: string }) {
  return (
    <span className="money">
      {value} <small>{CURRENCY}</small>
    </span>
  );
}
