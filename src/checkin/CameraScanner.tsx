import { useEffect, useRef, useState } from 'react';
import { Button } from '../ui/Button';
import * as styles from './ScannerScreen.css';

type Props = { onCode: (code: string) => void; paused: boolean };

/**
 * The camera view. `qr-scanner` decodes in a web worker that is part of our own bundle (loaded from
 * this origin, cached by the service worker for offline use), or with the browser's BarcodeDetector
 * where one exists. The camera starts only when staff ask, since browsers prompt for permission.
 */
export function CameraScanner({ onCode, paused }: Props) {
  const video = useRef<HTMLVideoElement>(null);
  const scanner = useRef<{ stop: () => void; start: () => Promise<void>; destroy: () => void } | null>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on' | 'unavailable'>('off');
  const [problem, setProblem] = useState<string | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  const last = useRef<{ code: string; at: number } | null>(null);

  useEffect(() => () => scanner.current?.destroy(), []);

  useEffect(() => {
    if (state !== 'on') return;
    if (paused) scanner.current?.stop();
    else void scanner.current?.start();
  }, [paused, state]);

  async function start() {
    if (!video.current) return;
    setState('starting');
    setProblem(null);
    try {
      const { default: QrScanner } = await import('qr-scanner');
      if (!(await QrScanner.hasCamera())) {
        setState('unavailable');
        setProblem('No camera found. Type the code or use a USB/Bluetooth scanner below.');
        return;
      }
      const instance = new QrScanner(
        video.current,
        (result) => {
          // The same QR stays in view for a while: one scan per code every few seconds.
          const now = Date.now();
          if (last.current && last.current.code === result.data && now - last.current.at < 4000) return;
          last.current = { code: result.data, at: now };
          onCodeRef.current(result.data);
        },
        { preferredCamera: 'environment', maxScansPerSecond: 8, returnDetailedScanResult: true },
      );
      scanner.current = instance;
      await instance.start();
      setState('on');
    } catch (error) {
      setState('unavailable');
      setProblem(
        error instanceof Error && /denied|permission|NotAllowed/i.test(`${error.name} ${error.message}`)
          ? 'Camera permission was refused. Allow it in the browser settings, or type the code below.'
          : 'The camera could not start. Type the code or use a USB/Bluetooth scanner below.',
      );
    }
  }

  function stop() {
    scanner.current?.destroy();
    scanner.current = null;
    setState('off');
  }

  return (
    <section className={styles.camera} aria-label="Camera">
      <video ref={video} className={styles.video} data-on={state === 'on'} muted playsInline />
      {state !== 'on' && (
        <div className={styles.cameraIdle}>
          {problem ? (
            <p className={styles.cameraProblem}>{problem}</p>
          ) : (
            <p>Point the camera at the ticket's QR code.</p>
          )}
          {state !== 'unavailable' && (
            <Button onClick={start} busy={state === 'starting'}>
              Start camera
            </Button>
          )}
        </div>
      )}
      {state === 'on' && (
        <Button tone="ghost" size="sm" className={styles.cameraStop} onClick={stop}>
          Stop camera
        </Button>
      )}
    </section>
  );
}
