import {
  JOB_MINUTES_MAX,
  minutesOf,
  SHOP_ADDRESS_MAX,
  WORK_LOCATIONS,
  type Service,
  type WeeklyHours,
  type WorkLocation,
} from '@meramot/shared';
import { toLatinDigits } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';

/**
 * The week as Bangladesh lays it out: Saturday first (Bangladeshi calendars print শনিবার first, and
 * shops open Saturday to Thursday), so Friday, the usual day off, ends the list. Days are numbered as
 * the API numbers them: 0 Sunday … 6 Saturday.
 */
export const WEEK_ORDER = [6, 0, 1, 2, 3, 4, 5] as const;
const DEFAULT_FROM = '09:00';
const DEFAULT_TO = '21:00';
const JOB_MINUTES_MIN = 15;

export interface DayDraft {
  day: number;
  on: boolean;
  from: string;
  to: string;
}

/** The "When you work" fieldset as the provider fills it. */
export interface TermsDraft {
  days: DayDraft[];
  hours: string;
  minutes: string;
  workLocation: WorkLocation;
  shopAddress: string;
}

/** What a create or an update sends of the booking terms. */
export interface TermsBody {
  weeklyHours: WeeklyHours;
  jobMinutes: number | null;
  workLocation: WorkLocation;
  shopAddress: string | null;
}

/** An error of the fieldset: the message key (and values) and the id of the control to focus. */
export interface TermsProblem {
  key: string;
  values?: Record<string, string | number>;
  focus: string;
}
export type TermsProblems = Partial<Record<'days' | `day${number}` | 'duration' | 'shopAddress', TermsProblem>>;

/**
 * Starting values: the service's terms when editing (hours it never set read as the default), else
 * every day 09:00–21:00, either place, no duration and no address.
 */
export function initialTerms(service?: Service): TermsDraft {
  const terms = service?.bookingTerms;
  const hours = terms && !terms.defaultHours ? terms.weeklyHours : null;
  const minutes = terms?.jobMinutes ?? null;
  return {
    days: WEEK_ORDER.map((day) => {
      const set = hours?.find((d) => d.day === day);
      if (!hours) return { day, on: true, from: DEFAULT_FROM, to: DEFAULT_TO };
      return set
        ? { day, on: true, from: set.from, to: set.to }
        : { day, on: false, from: DEFAULT_FROM, to: DEFAULT_TO };
    }),
    hours: minutes ? String(Math.floor(minutes / 60) || '') : '',
    minutes: minutes ? String(minutes % 60 || '') : '',
    workLocation: terms?.workLocation ?? 'either',
    shopAddress: terms?.shopAddress ?? '',
  };
}

const HHMM = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const WHOLE = /^\d{1,5}$/;

/** The job's length in minutes: null when both boxes are empty, NaN when it cannot be read. */
function jobMinutesOf(draft: TermsDraft): number | null {
  const hours = toLatinDigits(draft.hours).trim();
  const minutes = toLatinDigits(draft.minutes).trim();
  if (!hours && !minutes) return null;
  if ((hours && !WHOLE.test(hours)) || (minutes && !WHOLE.test(minutes))) return Number.NaN;
  return Number(hours || 0) * 60 + Number(minutes || 0);
}

export const dayId = (day: number, part: 'on' | 'from' | 'to') => `hours-${day}-${part}`;

