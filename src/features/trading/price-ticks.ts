/**
 * Round prices inside a range, about `count` intervals apart: the price axis labels them and draws a grid line
 * at each. The step is 1, 2, 3 or 5 times a power of ten (1.09900, 1.09950, … on a forex pair; 86 500,
 * 87 000, … on bitcoin). The range's own ends are not round and are left out.
 */
export function priceTicks(min: number, max: number, count = 5): number[] {
  const span = max - min;
  if (!(span > 0) || !Number.isFinite(span)) return [];
  const exponent = Math.floor(Math.log10(span / count));
  const power = 10 ** exponent;
  const fraction = span / count / power;
  const step = (fraction < 1.5 ? 1 : fraction < 2.5 ? 2 : fraction < 4 ? 3 : fraction < 7 ? 5 : 10) * power;
  // whole multiples of the step, printed back through toFixed: 0.1 + 0.2 must not come out as 0.30000000000000004
  const decimals = Math.max(0, -exponent);
  const ticks: number[] = [];
  for (let n = Math.ceil(min / step); n * step <= max; n++) {
    const tick = Number((n * step).toFixed(decimals));
    if (tick > min && tick < max) ticks.push(tick);
  }
  return ticks;
}
