import type { ReactNode } from 'react';

const TONES = { green: '#1a7f37', grey: '#5a5a5a', blue: '#0b5cad', orange: '#8a4b00', red: '#b02020' } as const;
export type Tone = keyof typeof TONES;

/** A small status label whose colours keep a 4.5:1 contrast. */
export function StatusLabel({
  tone,
  children,
  ...rest
}: {
  tone: Tone;
  children: ReactNode;
  [data: `data-${string}`]: string;
}) {
  return (
    <span className="ui small label" style={{ background: TONES[tone], color: '#fff' }} {...rest}>
      {children}
    </span>
  );
}
