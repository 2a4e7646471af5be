/**
 * A canvas whose 2D context records the calls made on it, and each property set as ["set:name", value] in the
 * same list (the fill colour a rectangle was drawn in is the last "set:fillStyle" before it).
 */
export function recordingCanvas(width: number, height: number) {
  const calls: Array<[string, ...unknown[]]> = [];
  const context = new Proxy({} as Record<string, unknown>, {
    get: (target, name: string) =>
      name in target
        ? target[name]
        : name === "measureText"
          ? (text: string) => ({ width: text.length * 7 })
          : (...args: unknown[]) => void calls.push([name, ...args]),
    set: (target, name: string, value) => (calls.push([`set:${name}`, value]), (target[name] = value), true),
  });
  const canvas = {
    clientWidth: width,
    clientHeight: height,
    width: 0,
    height: 0,
    getContext: () => context,
  } as unknown as HTMLCanvasElement;
  return { canvas, calls };
}
