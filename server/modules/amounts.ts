export const rateText = (rate: number) => (rate / 10000).toFixed(4);

export { centsToShortDecimal as limitText } from "#contract/format";
