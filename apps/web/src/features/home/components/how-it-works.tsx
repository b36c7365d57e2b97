import { CalendarCheck, ClipboardList, Scale, Search, Star } from 'lucide-react';
import { useTranslation } from '@/lib/i18n';
import { HomeSection } from './home-section';

const STEP_ICONS = [Search, Scale, CalendarCheck, ClipboardList, Star];

/** Five steps from search to review. `id` is the target of the hero's third slide. */
export function HowItWorks() {
  const { t } = useTranslation('home');
  return (
    <HomeSection
      id="how-it-works"
      headingId="home-how-heading"
      title={t('how.heading')}
      intro={t('how.intro')}
      band
      className="scroll-mt-20"
    >
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        {STEP_ICONS.map((Icon, i) => (
          <li key={i} className="card bg-base-100 shadow-sm">
            <div className="card-body grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-1 p-5 sm:flex sm:flex-col sm:items-center sm:gap-2 sm:text-center">
              <span className="row-span-3 flex size-12 items-center justify-center rounded-full bg-primary text-primary-content sm:size-14">
                <Icon className="size-6" aria-hidden="true" />
              </span>
              <span className="text-xs font-semibold tracking-wide text-base-content/75 uppercase">
                {t('how.stepLabel', { n: i + 1 })}
              </span>
              <h3 className="text-lg font-bold">{t(`how.steps.${i}.title`)}</h3>
              <p className="text-sm text-base-content/80">{t(`how.steps.${i}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}
