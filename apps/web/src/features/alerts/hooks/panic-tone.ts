/** Two-tone beeps (Hz) and their length (s): short, unmistakable, and generated (nothing to download). */
const NOTES = [960, 720, 960, 720, 960, 720] as const;
const NOTE_SECONDS = 0.18;
const GAP_SECONDS = 0.04;
const VOLUME = 0.18;
const RESUME_WAIT_MS = 300;

let context: AudioContext | null = null;

/**
 * Plays the panic tone through WebAudio. Browsers only let a page make sound after the user has
 * interacted with it; when they refuse, the tone is skipped quietly (the red banner still shows).
 */
export async function playPanicTone(): Promise<void> {
  try {
    const Ctor = window.AudioContext;
    if (!Ctor) return;
    context ??= new Ctor();
    if (context.state === 'suspended') {
      // Without a user gesture the resume may never settle; do not play a stale tone later.
      await Promise.race([context.resume(), new Promise((r) => setTimeout(r, RESUME_WAIT_MS))]);
    }
    if (context.state !== 'running') return;
    const start = context.currentTime + 0.02;
    NOTES.forEach((frequency, i) => {
      if (!context) return;
      const at = start + i * (NOTE_SECONDS + GAP_SECONDS);
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'square';
      osc.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(VOLUME, at + 0.01);
      gain.gain.setValueAtTime(VOLUME, at + NOTE_SECONDS - 0.02);
      gain.gain.linearRampToValueAtTime(0, at + NOTE_SECONDS);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + NOTE_SECONDS);
    });
  } catch {
    // Autoplay refused or no audio device: the banner is the alert.
  }
}
