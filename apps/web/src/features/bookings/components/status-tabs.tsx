import { useRef, type KeyboardEvent } from 'react';
import { formatCount } from '@/lib/format';

export interface TabItem<K extends string> {
  key: K;
  label: string;
  count: number;
}

interface Props<K extends string> {
  id: string;
  label: string;
  tabs: TabItem<K>[];
  active: K;
  onChange(key: K): void;
}

/**
 * An accessible tab list (WAI-ARIA tabs: arrow keys, Home and End move between tabs) with a count
 * on each tab. The panel is labelled by `${id}-tab-${key}` and has the id `${id}-panel`.
 */
export function StatusTabs<K extends string>({ id, label, tabs, active, onChange }: Props<K>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : -1;
    const target = tabs[next];
    if (!target) return;
    e.preventDefault();
    onChange(target.key);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className="tabs tabs-box flex-wrap">
      {tabs.map((tab, i) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${id}-panel`}
            tabIndex={selected ? 0 : -1}
            className={`tab shrink-0 gap-2 whitespace-nowrap ${selected ? 'tab-active' : 'text-base-content/80'}`}
            onClick={() => onChange(tab.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}{' '}
            <span className={`badge badge-sm ${selected ? 'badge-primary' : 'badge-neutral'}`}>
              {formatCount(tab.count)}
            </span>
          </button>
        );
      })}
    </div>
  );
}
