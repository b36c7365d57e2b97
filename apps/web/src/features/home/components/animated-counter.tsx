import { useCountUp } from '../hooks/use-count-up';

/** Counter animation (spec section 9). */
export const COUNTER_DURATION_MS = 2500;

interface Props {
  value: number;
  start: boolean;
  reducedMotion: boolean;
  format(n: number): string;
}

/** Counts up to `value`; screen readers get the final figure only. */
export function AnimatedCounter({ value, start, reducedMotion, format }: Props) {
  const shown = useCountUp(value, start, COUNTER_DURATION_MS, reducedMotion);
  return (
    <>
      <span aria-hidden="true" className="tabular-nums">
        {format(shown)}
      </span>
      <span className="sr-only">{format(value)}</span>
    </>
  );
}
