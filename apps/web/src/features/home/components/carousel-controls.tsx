import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react';

interface Props {
  count: number;
  index: number;
  playing: boolean;
  labels: { previous: string; next: string; pause: string; play: string; goTo(n: number): string };
  onPrev(): void;
  onNext(): void;
  onGoTo(i: number): void;
  onTogglePlaying(): void;
}

/** Pause/play, previous, one dot per slide and next: the controls of a rotating carousel. */
export function CarouselControls({ count, index, playing, labels, onPrev, onNext, onGoTo, onTogglePlaying }: Props) {
  const icon = 'size-4';
  return (
    <div className="flex items-center justify-center gap-2">
      <button
        type="button"
        className="btn btn-circle btn-sm btn-ghost"
        onClick={onTogglePlaying}
        aria-label={playing ? labels.pause : labels.play}
      >
        {playing ? <Pause className={icon} aria-hidden="true" /> : <Play className={icon} aria-hidden="true" />}
      </button>
      <button type="button" className="btn btn-circle btn-sm btn-ghost" onClick={onPrev} aria-label={labels.previous}>
        <ChevronLeft className={icon} aria-hidden="true" />
      </button>
      <div className="flex items-center">
        {Array.from({ length: count }, (_, i) => (
          <button
            key={i}
            type="button"
            className="group flex size-8 items-center justify-center rounded-full"
            onClick={() => onGoTo(i)}
            aria-label={labels.goTo(i + 1)}
            aria-current={i === index ? 'true' : undefined}
          >
            <span
              className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${
                i === index ? 'w-6 bg-primary' : 'w-2.5 bg-base-content/50 group-hover:bg-base-content/80'
              }`}
              aria-hidden="true"
            />
          </button>
        ))}
      </div>
      <button type="button" className="btn btn-circle btn-sm btn-ghost" onClick={onNext} aria-label={labels.next}>
        <ChevronRight className={icon} aria-hidden="true" />
      </button>
    </div>
  );
}