/** The fieldset's errors, in the order of the form (the first is focused). */
export function termsProblems(draft: TermsDraft): TermsProblems {
  const problems: TermsProblems = {};
  const open = draft.days.filter((d) => d.on);
  if (!open.length) problems.days = { key: 'terms.noDays', focus: dayId(draft.days[0]!.day, 'on') };
  for (const d of open) {
    if (!HHMM.test(d.from) || !HHMM.test(d.to))
      problems[`day${d.day}`] = { key: 'terms.timeMissing', focus: dayId(d.day, HHMM.test(d.from) ? 'to' : 'from') };
    else if (minutesOf(d.from) >= minutesOf(d.to))
      problems[`day${d.day}`] = { key: 'terms.toBeforeFrom', focus: dayId(d.day, 'to') };
  }
  const minutes = jobMinutesOf(draft);
  if (minutes !== null && !(minutes >= JOB_MINUTES_MIN && minutes <= JOB_MINUTES_MAX))
    problems.duration = {
      key: 'terms.durationInvalid',
      values: { min: JOB_MINUTES_MIN, days: JOB_MINUTES_MAX / 1440 },
      focus: 'job-hours',
    };
  if (draft.workLocation !== 'customer' && draft.shopAddress.trim().length > SHOP_ADDRESS_MAX)
    problems.shopAddress = {
      key: 'terms.shopAddressTooLong',
      values: { max: SHOP_ADDRESS_MAX },
      focus: 'shop-address',
    };
  return problems;
}

/** The body's terms (days 0 Sunday … 6 Saturday, in that order); call after `termsProblems` found none. */
export function termsBody(draft: TermsDraft): TermsBody {
  return {
    weeklyHours: draft.days
      .filter((d) => d.on)
      .map(({ day, from, to }) => ({ day, from, to }))
      .sort((a, b) => a.day - b.day),
    jobMinutes: jobMinutesOf(draft),
    workLocation: draft.workLocation,
    shopAddress: draft.workLocation === 'customer' ? null : draft.shopAddress.trim() || null,
  };
}

interface Props {
  draft: TermsDraft;
  problems: TermsProblems;
  onChange(next: TermsDraft): void;
}

function Problem({ id, problem }: { id: string; problem?: TermsProblem }) {
  const { t } = useTranslation('provider');
  if (!problem) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700 dark:text-red-300">
      {t(problem.key, problem.values)}
    </p>
  );
}

/**
 * "When you work" on the Add / Edit service form: the weekly hours (a checkbox, from and to per
 * day, in Asia/Dhaka), how long the job usually takes (optional, hours and minutes), where the work
 * happens and the shop's address (for work at the shop).
 */
