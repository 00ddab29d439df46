import type { CheckinResult } from '../../contract/checkin';

/**
 * Sound and vibration on each result, where the device allows: one high beep for "let them in",
 * two low ones for anything else, so staff can keep their eyes on the queue. Browsers only play
 * audio after a user gesture, which the first scan (a tap or a key) is.
 */
let audio: AudioContext | null = null;

function beep(frequency: number, startsIn: number, seconds: number) {
  if (!audio) return;
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = frequency;
  gain.gain.value = 0.15;
  osc.connect(gain).connect(audio.destination);
  const t = audio.currentTime + startsIn;
  osc.start(t);
  osc.stop(t + seconds);
}

export function announce(result: CheckinResult) {
  const ok = result === 'checked_in';
  try {
    audio ??= new AudioContext();
    if (ok) beep(880, 0, 0.15);
    else {
      beep(220, 0, 0.18);
      beep(220, 0.25, 0.18);
    }
  } catch {
    // No audio here (or not allowed yet): the screen still says it all.
  }
  if ('vibrate' in navigator) navigator.vibrate(ok ? 80 : [120, 80, 120]);
}
