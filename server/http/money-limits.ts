/** Rate limits of the customer's money actions; the fund-password ones also count wrong passwords. */
export function moneyLimits(scale: number) {
  const money = { perMinute: 30 * scale };
  return { money, withFundPassword: { ...money, fundPassword: (input: { payPassword: string }) => input.payPassword } };
}
