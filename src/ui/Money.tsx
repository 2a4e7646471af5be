import { useAmountFormat } from "@/i18n/format";
import { CURRENCY } from "#contract/constants";

/** An amount with the currency unit, grouped for the active language: "1,000.00 U" in en, "1.000,00 U" in de. */
export function Money({ value, unit = CURRENCY }: { value: string | number; unit?: string }) {
  const amount = useAmountFormat();
  return (
    <span className="money">
      {amount(value)} <small>{unit}</small>
    </span>
  );
}
