/**
 * The shop's signals (requirements#sounds "Sounds"), made with the Web Audio API so there is nothing
 * to download: on the staff board one for a new order with food and one for a drinks-only order;
 * on the guest's order page the order-ready signal, repeated 5 times 2 s apart. Browsers allow
 * sound only after a user gesture: until then `play()` stays silent and says so.
 */

/** The part of AudioContext the chime uses (a fake one in tests). */
export interface ChimeAudioContext {
  readonly state: AudioContextState;
  readonly currentTime: number;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  createOscillator(): Pick<OscillatorNode, 'frequency' | 'type' | 'connect' | 'start' | 'stop'>;
  createGain(): Pick<GainNode, 'gain' | 'connect'>;
}

/** The tones of each signal in Hz, 150 ms each: audible in a loud kitchen, not alarming. */
export const CHIME_PATTERNS = {
  /** A new order with food (the spec's takeawayOrder sound). */
  order: [880, 1320],
  /** A new drinks-only order (the spec's takeawayDrinks sound). */
  drinks: [1320, 1320, 1320],
  /** The guest's order is ready. */
  ready: [660, 880, 1100],
  /** A waiter call on the board (docs/requirements.md#sounds). */
  call: [988, 740, 988, 740],
  /** A table said "Wir sind fertig" (docs/requirements.md#sounds). */
  tableDone: [523, 659, 523],
} as const satisfies Record<string, readonly number[]>;
export type ChimePattern = keyof typeof CHIME_PATTERNS;
export const CHIME_TONE_SECONDS = 0.15;

export interface Chime {
  /** Call from a user gesture (tap, key): lets the page play sound from then on; resolves whether it may. */
  unlock(): Promise<boolean>;
  /**
   * Whether the browser blocks sound now (autoplay policy: an audio context made without a user
   * gesture starts suspended). Creates the context to find out; false without Web Audio.
   */
  blocked(): boolean;
  /** Plays a signal; false when the browser does not allow sound yet or has no Web Audio. */
  play(pattern: ChimePattern): boolean;
  /** Plays a signal `times` times, `gapMs` apart; returns a function that stops the rest. */
  repeat(pattern: ChimePattern, times: number, gapMs: number): () => void;
  /** Whether sound can be played now. */
  readonly ready: boolean;
}

function browserAudioContext(): ChimeAudioContext | null {
  const Ctor =
    typeof window === 'undefined' ? undefined : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  return Ctor ? new Ctor() : null;
}

export function createChime(makeContext: () => ChimeAudioContext | null = browserAudioContext): Chime {
  let context: ChimeAudioContext | null | undefined;
  const get = () => (context === undefined ? (context = makeContext()) : context);

  const tones = (c: ChimeAudioContext, pattern: ChimePattern) => {
    CHIME_PATTERNS[pattern].forEach((hz, i) => {
      const start = c.currentTime + i * CHIME_TONE_SECONDS;
      const tone = c.createOscillator();
      const volume = c.createGain();
      tone.type = 'sine';
      tone.frequency.setValueAtTime(hz, start);
      volume.gain.setValueAtTime(0.0001, start);
      volume.gain.exponentialRampToValueAtTime(0.4, start + 0.02);
      volume.gain.exponentialRampToValueAtTime(0.0001, start + CHIME_TONE_SECONDS);
      tone.connect(volume as unknown as AudioNode);
      volume.connect(c.destination);
      tone.start(start);
      tone.stop(start + CHIME_TONE_SECONDS);
    });
  };

  const chime: Chime = {
    async unlock() {
      const c = get();
      if (!c) return false;
      if (c.state === 'suspended') await c.resume().catch(() => undefined);
      return c.state === 'running';
    },
    blocked() {
      const c = get();
      return c !== null && c.state !== 'running';
    },
    play(pattern) {
      const c = get();
      if (!c || c.state !== 'running') return false;
      tones(c, pattern);
      return true;
    },
    repeat(pattern, times, gapMs) {
      const timers: ReturnType<typeof setTimeout>[] = [];
      for (let i = 0; i < times; i += 1) timers.push(setTimeout(() => chime.play(pattern), i * gapMs));
      return () => timers.forEach(clearTimeout);
    },
    get ready() {
      return context?.state === 'running';
    },
  };
  return chime;
}
