import { BOOKING_WINDOW_NAMES, BOOKING_WINDOWS, type BookingWindowName } from '@meramot/shared';
import type { InputHTMLAttributes, Ref } from 'react';
import { localDigits, type TFunction } from '@/lib/i18n';

/** A radio's own props: a react-hook-form registration, or `name`, `checked` and `onChange`. */
export type WindowRadioProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'disabled'> & {
  ref?: Ref<HTMLInputElement>;
};

interface Props {
  /** The prefix of the ids of the notes under the choices (`${id}-none`, `${id}-error`). */
  id: string;
  /** `t` of the namespace holding `windows.*` (the window names). */
  t: TFunction;
  legend: string;
  /** The windows that can be chosen on the day, with their hours; the others show the default hours, disabled. */
  offered: ReadonlyMap<BookingWindowName, { from: string; to: string }>;
  /** Said under the choices when the day has no window left. */
  none?: string | null;
  /** The group's error, announced under it. */
  error?: string | null;
  radio(name: BookingWindowName): WindowRadioProps;
  /**
   * 'row': three side by side, also on a phone (the booking dialog keeps Confirm near; below `sm`
   * each radio sits above its name and hours, which a third of a 360 px dialog cannot hold beside
   * it); 'stack': one under the other below `sm` (a 360 px card has no room for three).
   */
  layout: 'row' | 'stack';
  fieldsetRef?: Ref<HTMLFieldSetElement>;
}

/**
 * The day's time windows (morning, afternoon, evening) as native radios in a fieldset with its
 * legend, each with its hours; a window that cannot be chosen is disabled. Used by the booking
 * dialog and the "Propose another time" form. Native radios on purpose: daisyUI's radio component is
 * left out of the build (index.css), so `radio*` classes size nothing.
 */
export function WindowChoices({ id, t, legend, offered, none, error, radio, layout, fieldsetRef }: Props) {
  const noneId = `${id}-none`;
  const errorId = `${id}-error`;
  const describedBy = [none && noneId, error && errorId].filter(Boolean).join(' ') || undefined;
  const stack = layout === 'stack';
  return (
    <fieldset ref={fieldsetRef} className="flex flex-col gap-2" aria-describedby={describedBy}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className={`grid gap-2 ${stack ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-3'}`}>
        {BOOKING_WINDOW_NAMES.map((name) => {
          const available = offered.has(name);
          const { from, to } = offered.get(name) ?? BOOKING_WINDOWS[name];
          return (
            <label
              key={name}
              className={`flex min-w-0 rounded-box border border-base-300 bg-base-100 p-2 ${
                stack ? 'items-start gap-2' : 'flex-col gap-1 sm:flex-row sm:items-start sm:gap-2'
              } ${available ? 'cursor-pointer has-[:checked]:border-primary' : 'opacity-60'}`}
            >
              <input
                type="radio"
                className="radio mt-0.5 radio-sm radio-primary"
                value={name}
                disabled={!available}
                aria-invalid={!!error}
                {...radio(name)}
              />
              <span
                className={`flex min-w-0 text-sm leading-tight ${stack ? 'flex-wrap gap-x-2 sm:flex-col' : 'flex-col'}`}
              >
                <span className="font-medium">{t(`windows.${name}`)}</span>{' '}
                <span className="text-xs whitespace-nowrap text-base-content/80">{localDigits(`${from}–${to}`)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {none && (
        <p id={noneId} className="text-sm text-base-content/80">
          {none}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