export function BookingTermsFields({ draft, problems, onChange }: Props) {
  const { t } = useTranslation('provider');
  const setDay = (day: number, change: Partial<DayDraft>) =>
    onChange({ ...draft, days: draft.days.map((d) => (d.day === day ? { ...d, ...change } : d)) });
  const atShop = draft.workLocation !== 'customer';
  return (
    <fieldset className="flex flex-col gap-4 rounded-box border border-base-300 p-3 sm:p-4">
      <legend className="px-1 text-base font-semibold">{t('terms.legend')}</legend>
      <fieldset
        className="flex flex-col gap-2"
        aria-describedby={problems.days ? 'hours-hint hours-days-error' : 'hours-hint'}
      >
        <legend className="mb-1 text-sm font-medium">{t('terms.days')}</legend>
        <p id="hours-hint" className="text-xs text-base-content/80">
          {t('terms.hoursHint')}
        </p>
        <ul className="flex flex-col gap-2">
          {draft.days.map((d) => {
            const name = t(`terms.dayNames.${d.day}`);
            const problem = problems[`day${d.day}`];
            const errorId = `hours-${d.day}-error`;
            const time = (part: 'from' | 'to') => (
              <div className="flex min-w-[7.5rem] flex-1 flex-col gap-0.5">
                <label htmlFor={dayId(d.day, part)} className="text-xs text-base-content/80">
                  <span className="sr-only">{name} </span>
                  {t(`terms.${part}`)}
                </label>
                <input
                  id={dayId(d.day, part)}
                  type="time"
                  step={900}
                  className={`input input-sm w-full ${problem?.focus === dayId(d.day, part) ? 'input-error' : ''}`}
                  value={d[part]}
                  disabled={!d.on}
                  aria-invalid={problem?.focus === dayId(d.day, part) || undefined}
                  aria-describedby={problem ? errorId : undefined}
                  onChange={(e) => setDay(d.day, { [part]: e.target.value })}
                />
              </div>
            );
            return (
              <li key={d.day} className="flex flex-wrap items-end gap-x-3 gap-y-1">
                <label className="flex w-full cursor-pointer items-center gap-2 pb-1.5 text-sm sm:w-36">
                  <input
                    id={dayId(d.day, 'on')}
                    type="checkbox"
                    className="checkbox checkbox-sm checkbox-primary"
                    checked={d.on}
                    aria-invalid={!!problems.days || undefined}
                    onChange={(e) => setDay(d.day, { on: e.target.checked })}
                  />
                  {name}
                </label>
                {time('from')}
                {time('to')}
                {problem && (
                  <div className="w-full">
                    <Problem id={errorId} problem={{ ...problem, values: { day: name } }} />
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        <Problem id="hours-days-error" problem={problems.days} />
      </fieldset>

      <fieldset className="flex flex-col gap-1" aria-describedby={problems.duration ? 'job-error' : 'job-hint'}>
        <legend className="mb-1 text-sm font-medium">
          {t('terms.duration')} <span className="font-normal text-base-content/70">{t('form.optional')}</span>
        </legend>
        <div className="flex flex-wrap gap-3">
          {(['hours', 'minutes'] as const).map((part) => (
            <div key={part} className="flex w-28 flex-col gap-0.5">
              <label htmlFor={`job-${part}`} className="text-xs text-base-content/80">
                {t(`terms.${part}`)}
              </label>
              <input
                id={`job-${part}`}
                type="text"
                inputMode="numeric"
                className={`input input-sm w-full ${problems.duration ? 'input-error' : ''}`}
                value={draft[part]}
                aria-invalid={!!problems.duration || undefined}
                onChange={(e) => onChange({ ...draft, [part]: e.target.value })}
              />
            </div>
          ))}
        </div>
        <p id="job-hint" className="text-xs text-base-content/80">
          {t('terms.durationHint')}
        </p>
        <Problem id="job-error" problem={problems.duration} />
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium">{t('terms.where')}</legend>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6">
          {WORK_LOCATIONS.map((place) => (
            <label key={place} className="flex cursor-pointer items-center gap-2 text-sm">
              <input
                type="radio"
                name="workLocation"
                className="radio radio-sm radio-primary"
                value={place}
                checked={draft.workLocation === place}
                onChange={() => onChange({ ...draft, workLocation: place })}
              />
              {t(`terms.places.${place}`)}
            </label>
          ))}
        </div>
      </fieldset>

      {atShop && (
        <div className="flex flex-col gap-1">
          <label htmlFor="shop-address" className="text-sm font-medium">
            {t('terms.shopAddress')} <span className="font-normal text-base-content/70">{t('form.optional')}</span>
          </label>
          <textarea
            id="shop-address"
            className={`textarea w-full ${problems.shopAddress ? 'textarea-error' : ''}`}
            rows={2}
            maxLength={SHOP_ADDRESS_MAX}
            autoComplete="street-address"
            placeholder={t('terms.shopAddressPlaceholder')}
            value={draft.shopAddress}
            aria-invalid={!!problems.shopAddress || undefined}
            aria-describedby={['shop-address-hint', problems.shopAddress && 'shop-address-error']
              .filter(Boolean)
              .join(' ')}
            onChange={(e) => onChange({ ...draft, shopAddress: e.target.value })}
          />
          <p id="shop-address-hint" className="text-xs text-base-content/80">
            {t('terms.shopAddressHint', { count: draft.shopAddress.length, max: SHOP_ADDRESS_MAX })}
          </p>
          <Problem id="shop-address-error" problem={problems.shopAddress} />
        </div>
      )}
    </fieldset>
  );
}
