import type { OrderResult } from "#contract/trading";

/**
 * The short tone and the buzz when an order's result appears (the card over any screen, the bubble on the chart).
 * The tone is made with WebAudio, not a sound file: nothing to download or precache, and it plays offline. On for
 * everyone until turned off under Mine; a device setting, like the other display choices.
 */
const KEY = "result-sound";

export function readResultSound(): boolean {
  try {
    return localStorage.getItem(KEY) !== "off";
  } catch {
    return true;
  }
}

export function writeResultSound(on: boolean): void {
  try {
    if (on) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, "off");
  } catch {
    // storage refused (private mode): the choice lasts for this visit
  }
}

/** Notes per result, in Hz: a rising pair for a win, one low note for a loss, one middle note for a tie. */
export const CUE_NOTES: Record<OrderResult, number[]> = { win: [660, 880], loss: [220], tie: [440] };
/** Each note's length in seconds; the whole cue stays under a third of a second. */
const NOTE_SECONDS = 0.12;
/** Vibration patterns in ms: two short pulses for a win, one longer for a loss or a tie. */
export const CUE_VIBRATION: Record<OrderResult, number[]> = { win: [40, 60, 40], loss: [120], tie: [60] };

type AudioContextClass = new () => AudioContext;
interface CueDevice {
  AudioContext?: AudioContextClass;
  vibrate?: (pattern: number[]) => boolean;
}

const browserDevice = (): CueDevice => ({
  AudioContext: (globalThis as { AudioContext?: AudioContextClass }).AudioContext,
  vibrate:
    typeof navigator !== "undefined" && typeof navigator.vibrate === "function" ? (pattern) => navigator.vibrate(pattern) : undefined,
});

// one context for the page's life: browsers cap how many a page may open
let shared: AudioContext | null = null;

/** Plays the result's cue and vibrates where the device can, unless the customer turned it off. Never throws. */
export function playResultCue(result: OrderResult, device: CueDevice = browserDevice()): void {
  if (!readResultSound()) return;
  try {
    device.vibrate?.(CUE_VIBRATION[result]);
  } catch {
    // a refused vibration changes nothing else
  }
  if (!device.AudioContext) return;
  try {
    shared ??= new device.AudioContext();
    const context = shared;
    // a context made before any tap starts suspended; the order's tap let this page play sound
    if (context.state === "suspended") void context.resume().catch(() => {});
    const start = context.currentTime + 0.01;
    CUE_NOTES[result].forEach((frequency, i) => {
      const at = start + i * NOTE_SECONDS;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = "sine";
      oscillator.frequency.setValueAtTime(frequency, at);
      // a quick fade in and out: no click at either end
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.15, at + 0.01);
      gain.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + NOTE_SECONDS);
    });
  } catch {
    // no audio output (or the browser refused): the card still shows
  }
}

/** For tests: forget the shared context. */
export function resetResultCue(): void {
  shared = null;
}
